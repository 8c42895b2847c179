/** The bank area's addresses (core §2 /bank); routes and navigation use these, never literals. */
export const bankPaths = {
  list: () => '/bank',
  add: () => '/bank/add',
} as const;

/** The segments BankRoute mounts under bankPaths.list(). */
export const bankSegments = { add: 'add' } as const;
