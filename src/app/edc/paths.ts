/** The card machine area's address (core §2 /edc); routes and navigation use it, never a literal. */
export const edcPaths = {
  list: () => '/edc',
} as const;
