import { useEffect, useMemo, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { hostedCheckoutMachine } from '../../../machines/checkout/hostedCheckout.machine';
import { newIdempotencyKey } from '../../../rules/idempotency';
import { fetchLinkQr, linkParamsFrom, loadPayInfo, payByCard, type CardInput, type LinkParams } from '../../../services/checkout/hosted';
import type { ServiceClient } from '../../../services/http/client';
import { ServiceError } from '../../../services/http/errors';
import { createSessionSlots, type SessionSlots } from '../../../services/shared/sessionSlots';
import { HostedCheckoutScreen, type HostedLanguage } from '../../../screens/checkout/HostedCheckoutScreen';

export interface HostedCheckoutAppProps {
  client: ServiceClient;
  search: string;
  language: HostedLanguage;
  onLanguage(language: HostedLanguage): Promise<void> | void;
  /** This tab's card attempts (one Idempotency-Key per link until a definite outcome). */
  slots?: SessionSlots;
  /** The page that frames this one (embed.js's overlay), or null. */
  parentWindow?: Window | null;
}

const framedBy = (): Window | null => (typeof window !== 'undefined' && window.parent !== window ? window.parent : null);

/**
 * The hosted checkout page's composition: the machine with the real calls, the attempt keys in this
 * tab's session storage, and the messages to embed.js's overlay (paid; Esc closes it).
 */
export function HostedCheckoutApp({ client, search, language, onLanguage, slots, parentWindow = framedBy() }: HostedCheckoutAppProps) {
  const params = useMemo<LinkParams | null>(() => linkParamsFrom(search), [search]);
  const attempts = useMemo(() => slots ?? createSessionSlots('checkout.card.'), [slots]);
  const [lng, setLng] = useState(language);

  const machine = useMemo(
    () =>
      hostedCheckoutMachine.provide({
        actors: {
          loadLink: fromPromise(async ({ input, signal }) => {
            if (!input.params) throw new ServiceError({ code: 'LINK_INVALID', status: 400, kind: 'server', message: 'No link values' });
            return loadPayInfo(client, input.params, signal);
          }),
          fetchQr: fromPromise(async ({ input, signal }) => fetchLinkQr(client, input.params, signal)),
          payCard: fromPromise(
            async ({ input, signal }: { input: { params: LinkParams; linkId: string; card: CardInput }; signal: AbortSignal }) => {
              let key = attempts.read(input.linkId);
              if (!key) {
                key = newIdempotencyKey('card');
                attempts.write(input.linkId, key);
              }
              return payByCard(client, input.params, input.card, key, signal);
            },
          ),
        },
        actions: {
          forgetIntent: (_, params) => attempts.write(params.linkId, null),
          announcePaid: (_, params) => {
            // Only a status, nothing secret: embed.js checks the message comes from this origin.
            parentWindow?.postMessage({ type: 'checkout:paid', link_id: params.linkId }, '*');
          },
        },
      }),
    [client, attempts, parentWindow],
  );
  const actor = useActorRef(machine, { input: { params } });

  useEffect(() => {
    if (!parentWindow) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') parentWindow.postMessage({ type: 'checkout:close' }, '*');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [parentWindow]);

  return (
    <HostedCheckoutScreen
      actor={actor}
      language={lng}
      onLanguage={(next) => {
        setLng(next);
        void onLanguage(next);
      }}
    />
  );
}
