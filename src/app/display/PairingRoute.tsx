import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { displayPairingMachine } from '../../machines/display/displayPairing.machine';
import { createDisplayApi } from '../../services/display/api';
import type { PairCreated, Pairing } from '../../services/display/schemas';
import { errorCode } from '../../rules/serviceError';
import { PairingScreen } from '../../screens/display/PairingScreen';
import { notify } from '../shared/notify';
import { useRuntime } from '../shared/composition';
import { KitchenPairingSection } from '../kitchen';
import { displayPaths, PORTAL_BASE } from './paths';

/** /sale-display (beyond the spec, D141–D143): the display on this computer, pairing another device, unpairing. */
export default function PairingRoute() {
  const { clients, inspect } = useRuntime();
  const logic = useMemo(() => {
    const api = createDisplayApi(clients.sale);
    return displayPairingMachine.provide({
      actors: {
        loadPairings: fromPromise<Pairing[]>(({ signal }) => api.pairings(signal)),
        createPair: fromPromise<PairCreated>(({ signal }) => api.pair(signal)),
        unpair: fromPromise<void, { pairingId: number }>(({ input, signal }) => api.unpair(input.pairingId, signal)),
      },
      actions: {
        notifyPaired: () => notify.success({ title: 'display:pairing.pairedToast' }),
        notifyUnpaired: () => notify.success({ title: 'display:pairing.unpairedToast' }),
        notifyFailed: (_, params: { error: unknown }) => {
          // DISPLAY_LIMIT and TOO_MANY_REQUESTS (the shop's codes drew too many wrong guesses, D217) are
          // this area's own refusals: their texts say what to do.
          const code = errorCode(params.error);
          if (code === 'DISPLAY_LIMIT') notify.failureText({ title: 'display:pairing.failedToast', message: 'display:pairing.limit' });
          else if (code === 'TOO_MANY_REQUESTS')
            notify.failureText({ title: 'display:pairing.failedToast', message: 'display:pairing.tooManyGuesses' });
          else notify.failure('display:pairing.failedToast', code);
        },
      },
    });
  }, [clients.sale]);
  const actor = useActorRef(logic, { inspect });
  const origin = typeof location === 'undefined' ? '' : location.origin;
  return (
    <>
      <PairingScreen
        actor={actor}
        displayHref={`${PORTAL_BASE}${displayPaths.slide()}`}
        pairUrl={(code) => `${origin}${PORTAL_BASE}${code ? displayPaths.pair(code) : displayPaths.pair()}`}
      />
      <KitchenPairingSection />
    </>
  );
}
