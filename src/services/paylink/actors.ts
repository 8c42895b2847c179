import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ServiceClient } from '../http/client';
import type { RealtimeHub } from '../realtime/hub';
import {
  createPaymentLinkCall,
  listPaymentLinksCall,
  merchantInfoCall,
  type CreateLinkBody,
  type MerchantInfo,
  type PaymentLink,
  type PaymentLinkPage,
  type PaymentLinkQuery,
} from '../checkout';
import type { LinkKeys } from './link-keys';

/**
 * The Pay by Link machines' actors for `machine.provide({ actors })` (docs/areas/paylink.md). Each
 * request stops when the machine stops the actor. `checkout` is the runtime's checkout client.
 */
export function createPayLinkActors(deps: { checkout: ServiceClient; hub: RealtimeHub; keys: LinkKeys }) {
  const { checkout, hub, keys } = deps;
  return {
    loadMerchant: fromPromise<MerchantInfo, { merchantRef: string }>(({ input, signal }) =>
      merchantInfoCall(checkout, input.merchantRef, signal),
    ),
    createLink: fromPromise<PaymentLink, { body: CreateLinkBody }>(({ input, signal }) =>
      createPaymentLinkCall(checkout, input.body, keys.current(), signal),
    ),
    loadLinks: fromPromise<PaymentLinkPage, PaymentLinkQuery>(({ input, signal }) => listPaymentLinksCall(checkout, input, signal)),
    /**
     * A paid link announces itself as the sale socket's payment_success (contract §B); any payment
     * reloads the list, and so does a reconnection that could not replay what was missed.
     */
    watchPayments: fromCallback<EventObject, void>(({ sendBack }) => {
      const offPayment = hub.on('sale', 'payment_success', () => sendBack({ type: 'REFRESH' }));
      const offConnected = hub.onConnected('sale', ({ first, recovered }) => {
        if (!first && !recovered) sendBack({ type: 'REFRESH' });
      });
      return () => {
        offPayment();
        offConnected();
      };
    }),
  };
}

export type PayLinkActors = ReturnType<typeof createPayLinkActors>;
