/**
 * `npm run sandbox -- clock advance 86400` and friends: talk to a sandbox that is already running
 * (same HOST/PORT environment) through its HTTP controls.
 */
const USAGE = `usage: npm run sandbox -- <command>
  clock                      show the sandbox clock
  clock advance <seconds>    move the clock forward (negative moves back)
  clock reset                back to real time
  reset                      reseed the database and reset the clock
  mail [address]             list delivered mails (newest first)
  trigger                    list the event triggers and their parameters
  trigger <name> [--key value ...]
                             fire one, e.g. trigger qr-payment --amount 150000
  merchant [phoco|colan]     make a throwaway copy of a seeded merchant with its own sign-in`;

/** `--amount 150000 --merchant phoco` → {amount: '150000', merchant: 'phoco'}; a bare `--flag` is 'true'; null when malformed. */
export function parseTriggerArgs(args: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const match = /^--([A-Za-z][\w-]*)(?:=(.*))?$/.exec(arg);
    if (!match) return null;
    // --account-no and --account_no both reach the trigger as account_no.
    const key = match[1]!.replace(/-/g, '_');
    if (match[2] !== undefined) params[key] = match[2];
    else if (args[i + 1] !== undefined && !args[i + 1]!.startsWith('--')) params[key] = args[++i]!;
    else params[key] = 'true';
  }
  return params;
}

export function isCliCommand(args: string[]): boolean {
  return args.length > 0;
}

export const CONTROLS_OFF =
  'The sandbox controls are off (SANDBOX_CONTROLS=off): clock, reset, mail, trigger and merchant need a sandbox started with them on.';

export async function runCli(args: string[], baseUrl: string, options: { controls?: boolean } = {}): Promise<number> {
  if (options.controls === false) {
    console.error(CONTROLS_OFF);
    return 2;
  }
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    // A sandbox started with the controls off has no /sandbox routes at all.
    if (res.status === 404 && text.includes('"NOT_FOUND"') && text.includes('No route')) throw new Error(CONTROLS_OFF);
    if (!res.ok) throw new Error(`${method} ${path} → HTTP ${res.status}: ${text}`);
    return JSON.parse(text) as unknown;
  };
  const [command, sub, value] = args;
  try {
    let result: unknown;
    if (command === 'clock' && sub === undefined) result = await call('GET', '/sandbox/clock');
    else if (command === 'clock' && sub === 'advance' && value !== undefined && Number.isFinite(Number(value))) {
      result = await call('POST', '/sandbox/clock/advance', { seconds: Number(value) });
    } else if (command === 'clock' && sub === 'reset') result = await call('POST', '/sandbox/clock/reset', {});
    else if (command === 'reset') result = await call('POST', '/sandbox/reset', {});
    else if (command === 'mail') {
      result = await call('GET', `/sandbox/mailbox/messages${sub ? `?to=${encodeURIComponent(sub)}` : ''}`);
    } else if (command === 'trigger' && sub === undefined) result = await call('GET', '/sandbox/triggers');
    else if (command === 'trigger' && sub !== undefined && parseTriggerArgs(args.slice(2))) {
      result = await call('POST', `/sandbox/triggers/${encodeURIComponent(sub)}`, parseTriggerArgs(args.slice(2)));
    } else if (command === 'merchant') result = await call('POST', '/sandbox/merchants', sub ? { template: sub } : {});
    else {
      console.error(USAGE);
      return 2;
    }
    console.log(JSON.stringify(result, null, 2));
    return 0;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    console.error(
      cause === 'ECONNREFUSED'
        ? `No sandbox is running at ${baseUrl} (start it with npm run sandbox).`
        : error instanceof Error && error.message === CONTROLS_OFF
          ? CONTROLS_OFF
          : String(error),
    );
    return 1;
  }
}
