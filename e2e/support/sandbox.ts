import { BASE_URL } from './env';

/**
 * Client for the sandbox's test controls (docs/architecture.md, "Sandbox controls"). Plain fetch so
 * it also works in global setup, outside a test.
 */

export interface MailMessage {
  id: string | number;
  to: string;
  subject: string;
  text: string;
  links: string[];
  sent_at: string | number;
}

export interface ThrowawayUser {
  username: string;
  password: string;
  email: string;
  merchant: string;
  /** Linked to the unified identity already (core §2 /register-digistore-id); false when left out. */
  sso_registered?: boolean;
  /** `Staff` for a staff-type user (D87); the service's default when left out. */
  role?: 'Staff';
}

export interface ThrowawayMerchant {
  merchant_id: string;
  alias: string;
  username: string;
  password: string;
  template: string;
}

/** Seeded merchant for throwaway sign-ins; override with E2E_MERCHANT if the sandbox names it otherwise. */
export const DEFAULT_MERCHANT = process.env.E2E_MERCHANT ?? 'phoco';

let counter = 0;

export class SandboxClient {
  constructor(readonly baseURL: string = BASE_URL) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(this.baseURL + path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) {
      throw new Error(`sandbox ${method} ${path} → HTTP ${res.status}: ${text.slice(0, 500)}`);
    }
    if (!text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      return text as T;
    }
  }

  /** Reseed the database and reset the clock. Only global setup calls this: tests run in parallel. */
  reset(): Promise<unknown> {
    return this.call('POST', '/sandbox/reset', {});
  }

  async now(): Promise<number> {
    const body = await this.call<{ now: number } | { data: { now: number } }>('GET', '/sandbox/clock');
    return 'now' in body ? body.now : body.data.now;
  }

  /** Moves the server's clock (tokens, locks, reset links). Only `*.clock.spec.ts` files may call this (the `clock` project). */
  advanceClock(seconds: number): Promise<unknown> {
    return this.call('POST', '/sandbox/clock/advance', { seconds });
  }

  resetClock(): Promise<unknown> {
    return this.call('POST', '/sandbox/clock/reset', {});
  }

  async messages(to: string): Promise<MailMessage[]> {
    const body = await this.call<MailMessage[] | { data: MailMessage[] }>('GET', `/sandbox/mailbox/messages?to=${encodeURIComponent(to)}`);
    return Array.isArray(body) ? body : body.data;
  }

  /** Waits for a mail to `to` (newest first) that is not among `seenIds`. */
  async waitForMessage(to: string, seenIds: ReadonlyArray<MailMessage['id']> = [], timeoutMs = 10_000): Promise<MailMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const list = await this.messages(to);
      const fresh = list.find((m) => !seenIds.includes(m.id));
      if (fresh) return fresh;
      if (Date.now() > deadline) throw new Error(`sandbox mailbox: no new mail to ${to} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** A sign-in of its own, so a test that locks it or changes its password disturbs nobody else. */
  async createUser(partial: Partial<ThrowawayUser> = {}, tag = 'u'): Promise<ThrowawayUser> {
    counter += 1;
    const unique = `${tag}${process.pid}x${Date.now().toString(36)}x${counter}`.toLowerCase();
    const user: ThrowawayUser = {
      username: partial.username ?? `e2e.${unique}`,
      password: partial.password ?? 'E2e@Pass2026',
      email: partial.email ?? `e2e.${unique}@merchant.example.vn`,
      merchant: partial.merchant ?? DEFAULT_MERCHANT,
      ...(partial.sso_registered === undefined ? {} : { sso_registered: partial.sso_registered }),
      ...(partial.role === undefined ? {} : { role: partial.role }),
    };
    await this.call('POST', '/sandbox/users', user);
    return user;
  }

  /**
   * A throwaway copy of a seeded merchant (stores, staff, bank accounts, ShopQRs, card machines,
   * notifications) with its own owner sign-in: a test that adds, deletes or verifies things works in
   * a world nobody else sees, so tests stay parallel.
   */
  async createMerchant(template: 'phoco' | 'colan' = 'phoco'): Promise<ThrowawayMerchant> {
    return this.call<ThrowawayMerchant>('POST', '/sandbox/merchants', { template });
  }

  /**
   * Arms or disarms a sandbox fault (POST /sandbox/faults). `userInfo` makes GET /user/info fail for
   * one username until disarmed, so parallel tests signing in as others are not touched.
   */
  faults(update: { userInfo?: { username: string; failing: boolean } }): Promise<unknown> {
    return this.call('POST', '/sandbox/faults', update);
  }

  /** Fires a sandbox event trigger (README, "Sandbox event triggers"); answers what it did. */
  async trigger<T = unknown>(name: string, params: Record<string, string | number | boolean> = {}): Promise<T> {
    return this.call<T>('POST', `/sandbox/triggers/${encodeURIComponent(name)}`, params);
  }

  /**
   * Wrong passwords straight at the service (the same call the login screen makes), to put a
   * throwaway user into a given state before the browser arrives. Returns the last answer.
   */
  async wrongPasswords(username: string, times: number): Promise<{ status: number; body: unknown }> {
    let last: { status: number; body: unknown } = { status: 0, body: null };
    for (let i = 0; i < times; i += 1) {
      const res = await fetch(`${this.baseURL}/api/portal/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'Wrong@Pass0' }),
      });
      last = { status: res.status, body: await res.json().catch(() => null) };
    }
    return last;
  }
}

/** The reset link of a mail, as a path on this origin (the mail may carry an absolute address). */
export function resetPathFrom(mail: MailMessage): string {
  const link = mail.links.find((l) => l.includes('reset-password')) ?? mail.links[0];
  if (!link) throw new Error(`mail ${String(mail.id)} to ${mail.to} has no links: ${mail.text.slice(0, 200)}`);
  const url = new URL(link, 'http://placeholder.invalid');
  return url.pathname + url.search;
}

/** Asks for a reset mail straight at the service (what the forgot-password screen sends). */
export async function requestResetMail(sandbox: SandboxClient, email: string): Promise<MailMessage> {
  const before = (await sandbox.messages(email)).map((m) => m.id);
  const res = await fetch(`${sandbox.baseURL}/api/portal/user/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (res.status !== 200) throw new Error(`forgot-password for ${email} → HTTP ${res.status}: ${await res.text()}`);
  return sandbox.waitForMessage(email, before);
}
