import { z } from 'zod';

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

const serviceUrl = z
  .string()
  .max(2048)
  .refine((v) => isSameOriginPath(v) || isAbsoluteUrl(v, WEB), { message: 'must be a /path or an http(s) URL' });

const namespacePath = z.string().regex(/^\/[A-Za-z0-9._~\-/]*$/, { message: 'must be a /path' }).max(200);

const flag = (value: boolean) => z.boolean().default(value);

export const appConfigSchema = z.object({
  services: z
    .object({
      portal: serviceUrl.default('/api/portal'),
      checkout: serviceUrl.default('/api/checkout'),
      sale: serviceUrl.default('/api/sale'),
    })
    .prefault({}),
  realtime: z
    .object({
      // '' = the page's own origin.
      url: z
        .string()
        .max(2048)
        .refine((v) => v === '' || isSameOriginPath(v) || isAbsoluteUrl(v, SOCKET), { message: "must be '', a /path or an http(s)/ws(s) URL" })
        .default(''),
      path: namespacePath.default('/socket.io'),
      saleNamespace: namespacePath.default('/sale'),
      vaNamespace: namespacePath.default('/va'),
    })
    .prefault({}),
  features: z
    .object({
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
    })
    .prefault({}),
  sso: z
    .object({
      // The identity provider is usually another origin, hence absolute URLs allowed here only.
      loginUrl: z
        .string()
        .max(2048)
        .refine((v) => isSameOriginPath(v) || isAbsoluteUrl(v, WEB), { message: 'must be a /path or an http(s) URL' })
        .nullable()
        .default(null),
      // Navigated to after registration: same origin only, so config cannot become an open redirect.
      registerDoneUrl: z.string().max(2048).refine(isSameOriginPath, { message: 'must be a same-origin /path' }).default('/portal/dashboard'),
    })
    .prefault({}),
  hotlines: z
    .object({
      auth: z.string().regex(/^[0-9+().\- ]{3,30}$/, { message: 'must be a phone number' }).default('1900 555 596'),
      business: z.string().regex(/^[0-9+().\- ]{3,30}$/, { message: 'must be a phone number' }).default('1900 555 597'),
      pos: z.string().regex(/^[0-9+().\- ]{3,30}$/, { message: 'must be a phone number' }).default('1900 555 598'),
    })
    .prefault({}),
  supportEmail: z.email().max(254).default('support@merchant.example.vn'),
  idleLimitMinutes: z.number().int().min(1).max(1440).default(30),
  defaultLanguage: z.enum(['vi', 'en']).default('vi'),
});

export type AppConfig = z.output<typeof appConfigSchema>;
export type FeatureFlag = keyof AppConfig['features'];
