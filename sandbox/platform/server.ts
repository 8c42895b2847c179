import Fastify from 'fastify';
import { SERVICES } from './area';
import { areaTriggers, loadAreas, registerService } from './areas';
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
import { registerCompression } from './http/compress';
import { registerEnvelope } from './http/envelope';
import { createHostCheck, registerHostCheck } from './http/host-check';
import { clientErrorHandler, frameworkErrors, MAX_PARAM_LENGTH, registerInputHygiene } from './http/hygiene';
import { registerSecurityHeaders } from './http/security-headers';
import { checkStartable, resolveOptions, type ResolvedOptions, type SandboxOptions } from './options';
import { createMailbox } from './mail/mailbox';
import { buildPortalConfig } from './portal/portal-config';
import { registerPortalStatic } from './portal/static';
import { attachRealtime, type Realtime } from './realtime';
import { startInvoiceQueue } from './sale/einvoice-queue';
import { registerSaleOutage } from './sale/outage';

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
  /** Every route registered (method, url pattern): the hostile-input tests walk them all. */
  routes: ReadonlyArray<{ method: string; url: string }>;
}

/** Starts the stand-in services on one origin; port 0 for tests. */
export async function createSandbox(input: SandboxOptions = {}): Promise<Sandbox> {
  const options = resolveOptions(input);
  checkStartable(options);
  const clock = createClock();
  const areas = await loadAreas();
  // Before anything listens: a trigger name given twice is a mistake in the areas, not a runtime state.
  const triggers = areaTriggers(areas);
  const db = await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl, pgSchema: options.pgSchema });
  try {
    await migrate(db, areas);
    const seeded = await isEmpty(db);
    if (seeded) await seed(db, areas, { volume: options.seedVolume, now: clock.now() });
    else await rollTransactionsForward(db, clock.now());
    const faults = createFaults();
    const tokens = createTokenService({ db, clock, secret: await loadSigningSecret(db), accessTtlSeconds: options.accessTtlSeconds });

    // Logger off: fastify's default request log would carry URLs with tokens and e-mail addresses.
    // Hostile input answers in the error envelope, including what fastify and Node refuse themselves.
    const app = Fastify({
      logger: false,
      bodyLimit: 1024 * 1024,
      routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
      frameworkErrors,
      clientErrorHandler,
    });
    let listeningUrl = '';
    let listeningPort = options.port;
    const hostAllowed = createHostCheck({ listening: () => ({ host: options.host, port: listeningPort }), publicUrl: options.publicUrl });
    const realtime = attachRealtime(app.server, { tokens, clock, db, hostAllowed });
    const ctx: SandboxContext = {
      db,
      clock,
      tokens,
      mailbox: createMailbox(db, clock),
      options,
      portalConfig: () =>
        buildPortalConfig({ features: options.features, idleLimitMinutes: options.idleLimitMinutes, vatRates: options.vatRates }),
      publicUrl: () => options.publicUrl ?? listeningUrl,
      realtime,
      faults,
    };

    const routes: Array<{ method: string; url: string }> = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
    });
    registerHostCheck(app, hostAllowed);
    registerSecurityHeaders(app, { publicUrl: () => ctx.publicUrl(), realtimeUrl: () => ctx.portalConfig().realtime.url });
    registerEnvelope(app);
    registerInputHygiene(app);
    registerCompression(app);
    if (options.accessLog) registerAccessLog(app);
    for (const service of SERVICES) {
      await app.register(
        async (scope) => {
          if (service === 'sale') registerSaleOutage(scope, ctx);
          registerService(scope, ctx, service, areas);
        },
        { prefix: `/api/${service}` },
      );
    }
    // Off (SANDBOX_CONTROLS=off): /sandbox/* is not registered at all and answers 404 like any unknown path.
    if (options.controls) await app.register(async (scope) => sandboxControls(scope, ctx, { areas, triggers }));
    await app.register(async (scope) => registerPortalStatic(scope, ctx));

    await app.listen({ port: options.port, host: options.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    listeningPort = port;
    const host = options.host.includes(':') ? `[${options.host}]` : options.host;
    listeningUrl = `http://${host}:${port}`;
    // D248: the sale service's e-invoice queue; its first round takes what a restart left due.
    const invoiceQueue = startInvoiceQueue(ctx, listeningUrl);

    return {
      url: listeningUrl,
      clock,
      db,
      realtime,
      options,
      seeded,
      faults,
      routes,
      async close() {
        await invoiceQueue.stop();
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
