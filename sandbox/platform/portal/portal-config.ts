import { appConfigSchema, type AppConfig } from '../../../src/config/schema';

/**
 * The runtime configuration the portal reads from /portal/config.json (docs/architecture.md). Its
 * defaults come from the portal's own schema, so the sandbox cannot drift from what a deployment gets.
 */
export type PortalConfig = AppConfig;
const DEFAULT_CONFIG: PortalConfig = appConfigSchema.parse({});
export const FEATURE_DEFAULTS = DEFAULT_CONFIG.features;
export type FeatureName = keyof typeof FEATURE_DEFAULTS;
export type Features = Record<FeatureName, boolean>;

/**
 * The sandbox differs from a bank deployment only where it must: the inspector is on for demos, and so
 * are e-invoices, whose providers only the sandbox can play here (D212).
 */
export const SANDBOX_FEATURE_DEFAULTS: Features = { ...FEATURE_DEFAULTS, inspector: true, einvoice: true };

export function buildPortalConfig(options: {
  features: Features;
  idleLimitMinutes: number;
  vatRates: PortalConfig['vatRates'];
}): PortalConfig {
  return {
    ...DEFAULT_CONFIG,
    features: options.features,
    // The table the sandbox was started with (SANDBOX_VAT_RATES_FILE or the repository's, D226).
    vatRates: options.vatRates,
    // With the unified login on, the portal's SSO button goes to the sandbox's stand-in provider.
    sso: { ...DEFAULT_CONFIG.sso, loginUrl: options.features.unifiedLogin ? '/sandbox/sso/authorize' : null },
    idleLimitMinutes: options.idleLimitMinutes,
  };
}

/** `unifiedLogin=true,inspector=false` → overrides; unknown names and values are errors, not silence. */
export function parseFeatureOverrides(spec: string | undefined): Partial<Features> {
  const result: Partial<Features> = {};
  if (!spec) return result;
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, raw = 'true'] = part.split('=').map((s) => s.trim());
    if (!name || !(name in FEATURE_DEFAULTS)) {
      throw new Error(`SANDBOX_FEATURES: unknown feature "${name}" (known: ${Object.keys(FEATURE_DEFAULTS).join(', ')})`);
    }
    if (raw !== 'true' && raw !== 'false') throw new Error(`SANDBOX_FEATURES: ${name} must be true or false`);
    result[name as FeatureName] = raw === 'true';
  }
  return result;
}
