/** The tables area's address (doc 2 §2: /sale-table); the order pages are the orders area's (ordersPaths). */
export const tablePaths = {
  grid: () => '/sale-table',
} as const;
