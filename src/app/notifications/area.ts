import { defineArea } from '../shared/define-area';

/**
 * The realtime connection, the bell and spoken payments (core §2 Shell, §7 realtime). No page of its
 * own: the shell's top bar shows it (`RealtimeSlot`).
 */
export default defineArea({
  name: 'notifications',
  inspector: {
    machines: ['notificationList', 'notificationClick', 'announcementQueue', 'realtimeConnection'],
    // Context and event fields these machines may show (everything else is masked).
    fields: [
      'failedStep',
      'items',
      'unseen',
      'refreshPending',
      'connectedOnce',
      'lastError',
      'jitter',
      'queue',
      'current',
      'handled',
      'muted',
      'speechSupported',
      'amount',
      'seen',
    ],
  },
});
