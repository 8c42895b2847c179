/** The auth area's addresses (core §2 public pages): the one place that spells them. */
export const authPaths = {
  login: () => '/login',
  forgotPassword: () => '/forgot-password',
  resetPassword: () => '/reset-password',
  registerDigistore: () => '/register-digistore-id',
} as const;
