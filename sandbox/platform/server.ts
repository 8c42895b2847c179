import Fastify from 'fastify';
import { loadSigningSecret } from './auth/secret';
import { createTokenService } from './auth/tokens';
import { createClock, type SandboxClock } from './clock';
import type { SandboxContext } from './context';
import { sandboxControls } from './controls';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { isEmpty, seed } from './db/seed';
import { rollTransactionsForward } from './transactions/seed';
import { createFaults, type Faults } from './faults';
import { registerAccessLog } from './http/access-log';
import { registerEnvelope } from './http/envelope';
import { registerSecurityHeaders } from './http/security-headers';
import { resolveOptions, type ResolvedOptions, type SandboxOptions } from './options';
import { createMailbox } from './mail/mailbox';
import { buildPortalConfig } from './portal/portal-config';
import { registerPortalStatic } from './portal/static';
import { attachRealtime, type Realtime } from './realtime';
import { checkoutService } from '../areas/session/pings';
import { portalService } from './services';
import { saleService } from '../areas/notifications/sale-service';

export interface Sandbox {
  /** http://host:port, without a trailing slash. */
  url: string;
  close(): Promise<void>;
  clock: SandboxClock;
  db: Database;
  realtime: Realtime;
  options: ResolvedOptions;
  /** True when this start found an empty database and seeded it. */
  seeded: boolean;
  faults: Faults;
}

/** Starts the stand-in services on one origin; port 0 for tests. */
export async function createSandbox(input: SandboxOptions = {}): Promise<Sandbox> {
  const options = resolveOptions(input);
  const clock = createClock();
  const db = await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl, pgSchema: options.pgSchema });
  try {
    await migrate(db);
    const seeded = await isEmpty(db);
    if (seeded) await seed(db, { volume: options.seedVolume, now: clock.now() });
    else await rollTransactionsForward(db, clock.now());
    const faults = createFaults();
    const tokens = createTokenService({ db, clock, secret: await loadSigningSecret(db), accessTtlSeconds: options.accessTtlSeconds });

    // Logger off: fastify's default request log would carry URLs with tokens and e-mail addresses.
    const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
    let listeningUrl = '';
    const realtime = attachRealtime(app.server, tokens);
    const ctx: SandboxContext = {
      db,
      clock,
      tokens,
      mailbox: createMailbox(db, clock),
      options,
      portalConfig: () => buildPortalConfig({ features: options.features, idleLimitMinutes: options.idleLimitMinutes }),
      publicUrl: () => options.publicUrl ?? listeningUrl,
      realtime,
      faults,
    };

    registerSecurityHeaders(app);
    registerEnvelope(app);
    if (options.accessLog) registerAccessLog(app);
    await app.register(async (scope) => portalService(scope, ctx), { prefix: '/api/portal' });
    await app.register(async (scope) => checkoutService(scope, ctx), { prefix: '/api/checkout' });
    await app.register(async (scope) => saleService(scope, ctx), { prefix: '/api/sale' });
    await app.register(async (scope) => sandboxControls(scope, ctx));
    await app.register(async (scope) => registerPortalStatic(scope, ctx));

    await app.listen({ port: options.port, host: options.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const host = options.host.includes(':') ? `[${options.host}]` : options.host;
    listeningUrl = `http://${host}:${port}`;

    return {
      url: listeningUrl,
      clock,
      db,
      realtime,
      options,
      seeded,
      faults,
      async close() {
        await realtime.close();
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
