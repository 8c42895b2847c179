/** Why the runtime configuration could not be used; drives the bilingual start-up error page. */
export type ConfigErrorKind = 'unreachable' | 'http' | 'malformed' | 'invalid';

export interface ConfigIssue {
  /** Dotted field path, e.g. 'features.einvoice'; '(root)' for the file as a whole. */
  path: string;
  /** Developer-facing reason (English); never contains the offending value. */
  problem: string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly kind: ConfigErrorKind;
  readonly issues: readonly ConfigIssue[];
  readonly status: number | undefined;

  constructor(kind: ConfigErrorKind, issues: readonly ConfigIssue[] = [], status?: number) {
    const summary = issues.length ? `: ${issues.map((i) => `${i.path} (${i.problem})`).join(', ')}` : '';
    super(`Runtime configuration ${kind}${summary}`);
    this.kind = kind;
    this.issues = issues;
    this.status = status;
  }

  /** Just the bad field paths, for the error page. */
  get fields(): string[] {
    return this.issues.map((i) => i.path);
  }
}

export function isConfigError(value: unknown): value is ConfigError {
  return value instanceof ConfigError;
}
