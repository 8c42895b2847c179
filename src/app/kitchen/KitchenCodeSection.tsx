import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { kitchenCodeMachine } from '../../machines/kitchen/kitchenCode.machine';
import { createKitchenApi } from '../../services/kitchen/api';
import type { KitchenPairCreated } from '../../services/kitchen/schemas';
import { KitchenCodeCard } from '../../screens/kitchen/KitchenCodeCard';
import { useRuntime } from '../shared/composition';
import { kitchenPaths } from './paths';

/** The cashier's kitchen code, wired: shown on /sale-display beside the display's code (D325). */
export function KitchenCodeSection() {
  const { clients, inspect } = useRuntime();
  const logic = useMemo(() => {
    const api = createKitchenApi(clients.sale);
    return kitchenCodeMachine.provide({ actors: { makeCode: fromPromise<KitchenPairCreated>(({ signal }) => api.pair(signal)) } });
  }, [clients.sale]);
  const actor = useActorRef(logic, { inspect });
  const origin = typeof location === 'undefined' ? '' : location.origin;
  return <KitchenCodeCard actor={actor} kitchenAddress={`${origin}/portal${kitchenPaths.board()}`} />;
}
