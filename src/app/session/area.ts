import { defineArea } from '../shared/define-area';

/** The session (core §4): it has no page of its own; `src/app/shared/runtime.ts` runs its machine. */
export default defineArea({
  name: 'session',
  // Context and event fields its machines may show in the inspector (everything else is masked).
  inspectorFields: ['endReason', 'lastLogoutError', 'tabSyncError', 'idleLimitMs', 'profileError'],
});
