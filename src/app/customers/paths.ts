/** The customers area's addresses (doc 2 §2: /sale-customer, /sale-customer/create, /sale-customer/update?id=); routes and links use these. */
export const customerPaths = {
  list: (search = '') => (search ? `/sale-customer?${search}` : '/sale-customer'),
  create: () => '/sale-customer/create',
  update: (id: number) => `/sale-customer/update?id=${encodeURIComponent(String(id))}`,
} as const;

/** The segments CustomersRoute mounts under customerPaths.list(). */
export const customerSegments = { create: 'create', update: 'update' } as const;
