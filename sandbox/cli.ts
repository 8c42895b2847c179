/**
 * `npm run sandbox -- clock advance 86400` and friends: talk to a sandbox that is already running
 * (same HOST/PORT environment) through its HTTP controls.
 */
const USAGE = `usage: npm run sandbox -- <command>
  clock                      show the sandbox clock
  clock advance <seconds>    move the clock forward (negative moves back)
  clock reset                back to real time
  reset                      reseed the database and reset the clock
  mail [address]             list delivered mails (newest first)`;

export function isCliCommand(args: string[]): boolean {
  return args.length > 0;
}

export async function runCli(args: string[], baseUrl: string): Promise<number> {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
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
    } else {
      console.error(USAGE);
      return 2;
    }
    console.log(JSON.stringify(result, null, 2));
    return 0;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    console.error(cause === 'ECONNREFUSED' ? `No sandbox is running at ${baseUrl} (start it with npm run sandbox).` : String(error));
    return 1;
  }
}
