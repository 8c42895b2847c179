import { defineArea } from '../shared/define-area';

/**
 * The realtime connection, the bell and spoken payments (core §2 Shell, §7 realtime). No page of its
 * own: the shell's top bar shows it (`RealtimeSlot`).
 */
export default defineArea({
  name: 'notifications',
  // Context and event fields its machines may show in the inspector (everything else is masked).
  inspectorFields: ['failedStep', 'items', 'unseen', 'refreshPending', 'connectedOnce', 'lastError', 'jitter', 'queue', 'current', 'handled', 'muted', 'speechSupported', 'amount', 'seen'],
});
