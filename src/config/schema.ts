import { REPO_VAT_RATES_INPUT, vatRateTableSchema } from '../rules/vatRates';
import { z } from './zod-mini';

/**
 * Runtime configuration (docs/architecture.md "Runtime configuration"). Every field has a default;
 * a present field of the wrong type or an unsafe value is an error, not silently replaced: a
 * deployment typo should stop the app with a clear page rather than send users somewhere else.
 */

// Control characters, whitespace, quotes and angle brackets have no place in any of these values.
const PLAIN = /^[^\s\u0000-\u001f\u007f<>"'`\\]*$/;

/** Same-origin absolute path: '/x', never '//host' (protocol-relative) or '/\host'. */
function isSameOriginPath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && PLAIN.test(value);
}

function isAbsoluteUrl(value: string, protocols: readonly string[]): boolean {
  if (!PLAIN.test(value)) return false;
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const WEB = ['http:', 'https:'] as const;
const SOCKET = ['http:', 'https:', 'ws:', 'wss:'] as const;

const serviceUrl = z.string().check(
  z.maxLength(2048),
  z.refine((v) => isSameOriginPath(v) || isAbsoluteUrl(v, WEB), { message: 'must be a /path or an http(s) URL' }),
);

const namespacePath = z.string().check(z.regex(/^\/[A-Za-z0-9._~\-/]*$/, { message: 'must be a /path' }), z.maxLength(200));

const phone = z.string().check(z.regex(/^[0-9+().\- ]{3,30}$/, { message: 'must be a phone number' }));

const flag = (value: boolean) => z._default(z.boolean(), value);

export const appConfigSchema = z.object({
  services: z.prefault(
    z.object({
      portal: z._default(serviceUrl, '/api/portal'),
      checkout: z._default(serviceUrl, '/api/checkout'),
      sale: z._default(serviceUrl, '/api/sale'),
    }),
    {},
  ),
  realtime: z.prefault(
    z.object({
      // '' = the page's own origin.
      url: z._default(
        z.string().check(
          z.maxLength(2048),
          z.refine((v) => v === '' || isSameOriginPath(v) || isAbsoluteUrl(v, SOCKET), {
            message: "must be '', a /path or an http(s)/ws(s) URL",
          }),
        ),
        '',
      ),
      path: z._default(namespacePath, '/socket.io'),
      saleNamespace: z._default(namespacePath, '/sale'),
      vaNamespace: z._default(namespacePath, '/va'),
    }),
    {},
  ),
  features: z.prefault(
    z.object({
      overview: flag(true),
      report: flag(true),
      payment: flag(true),
      payByLink: flag(true),
      edc: flag(true),
      ecom: flag(true),
      feedback: flag(true),
      einvoice: flag(false),
      masterMerchant: flag(false),
      unifiedLogin: flag(false),
      feedbackComingSoon: flag(false),
      screenCustomisation: flag(false),
      saleTokenExchange: flag(false),
      inspector: flag(false),
    }),
    {},
  ),
  // The e-invoice providers' own APIs (doc 2 §7: the portal calls them directly with the provider's
  // token). The defaults are the sandbox's emulators; a deployment points each at the real provider.
  einvoice: z.prefault(
    z.object({
      providers: z.prefault(
        z.object({
          'm-invoice': z._default(serviceUrl, '/api/einvoice/m-invoice'),
          misa: z._default(serviceUrl, '/api/einvoice/misa'),
          fpt: z._default(serviceUrl, '/api/einvoice/fpt'),
          viettel: z._default(serviceUrl, '/api/einvoice/viettel'),
        }),
        {},
      ),
      // The terms PDF the setup shows before anything else (doc 2 §2 /e-inv-setting).
      termsUrl: z._default(serviceUrl, '/portal/einvoice-terms.pdf'),
    }),
    {},
  ),
  sso: z.prefault(
    z.object({
      // The identity provider is usually another origin, hence absolute URLs allowed here only.
      loginUrl: z._default(z.nullable(serviceUrl), null),
      // Navigated to after registration: same origin only, so config cannot become an open redirect.
      registerDoneUrl: z._default(
        z.string().check(z.maxLength(2048), z.refine(isSameOriginPath, { message: 'must be a same-origin /path' })),
        '/portal/dashboard',
      ),
    }),
    {},
  ),
  hotlines: z.prefault(
    z.object({
      auth: z._default(phone, '1900 555 596'),
      business: z._default(phone, '1900 555 597'),
      pos: z._default(phone, '1900 555 598'),
    }),
    {},
  ),
  // VAT of each product tax class by Vietnam calendar day (D226): the repository's table unless the
  // deployment publishes another; checked like the rest (no gap or overlap per class), so a bad table
  // stops the portal with the start-up page instead of pricing an invoice wrongly.
  vatRates: z.prefault(vatRateTableSchema, REPO_VAT_RATES_INPUT),
  supportEmail: z._default(z.email().check(z.maxLength(254)), 'support@merchant.example.vn'),
  idleLimitMinutes: z._default(z.int().check(z.minimum(1), z.maximum(1440)), 30),
  defaultLanguage: z._default(z.enum(['vi', 'en']), 'vi'),
});

export type AppConfig = z.output<typeof appConfigSchema>;
export type FeatureFlag = keyof AppConfig['features'];
