import type { $ZodError } from 'zod/v4/core';
import { ConfigError, type ConfigIssue } from './errors';
import { appConfigSchema, type AppConfig } from './schema';

function issuesOf(error: $ZodError): ConfigIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.length ? issue.path.map(String).join('.') : '(root)';
    // Messages we wrote ourselves (refinements) are value-free; zod's own are reduced to code/expected.
    const expected = 'expected' in issue && typeof issue.expected === 'string' ? `expected ${issue.expected}` : '';
    const problem = issue.code === 'custom' ? issue.message : expected || issue.code;
    return { path, problem };
  });
}

/** Validates an already-parsed config.json; throws ConfigError('invalid') listing every bad field. */
export function parseConfig(json: unknown): AppConfig {
  const result = appConfigSchema.safeParse(json);
  if (!result.success) throw new ConfigError('invalid', issuesOf(result.error));
  return result.data;
}

/** All defaults: what an empty `{}` config means. */
export const defaultConfig: AppConfig = parseConfig({});

export interface LoadConfigOptions {
  fetch?: typeof globalThis.fetch;
  /** Defaults to `config.json` under the Vite base, i.e. /portal/config.json. */
  url?: string;
  timeoutMs?: number;
}

export function configUrl(base: string = import.meta.env.BASE_URL): string {
  return `${base.endsWith('/') ? base : `${base}/`}config.json`;
}

/** Loads and validates the runtime configuration once at start. Rejects only with ConfigError. */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<AppConfig> {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 15_000);
  let response: Response;
  let text: string;
  try {
    // no-store: a redeploy that flips a flag must be seen on the next load.
    response = await doFetch(options.url ?? configUrl(), {
      cache: 'no-store',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal: controller.signal,
    });
    text = await response.text();
  } catch {
    throw new ConfigError('unreachable');
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw new ConfigError('http', [], response.status);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ConfigError('malformed', [{ path: '(root)', problem: 'not JSON' }]);
  }
  return parseConfig(json);
}
