import type { TokenService } from './auth/tokens';
import type { SandboxClock } from './clock';
import type { Database } from './db/database';
import type { Mailbox } from './mail/mailbox';
import type { ResolvedOptions } from './options';
import type { PortalConfig } from './portal/portal-config';
import type { Realtime } from './realtime';
import type { Faults } from './faults';

/** What every route module gets: the shared parts of one running sandbox. */
export interface SandboxContext {
  db: Database;
  clock: SandboxClock;
  tokens: TokenService;
  mailbox: Mailbox;
  options: ResolvedOptions;
  portalConfig(): PortalConfig;
  /** Origin for links the sandbox mails out (the listening address unless configured). */
  publicUrl(): string;
  realtime: Realtime;
  /** One-shot failures tests ask for (POST /sandbox/faults). */
  faults: Faults;
}
