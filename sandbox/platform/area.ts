import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from './context';
import type { Database } from './db/database';
import type { TriggerDefinition } from './triggers/registry';
import manifest from '../../areas.json' with { type: 'json' };

/**
 * The spec's area names (one folder with the same name in every layer), read from the repository's
 * `areas.json`, which also declares which area uses which (the lint boundaries read it too). A folder
 * under sandbox/areas must carry one of them; platform/areas.test.ts checks it.
 */
export type AreaName = keyof typeof manifest.areas;
export const AREA_NAMES = Object.keys(manifest.areas) as readonly AreaName[];

/**
 * The bank's services the sandbox plays, and the e-invoice providers' APIs it emulates (`einvoice`:
 * one prefix per provider under it); each is mounted at /api/<service>.
 */
export const SERVICES = ['portal', 'sale', 'checkout', 'einvoice'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** Adds an area's calls to one service (the scope is already under /api/<service>). */
export type RegisterRoutes = (app: FastifyInstance, ctx: SandboxContext) => void;

/** A merchant just inserted with its stores and staff, handed to each area's seed. */
export interface SeededMerchant {
  id: string;
  /** Alias of the SEED_MERCHANTS entry it was made from ('phoco', 'colan', 'chuoi'); a throwaway copy keeps its template's. */
  template: string;
  /** Row ids of its stores, in SEED_MERCHANTS order. */
  storeIds: number[];
  /** staff_id (NV001…) → row id. */
  staffIds: Map<string, number>;
  /** Sandbox clock at seeding (unix ms). */
  now: number;
}

/**
 * One area's rows for one merchant (bank accounts, ShopQRs, card machines, notifications). Runs for
 * the seeded merchants and for every throwaway copy, so anything unique across merchants (account
 * numbers, virtual accounts, serial numbers) must be derived from `merchant.id`.
 */
export type FeatureSeed = (db: Database, merchant: SeededMerchant) => Promise<void>;

/**
 * What a sandbox area brings, declared in sandbox/areas/<name>/area.ts (default export). The platform
 * finds every such file and derives from them the routes of each service, the per-merchant seeds,
 * the event triggers and the migrations; nothing central lists the areas.
 */
export interface SandboxArea {
  /** Equal to the folder name; one of AREA_NAMES. */
  name: AreaName;
  /**
   * Areas whose tables or seeded rows this one needs first. Decides the order of migrations, seeds,
   * triggers and routes: dependencies first, otherwise by name.
   */
  after?: readonly AreaName[];
  /** Calls per service. */
  routes?: Partial<Record<ServiceName, RegisterRoutes>>;
  /** Rows for each merchant, after the platform inserted it with its stores, staff and users. */
  seed?: FeatureSeed;
  /** Event triggers (GET/POST /sandbox/triggers, `npm run sandbox -- trigger`); names unique across areas. */
  triggers?: readonly TriggerDefinition[];
  /**
   * Folder of this area's migrations (`new URL('./sql/', import.meta.url)`): NNN_name.sql, applied
   * once each in name order after the platform's own, recorded as `<area>/<file>`.
   */
  sql?: URL;
}

/** Identity, for the type check and editor help in area.ts files. */
export function defineArea(area: SandboxArea): SandboxArea {
  return area;
}
