import { fromCallback, type EventObject } from 'xstate';
import type { RealtimeHub } from '../realtime/hub';
import { bankVerifiedEventSchema } from './schemas';

export type VerificationEvent = { type: 'VERIFIED' } | { type: 'REALTIME.LOST' } | { type: 'REALTIME.RECONNECTED' };

/**
 * The `waitForVerification` actor (docs/areas/bank.md): listens on the va namespace
 * for the event named by the account number. VERIFIED when it arrives with a valid payload for that
 * account; REALTIME.LOST when the connection leaves `connected`; REALTIME.RECONNECTED when it is back
 * after a loss, so the machine can ask the server whether the event was missed meanwhile. A hub not
 * connected at the start counts as lost: the event may already have gone by.
 */
export function createWaitForVerification(hub: RealtimeHub) {
  return fromCallback<EventObject, { bankAccountNo: string }>(({ input, sendBack }) => {
    let lost = hub.status() !== 'connected';
    const offEvent = hub.on('va', input.bankAccountNo, (payload) => {
      const parsed = bankVerifiedEventSchema.safeParse(payload);
      if (parsed.success && parsed.data.bank_account_no === input.bankAccountNo) sendBack({ type: 'VERIFIED' } satisfies VerificationEvent);
    });
    const offStatus = hub.onStatus((status) => {
      if (status === 'connected' || lost) return;
      lost = true;
      sendBack({ type: 'REALTIME.LOST' } satisfies VerificationEvent);
    });
    const offConnected = hub.onConnected('va', () => {
      if (!lost) return;
      lost = false;
      sendBack({ type: 'REALTIME.RECONNECTED' } satisfies VerificationEvent);
    });
    return () => {
      offEvent();
      offStatus();
      offConnected();
    };
  });
}
