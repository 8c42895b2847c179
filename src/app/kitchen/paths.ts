/** The kitchen screen's address (beyond the spec, D325). Open to every layer: the cashier's pairing card names it. */
export const kitchenPaths = {
  board: () => '/kitchen',
} as const;
