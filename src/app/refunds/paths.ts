/** The refunds area's address (D305): a paid order's refund page, by its invoice id. */
export const refundsPaths = {
  order: (invoiceId: number) => `/sale-refund/${invoiceId}`,
} as const;
