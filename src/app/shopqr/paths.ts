/** The ShopQR area's addresses (core §2 ShopQR, route /payment); routes and links use these, never literals. */
export const shopQrPaths = {
  list: () => '/payment',
  add: () => '/payment/add',
  /**
   * Where a bank account is linked and verified (the bank area's page). Spelled here because an
   * area never imports another area, not even its paths.
   */
  bankAccounts: () => '/bank',
} as const;

/** The segments ShopQrRoute mounts under shopQrPaths.list(). */
export const shopQrSegments = { add: 'add' } as const;
