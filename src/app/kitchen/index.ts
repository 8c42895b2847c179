/**
 * The kitchen area's public face in the composition layer: the cashier's kitchen code, which the
 * display's pairing page shows beside its own (areas.json: display uses kitchen), and the kitchen's
 * badge per order line for the order page (areas.json: orders uses kitchen).
 */
export { KitchenCodeSection } from './KitchenCodeSection';
export { useOrderKitchenBadge } from './OrderKitchen';
