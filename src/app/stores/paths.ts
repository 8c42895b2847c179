/** The stores area's addresses (core §2 /store, /store/add); routes and navigation use these, never literals. */
export const storePaths = {
  list: (search = '') => (search ? `/store?${search}` : '/store'),
  add: () => '/store/add',
} as const;

/** The segments StoresRoute mounts under storePaths.list(). */
export const storeSegments = { add: 'add' } as const;
