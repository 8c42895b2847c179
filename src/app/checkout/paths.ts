/** The checkout area's address in the portal (doc 2 §2: /e-com, the checkout widget setup). */
export const checkoutPaths = {
  ecom: () => '/e-com',
} as const;
