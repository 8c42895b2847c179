export { createRefundsApi, type RefundsApi } from './api';
export { createRefundsActors, type RefundsActors } from './actors';
export type { Refund, Refundable, RefundableLine, RefundMethod, RefundRequest } from './schemas';
export { refundReceiptData, remainingPaidAfter } from './receipt';
