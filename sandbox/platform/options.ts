import { resolve } from 'node:path';
import { isLoopbackHost } from './http/host-check';
import type { VatRateTable } from '../../src/rules/vatRates';
import { parseFeatureOverrides, SANDBOX_FEATURE_DEFAULTS, type Features } from './portal/portal-config';
import { loadVatRates } from './portal/vat-rates';

export interface SandboxOptions {
  /** 0 picks a free port (tests). Default 5280. */
  port?: number;
  host?: string;
  /** PGlite folder, or `memory://`. Default `.sandbox-data/db`. */
  dataDir?: string;
  /** Use this PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /** PostgreSQL only: a schema of its own (parallel test files share one server). */
  pgSchema?: string;
  accessTtlSeconds?: number;
  portalDist?: string;
  /** Overrides of the sandbox's feature flags. */
  features?: Partial<Features>;
  idleLimitMinutes?: number;
  /** Origin used in mailed links; default the address the sandbox listens on. Never taken from Host. */
  publicUrl?: string;
  /** One line per request on stdout. Default true. */
  accessLog?: boolean;
  /** Report data: 'full' (default; 200,000+ rows, a 100,000-store merchant) or 'small' (unit tests). */
  seedVolume?: 'full' | 'small';
  /** Pause between dashboard stream chunks, so progressive filling is visible. Default 150. */
  dashboardChunkDelayMs?: number;
  /**
   * The /sandbox/* controls (clock, mailbox, reset, users, merchants, faults, triggers, the stand-in
   * identity provider). Default true; they drive any account without a password, so they only run on
   * a loopback address.
   */
  controls?: boolean;
  /**
   * A card payment sent to a terminal (POST /api/sale/payment/pos) is approved on its own after this
   * many ms. Default: never (a test or a person answers with the `terminal` trigger).
   */
  terminalDelayMs?: number;
  /** A VAT table file to serve instead of the repository's (D226). */
  vatRatesFile?: string;
  /** The VAT table itself (tests); wins over vatRatesFile. */
  vatRates?: VatRateTable;
}

export interface ResolvedOptions {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  pgSchema: string | undefined;
  accessTtlSeconds: number;
  portalDist: string;
  features: Features;
  idleLimitMinutes: number;
  publicUrl: string | undefined;
  accessLog: boolean;
  seedVolume: 'full' | 'small';
  dashboardChunkDelayMs: number;
  controls: boolean;
  terminalDelayMs: number | undefined;
  /** VAT of each product tax class by day, published in config.json (D226). */
  vatRates: VatRateTable;
}

export function resolveOptions(options: SandboxOptions): ResolvedOptions {
  return {
    port: options.port ?? 5280,
    host: options.host ?? '127.0.0.1',
    dataDir: options.dataDir ?? '.sandbox-data/db',
    databaseUrl: options.databaseUrl || undefined,
    pgSchema: options.pgSchema,
    accessTtlSeconds: options.accessTtlSeconds ?? 900,
    portalDist: resolve(options.portalDist ?? 'dist'),
    features: { ...SANDBOX_FEATURE_DEFAULTS, ...options.features },
    idleLimitMinutes: options.idleLimitMinutes ?? 30,
    publicUrl: options.publicUrl?.replace(/\/+$/, ''),
    accessLog: options.accessLog ?? true,
    seedVolume: options.seedVolume ?? 'full',
    dashboardChunkDelayMs: options.dashboardChunkDelayMs ?? 150,
    controls: options.controls ?? true,
    terminalDelayMs: options.terminalDelayMs,
    vatRates: options.vatRates ?? loadVatRates(options.vatRatesFile),
  };
}

/** Settings that must not run together stop the start with a sentence saying what to change. */
export function checkStartable(options: ResolvedOptions): void {
  if (options.controls && !isLoopbackHost(options.host)) {
    throw new Error(
      `HOST=${options.host} is not a loopback address, and the sandbox controls (/sandbox/*: clock, reset, users, ` +
        'sign-in without a password) would be reachable from the network. Listen on 127.0.0.1, or set SANDBOX_CONTROLS=off.',
    );
  }
  if (!options.controls && options.features.unifiedLogin) {
    throw new Error(
      'unifiedLogin needs the stand-in identity provider, which is a sandbox control: drop it from SANDBOX_FEATURES or set SANDBOX_CONTROLS=on.',
    );
  }
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

/** The environment variables documented in sandbox/README.md. */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxOptions {
  return {
    port: positiveNumber(env, 'PORT'),
    host: env.HOST || undefined,
    dataDir: env.SANDBOX_DATA_DIR || undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    accessTtlSeconds: positiveNumber(env, 'SANDBOX_ACCESS_TTL_SECONDS'),
    portalDist: env.PORTAL_DIST || undefined,
    features: parseFeatureOverrides(env.SANDBOX_FEATURES),
    idleLimitMinutes: positiveNumber(env, 'SANDBOX_IDLE_LIMIT_MINUTES'),
    publicUrl: env.SANDBOX_PUBLIC_URL || undefined,
    seedVolume: seedVolumeFromEnv(env.SANDBOX_SEED_VOLUME),
    controls: controlsFromEnv(env.SANDBOX_CONTROLS),
    terminalDelayMs: positiveNumber(env, 'SANDBOX_TERMINAL_DELAY_MS'),
    vatRatesFile: env.SANDBOX_VAT_RATES_FILE || undefined,
  };
}

export function controlsFromEnv(raw: string | undefined): boolean | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  throw new Error(`SANDBOX_CONTROLS must be on or off, got "${raw}"`);
}

function seedVolumeFromEnv(raw: string | undefined): 'full' | 'small' | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'full' || raw === 'small') return raw;
  throw new Error(`SANDBOX_SEED_VOLUME must be full or small, got "${raw}"`);
}
