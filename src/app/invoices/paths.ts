/** The invoices area's addresses (doc 2 §2: /sale-invoice, /sale-invoice/create). */
export const invoicePaths = {
  list: (search = '') => (search ? `/sale-invoice?${search}` : '/sale-invoice'),
  create: () => '/sale-invoice/create',
} as const;

export const invoiceSegments = { create: 'create' } as const;
