import { useMemo, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { kitchenBoardMachine, type DonePress } from '../../machines/kitchen/kitchenBoard.machine';
import { kitchenPairMachine } from '../../machines/kitchen/kitchenPair.machine';
import { createKitchenApi, followKitchen } from '../../services/kitchen/api';
import { kitchenDevice } from '../../services/kitchen/device';
import type { KitchenClaimed, Ticket } from '../../services/kitchen/schemas';
import { KitchenBoard } from '../../screens/kitchen/KitchenBoard';
import { KitchenPairForm } from '../../screens/kitchen/KitchenPairForm';
import { useRuntime } from '../shared/composition';

/**
 * /kitchen (beyond the spec; D325–D328): a chrome-less page for a kitchen device. Not paired (no kitchen
 * token in its storage): the pairing form; paired: the store's ticket board, following the kitchen
 * stream with the token. Unpaired by the shop: the token is forgotten, and a reload pairs again.
 */

function Pair({ onPaired }: { onPaired: (claimed: KitchenClaimed) => void }) {
  const { clients, inspect } = useRuntime();
  const logic = useMemo(() => {
    const api = createKitchenApi(clients.sale);
    return kitchenPairMachine.provide({
      actors: { claimCode: fromPromise<KitchenClaimed, { code: string }>(({ input, signal }) => api.claim(input.code, signal)) },
      actions: { storeToken: (_, params: { claimed: KitchenClaimed }) => onPaired(params.claimed) },
    });
  }, [clients.sale, onPaired]);
  const actor = useActorRef(logic, { input: {}, inspect });
  return <KitchenPairForm actor={actor} />;
}

function Board({ token }: { token: string }) {
  const { clients, inspect } = useRuntime();
  const [storeName, setStoreName] = useState(() => kitchenDevice.storeName());
  const logic = useMemo(() => {
    const api = createKitchenApi(clients.sale);
    return kitchenBoardMachine.provide({
      actors: {
        follow: fromCallback<AnyEventObject>(({ sendBack }) =>
          followKitchen({
            client: clients.sale,
            token,
            onBoard: (tickets) => sendBack({ type: 'BOARD', tickets }),
            onTicket: (ticket) => sendBack({ type: 'TICKET', ticket }),
            onLink: (state) => sendBack({ type: 'LINK', state }),
            onStore: setStoreName,
          }),
        ),
        markDone: fromPromise<Ticket, DonePress>(({ input, signal }) => api.done(token, input.ticketId, input.lineNo, signal)),
      },
      actions: { forgetDevice: () => kitchenDevice.forget() },
    });
  }, [clients.sale, token]);
  const actor = useActorRef(logic, { inspect });
  return <KitchenBoard actor={actor} storeName={storeName} />;
}

export default function KitchenRoute() {
  const [token, setToken] = useState(() => kitchenDevice.token());
  const onPaired = useMemo(
    () => (claimed: KitchenClaimed) => {
      kitchenDevice.save(claimed.kitchen_token, claimed.store_name);
      setToken(claimed.kitchen_token);
    },
    [],
  );
  if (!token) return <Pair onPaired={onPaired} />;
  return <Board token={token} />;
}
