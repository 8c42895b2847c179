/** The e-invoice area's addresses (doc 2 §2); routes and navigation use these, never literals. */
export const einvoicePaths = {
  list: () => '/e-invoice',
  setting: () => '/e-inv-setting',
  declaration: () => '/e-inv-declaration',
  template: () => '/e-inv-template',
  onboarding: () => '/e-inv-onboarding',
  /** The SSO consent page (no chrome), opened by the provider's authorize step. */
  consent: () => '/login-merchant-account',
} as const;

/** The consent page as the provider's `return` parameter names it: a path under the portal's base. */
export const SSO_CONSENT_RETURN = `/portal${einvoicePaths.consent()}`;
