import { useEffect, useSyncExternalStore } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { notificationClickMachine } from '../../machines/notifications/notificationClick.machine';
import { notificationListMachine } from '../../machines/notifications/notificationList.machine';
import { RealtimeTopBar } from '../../screens/notifications/RealtimeTopBar';
import { useAreaActors, useRuntime } from '../shared/composition';
import { realtimeOf } from '../shared/realtime-runtime';
import { approvalsPaths } from '../approvals/paths';
import { ordersPaths } from '../orders/paths';

/** The bell, the mute toggle and the connection dot, wired to the realtime runtime and the sale API. */
export default function RealtimeSlot() {
  useTranslation('notifications');
  const { inspect } = useRuntime();
  const { hub, announcer, notifications: api, onBellRefresh } = useAreaActors(realtimeOf);
  const navigate = useNavigate();

  const status = useSyncExternalStore(
    (onChange) => hub.onStatus(onChange),
    () => hub.status(),
  );
  const muted = useSelector(announcer, (s) => s.context.muted);

  const list = useActorRef(
    notificationListMachine.provide({
      actors: { fetchList: fromPromise(({ input, signal }) => api.list(input.tab, 1, undefined, signal)) },
    }),
    { inspect },
  );
  const click = useActorRef(
    notificationClickMachine.provide({
      actors: {
        markSeen: fromPromise(({ input }) => api.markSeen(input.id)),
        refreshList: fromPromise(async () => {
          list.send({ type: 'REFRESH' });
        }),
        fetchOrder: fromPromise(async ({ input }) => {
          if (input.orderId === null) throw Object.assign(new Error('notification without an order'), { code: 'NOT_FOUND' });
          return api.order(input.orderId);
        }),
      },
      actions: {
        openOrder: (_, { destination }) =>
          navigate(
            destination.kind === 'approvals'
              ? approvalsPaths.list()
              : destination.kind === 'order'
                ? ordersPaths.detail(destination.orderId)
                : destination.search
                  ? ordersPaths.listSearch(destination.search)
                  : ordersPaths.list(),
          ),
      },
    }),
    { inspect },
  );

  useEffect(() => onBellRefresh(() => list.send({ type: 'REFRESH' })), [list, onBellRefresh]);

  return (
    <RealtimeTopBar
      status={status}
      muted={muted}
      onMutedChange={(next) => announcer.send({ type: next ? 'MUTE' : 'UNMUTE' })}
      list={list}
      click={click}
    />
  );
}
