import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { kitchenPairingMachine } from '../../machines/kitchen/kitchenPairing.machine';
import { errorCode } from '../../rules/serviceError';
import { createKitchenApi } from '../../services/kitchen/api';
import type { DevicePairCreated, DevicePairing } from '../../machines/shared/pair/devicePairing';
import { KitchenPairingCard } from '../../screens/kitchen/KitchenPairingCard';
import { notify } from '../shared/notify';
import { useRuntime } from '../shared/composition';
import { kitchenPaths } from './paths';

/** The cashier's kitchen screens, wired: on /sale-display beside the displays (D325). */
export function KitchenPairingSection() {
  const { clients, inspect } = useRuntime();
  const logic = useMemo(() => {
    const api = createKitchenApi(clients.sale);
    return kitchenPairingMachine.provide({
      actors: {
        loadPairings: fromPromise<DevicePairing[]>(({ signal }) => api.pairings(signal)),
        createPair: fromPromise<DevicePairCreated>(({ signal }) => api.pair(signal)),
        unpair: fromPromise<void, { pairingId: number }>(({ input, signal }) => api.unpair(input.pairingId, signal)),
      },
      actions: {
        notifyPaired: () => notify.success({ title: 'kitchen:pairing.pairedToast' }),
        notifyUnpaired: () => notify.success({ title: 'kitchen:pairing.unpairedToast' }),
        notifyFailed: (_, params: { error: unknown }) => {
          // KITCHEN_LIMIT and TOO_MANY_REQUESTS (too many wrong guesses at the shop's codes, D217) are
          // the kitchen's own refusals: their texts say what to do.
          const code = errorCode(params.error);
          if (code === 'KITCHEN_LIMIT') notify.failureText({ title: 'kitchen:pairing.failedToast', message: 'kitchen:pairing.limit' });
          else if (code === 'TOO_MANY_REQUESTS')
            notify.failureText({ title: 'kitchen:pairing.failedToast', message: 'kitchen:pairing.tooManyGuesses' });
          else notify.failure('kitchen:pairing.failedToast', code);
        },
      },
    });
  }, [clients.sale]);
  const actor = useActorRef(logic, { inspect });
  const origin = typeof location === 'undefined' ? '' : location.origin;
  return <KitchenPairingCard actor={actor} kitchenAddress={`${origin}/portal${kitchenPaths.board()}`} />;
}
