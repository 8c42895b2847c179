import { defineArea } from '../shared/define-area';

/** The session (core §4): it has no page of its own; `src/app/shared/runtime.ts` runs its machine. */
export default defineArea({
  name: 'session',
  inspector: {
    machines: ['session'],
    // Context and event fields these machines may show (everything else is masked).
    fields: ['endReason', 'lastLogoutError', 'tabSyncError', 'idleLimitMs', 'profileError', 'profileKept'],
  },
});
