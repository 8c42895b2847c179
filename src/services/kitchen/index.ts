/**
 * The kitchen's public face in the services layer: what the cashier's order page reads of each line
 * (areas.json: orders uses kitchen).
 */
export { createKitchenApi, type KitchenApi } from './api';
export type { OrderKitchenLine } from './schemas';
