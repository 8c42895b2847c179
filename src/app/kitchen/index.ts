/**
 * The kitchen area's public face in the composition layer: the cashier's kitchen screens (a code, the paired ones, unpairing), which the
 * display's pairing page shows beside its own (areas.json: display uses kitchen), and the kitchen's
 * badge per order line for the order page (areas.json: orders uses kitchen).
 */
export { KitchenPairingSection } from './KitchenPairingSection';
export { useOrderKitchenBadge } from './OrderKitchen';
