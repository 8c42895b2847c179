import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Names that always mean this machine (RFC 6761 reserves `localhost`). */
const LOOPBACK_NAMES = new Set(['localhost']);

/** 127.0.0.0/8, ::1, localhost: where the controls may listen. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (LOOPBACK_NAMES.has(bare)) return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || bare === '0:0:0:0:0:0:0:1';
  return false;
}

/** `example.test:5280` → {name, port}; `[::1]:80` → {name: '::1', port: '80'}; null when malformed. */
function splitHost(host: string): { name: string; port: string } | null {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host.trim());
  if (!match) return null;
  return { name: match[1]!.replace(/^\[(.*)\]$/, '$1').toLowerCase(), port: match[2] ?? '' };
}

export interface HostRule {
  /** The address the sandbox listens on (HOST) and its port, once known. */
  listening(): { host: string; port: number };
  /** SANDBOX_PUBLIC_URL, if set. */
  publicUrl: string | undefined;
}

/**
 * DNS rebinding: a page on evil.example whose name is re-pointed at 127.0.0.1 talks to the sandbox
 * as a same-origin page, with `Host: evil.example` (and a matching Origin, so the Origin check alone
 * passes it). Only a browser that reached us by a name we own can send a name here, so:
 * - an IP literal or `localhost` passes (a rebinding page cannot make the browser send those: its
 *   requests carry its own name), on any port, so a dev proxy (Vite on :5173) still works;
 * - any other name must be the listening host or SANDBOX_PUBLIC_URL's, with its port.
 * A request without Host (HTTP/1.0 tools) passes: no browser sends one.
 */
export function createHostCheck(rule: HostRule): (host: string | undefined) => boolean {
  const named = new Set<string>();
  if (rule.publicUrl) {
    const url = new URL(rule.publicUrl);
    named.add(`${url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase()}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`);
  }
  return (host) => {
    if (host === undefined || host === '') return true;
    const parts = splitHost(host);
    if (!parts) return false;
    if (isIP(parts.name) !== 0 || LOOPBACK_NAMES.has(parts.name)) return true;
    const { host: listenHost, port } = rule.listening();
    const port80 = parts.port || '80';
    if (parts.name === listenHost.toLowerCase() && port80 === String(port)) return true;
    return named.has(`${parts.name}:${port80}`) || (parts.port === '' && named.has(`${parts.name}:443`));
  };
}

/** Every request, /api, /sandbox, /portal alike: a foreign Host answers 421 in the error envelope. */
export function registerHostCheck(app: FastifyInstance, allowed: (host: string | undefined) => boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    if (allowed(request.headers.host)) return;
    return reply
      .status(421)
      .header('Cache-Control', 'no-store')
      .send({ error_code: 'MISDIRECTED_REQUEST', message: 'This sandbox does not answer to that host name', data: {} });
  });
}
