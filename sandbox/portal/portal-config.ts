/** The runtime configuration the portal reads from /portal/config.json (docs/architecture.md). */
export const FEATURE_DEFAULTS = {
  overview: true,
  report: true,
  payment: true,
  payByLink: true,
  edc: true,
  ecom: true,
  feedback: true,
  einvoice: false,
  masterMerchant: false,
  unifiedLogin: false,
  feedbackComingSoon: false,
  screenCustomisation: false,
  saleTokenExchange: false,
  inspector: false,
};
export type FeatureName = keyof typeof FEATURE_DEFAULTS;
export type Features = Record<FeatureName, boolean>;

export interface PortalConfig {
  services: { portal: string; checkout: string; sale: string };
  realtime: { url: string; path: string; saleNamespace: string; vaNamespace: string };
  features: Features;
  sso: { loginUrl: string | null; registerDoneUrl: string };
  hotlines: { auth: string; business: string; pos: string };
  supportEmail: string;
  idleLimitMinutes: number;
  defaultLanguage: 'vi' | 'en';
}

/** The sandbox differs from a bank deployment only where it must: the inspector is on for demos. */
export const SANDBOX_FEATURE_DEFAULTS: Features = { ...FEATURE_DEFAULTS, inspector: true };

export function buildPortalConfig(options: { features: Features; idleLimitMinutes: number }): PortalConfig {
  return {
    services: { portal: '/api/portal', checkout: '/api/checkout', sale: '/api/sale' },
    realtime: { url: '', path: '/socket.io', saleNamespace: '/sale', vaNamespace: '/va' },
    features: options.features,
    // With the unified login on, the portal's SSO button goes to the sandbox's stand-in provider.
    sso: { loginUrl: options.features.unifiedLogin ? '/sandbox/sso/authorize' : null, registerDoneUrl: '/portal/dashboard' },
    hotlines: { auth: '1900 555 596', business: '1900 555 597', pos: '1900 555 598' },
    supportEmail: 'support@merchant.example.vn',
    idleLimitMinutes: options.idleLimitMinutes,
    defaultLanguage: 'vi',
  };
}

/** `unifiedLogin=true,inspector=false` → overrides; unknown names and values are errors, not silence. */
export function parseFeatureOverrides(spec: string | undefined): Partial<Features> {
  const result: Partial<Features> = {};
  if (!spec) return result;
  for (const part of spec.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [name, raw = 'true'] = part.split('=').map((s) => s.trim());
    if (!name || !(name in FEATURE_DEFAULTS)) {
      throw new Error(`SANDBOX_FEATURES: unknown feature "${name}" (known: ${Object.keys(FEATURE_DEFAULTS).join(', ')})`);
    }
    if (raw !== 'true' && raw !== 'false') throw new Error(`SANDBOX_FEATURES: ${name} must be true or false`);
    result[name as FeatureName] = raw === 'true';
  }
  return result;
}
