/** The master merchant's addresses (core §2 Shell, D23); routes and navigation use these, never literals. */
export const merchantPaths = {
  list: () => '/master-merchant',
  add: () => '/master-merchant/new',
} as const;
