import { runCli, isCliCommand } from './platform/cli';
import { DEMO_SIGN_INS } from './platform/db/seed-data';
import { optionsFromEnv } from './platform/options';
import { portalBuilt } from './platform/portal/static';
import { createSandbox } from './platform/server';

/** `tsx sandbox/main.ts`: start the sandbox; with arguments, control a running one (see cli.ts). */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const options = optionsFromEnv();
  if (isCliCommand(args)) {
    const host = options.host ?? '127.0.0.1';
    process.exitCode = await runCli(args, `http://${host.includes(':') ? `[${host}]` : host}:${options.port ?? 5280}`, {
      controls: options.controls,
    });
    return;
  }

  const sandbox = await createSandbox(options);
  const o = sandbox.options;
  const storage = o.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${o.dataDir}`;
  const enabled = Object.entries(o.features)
    .filter(([, on]) => on)
    .map(([name]) => name)
    .join(', ');
  const lines = [
    '',
    '  Merchant portal sandbox',
    `  Portal:    ${sandbox.url}/portal/`,
    ...(o.controls
      ? [
          `  Mailbox:   ${sandbox.url}/sandbox/mailbox`,
          `  Clock:     ${sandbox.url}/sandbox/clock   (npm run sandbox -- clock advance 86400)`,
        ]
      : ['  Controls:  off (SANDBOX_CONTROLS=off): no /sandbox/* clock, mailbox, reset, users, triggers']),
    `  Database:  ${storage}${sandbox.seeded ? ' (seeded just now)' : ''}`,
    `  Features:  ${enabled}`,
    '  Demo sign-ins:',
    ...DEMO_SIGN_INS.map((d) => `    ${d.username.padEnd(12)} ${d.password.padEnd(12)} ${d.role.padEnd(9)} ${d.merchant}`),
  ];
  if (!portalBuilt(o.portalDist)) {
    lines.push(
      '',
      `  ! The portal is not built (${o.portalDist} has no index.html): run \`npm run build\`.`,
      '    The APIs are served anyway.',
    );
  }
  console.log(lines.join('\n') + '\n');

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n  ${signal}: stopping the sandbox`);
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('sandbox failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
