import { useCallback, useMemo, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { orderKitchenMachine } from '../../machines/kitchen/orderKitchen.machine';
import { createKitchenApi } from '../../services/kitchen/api';
import type { OrderKitchenLine } from '../../services/kitchen/schemas';
import { KitchenLineBadge } from '../../screens/kitchen/KitchenLineBadge';
import { useRuntime } from '../shared/composition';

/** The cashier's order page: a badge per line with the kitchen's state of it (D326), read every 5 s. */
export function useOrderKitchenBadge(orderId: number): (productId: number) => ReactNode {
  const { clients, inspect } = useRuntime();
  const logic = useMemo(() => {
    const api = createKitchenApi(clients.sale);
    return orderKitchenMachine.provide({
      actors: {
        loadKitchen: fromPromise<OrderKitchenLine[], { orderId: number }>(({ input, signal }) => api.orderState(input.orderId, signal)),
      },
    });
  }, [clients.sale]);
  const actor = useActorRef(logic, { input: { orderId }, inspect });
  return useCallback((productId: number) => <KitchenLineBadge actor={actor} productId={productId} />, [actor]);
}
