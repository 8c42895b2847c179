/** The e-invoice area's addresses (doc 2 §2); routes and navigation use these, never literals. */
export const einvoicePaths = {
  list: () => '/e-invoice',
  /**
   * D243: the list found on one invoice (its number in the search, its symbol, the day it was
   * issued) with its correction dialog opened once the row is there, for a screen that knows an issued
   * invoice needs correcting (an order cancelled or refunded after its invoice). `day` is YYYY-MM-DD
   * (Vietnam); `serial` as the list writes it ('1C26TMV').
   */
  correct: (invoice: { serial: string; seq: number; day: string }) =>
    `/e-invoice?${new URLSearchParams({
      from: invoice.day,
      to: invoice.day,
      q: String(invoice.seq),
      serial: invoice.serial,
      correct: `${invoice.serial}-${invoice.seq}`,
    }).toString()}`,
  /**
   * D243, from the order: the same, for a screen that knows the invoice by its lookup code
   * only (an order keeps "CQT code::lookup code::number", not its symbol): the days it may carry
   * (`from`, `to`: YYYY-MM-DD), the lookup code searched, its correction opened.
   */
  correctByCode: (invoice: { lookupCode: string; from: string; to: string }) =>
    `/e-invoice?${new URLSearchParams({
      from: invoice.from,
      to: invoice.to,
      q: invoice.lookupCode,
      correct: invoice.lookupCode,
    }).toString()}`,
  setting: () => '/e-inv-setting',
  declaration: () => '/e-inv-declaration',
  template: () => '/e-inv-template',
  onboarding: () => '/e-inv-onboarding',
  /** The SSO consent page (no chrome), opened by the provider's authorize step. */
  consent: () => '/login-merchant-account',
} as const;

/** The consent page as the provider's `return` parameter names it: a path under the portal's base. */
export const SSO_CONSENT_RETURN = `/portal${einvoicePaths.consent()}`;
