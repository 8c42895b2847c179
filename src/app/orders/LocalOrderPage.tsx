import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { useNavigate, useParams } from 'react-router-dom';
import { orderEditMachine } from '../../machines/orders/orderEdit.machine';
import { NotFound } from '../../screens/shared/NotFound';
import { OrderEditScreen } from '../../screens/orders/OrderEditScreen';
import { useAreaActors, useRuntime } from '../shared/composition';
import { notify } from '../shared/notify';
import { LOCAL_ORDER_ID } from '../shared/local-orders';
import { useTillOutbox } from '../shared/OutboxSlot';
import { TillQueueGate } from '../shared/TillQueueGate';
import { ordersActorsOf } from './actors';
import { ordersPaths } from './paths';
import { tillOrdersOf } from './till';

/**
 * Once the local order's create is acknowledged its page follows the service's order: the address is
 * replaced by /sale-order/{order_id} without a reload (D349). Checked when the page opens (a reload
 * after the queue was sent), whenever the queue changes in this tab or another, and when the page
 * settles: never while the basket holds dishes not sent or a send is under way, which the service's
 * page would not have (the outage bench saw tapped dishes vanish, D382).
 */
function useFollowServiceOrder(localId: string, settled: boolean) {
  const navigate = useNavigate();
  const outbox = useTillOutbox();
  useEffect(() => {
    if (!outbox || !settled) return;
    let active = true;
    const check = () =>
      void outbox.ids.get(localId).then(
        (orderId) => {
          if (active && orderId !== null) navigate(ordersPaths.detail(orderId), { replace: true });
        },
        () => undefined,
      );
    check();
    const subscription = outbox.actor.subscribe(check);
    return () => {
      active = false;
      subscription.unsubscribe();
    };
  }, [outbox, localId, navigate, settled]);
}

/** Nothing tapped waits to be sent and no send is under way or unanswered. */
const basketSettled = (s: SnapshotFrom<typeof orderEditMachine>) =>
  s.context.basket.length === 0 && !s.hasTag('submitting') && !s.hasTag('uncertain');

function LocalEditPage({ localId }: { localId: string }) {
  const { inspect } = useRuntime();
  const { findCustomer, createCustomer } = useAreaActors(ordersActorsOf);
  const till = useAreaActors(tillOrdersOf);
  const logic = useMemo(() => {
    const local = till.localOrder(localId);
    return orderEditMachine.provide({
      actors: { ...local, loadProducts: till.loadProducts, loadCategories: till.loadCategories, findCustomer, createCustomer },
      actions: {
        notifySubmitFailed: (_, p) => notify.failure('orders:edit.addFailTitle', p.code),
        notifyCustomerFailed: (_, p) => notify.failure('orders:edit.customerFailTitle', p.code),
      },
    });
  }, [till, localId, findCustomer, createCustomer]);
  // The machine's order id is the service's; a local order has none yet (its actors are bound to the uuid).
  const actor = useActorRef(logic, { input: { orderId: 0 }, inspect });
  useFollowServiceOrder(localId, useSelector(actor, basketSettled));
  return <OrderEditScreen actor={actor} listHref={ordersPaths.list()} payHref={ordersPaths.localPayment(localId)} localOrder />;
}

/** /sale-order/local/{uuid}: an order taken while the sale service could not be reached (D349). */
export function LocalOrderPage() {
  const { localId = '' } = useParams();
  if (!LOCAL_ORDER_ID.test(localId)) return <NotFound signedIn />;
  return (
    <TillQueueGate>
      <LocalEditPage key={localId} localId={localId} />
    </TillQueueGate>
  );
}
