/**
 * The shifts area's face for other sandbox areas: reading shifts with their figures (the Z report,
 * D306) and a cash refund's movement out of its store's drawer (the refunds area, D318).
 */
export { shiftsWhere, type ShiftRow } from './model';
export { cashRefundToDrawer } from './drawerRefund';
