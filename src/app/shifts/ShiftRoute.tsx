import { useEffect, useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { Route, Routes, useSearchParams } from 'react-router-dom';
import { shiftDrawerMachine } from '../../machines/shifts/shiftDrawer.machine';
import { shiftDrawersMachine } from '../../machines/shifts/shiftDrawers.machine';
import { NotFound } from '../../screens/shared/NotFound';
import { ShiftScreen } from '../../screens/shifts/ShiftScreen';
import { OpenDrawers } from '../../screens/shifts/OpenDrawers';
import { notify } from '../shared/notify';
import { useAreaActors, useRuntime } from '../shared/composition';
import { useOwner } from '../shared/owner';
import { useStoreOptions } from '../shared/use-store-options';
import { shiftsActorsOf } from './actors';

/**
 * /shift (D303, D304): the drawer machine wired to the sale client, the store in the address
 * (`?store_id=`, so a reload or a bookmark opens the same drawer), and for the owner the list of every
 * open drawer, read again on an interval.
 */

const storeIdIn = (raw: string | null): number | null => (raw !== null && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

function OwnerDrawers() {
  const { inspect } = useRuntime();
  const a = useAreaActors(shiftsActorsOf);
  const logic = useMemo(() => shiftDrawersMachine.provide({ actors: { loadDrawers: a.loadDrawers } }), [a]);
  const actor = useActorRef(logic, { inspect });
  return <OpenDrawers actor={actor} />;
}

function ShiftPage() {
  const { inspect } = useRuntime();
  const a = useAreaActors(shiftsActorsOf);
  const owner = useOwner();
  const { stores, loading } = useStoreOptions();
  const [params, setParams] = useSearchParams();
  const storeId = storeIdIn(params.get('store_id'));
  const logic = useMemo(
    () =>
      shiftDrawerMachine.provide({
        actors: { loadShifts: a.loadShifts, openShift: a.openShift, moveCash: a.moveCash, closeShift: a.closeShift },
        actions: {
          notifyOpened: () => notify.success({ title: 'shifts:toast.opened' }),
          notifyMoved: (_, p) => notify.success({ title: p.kind === 'IN' ? 'shifts:toast.cashIn' : 'shifts:toast.cashOut' }),
          notifyClosed: () => notify.success({ title: 'shifts:toast.closed' }),
          notifyFailed: (_, p) => notify.failure('shifts:toast.changed', p.code),
        },
      }),
    [a],
  );
  const actor = useActorRef(logic, { inspect });
  // The address decides the store: on arrival, Back and Forward.
  useEffect(() => {
    if (storeId !== null && actor.getSnapshot().context.storeId !== storeId) actor.send({ type: 'STORE.SELECT', storeId });
  }, [actor, storeId]);
  const selectStore = (id: number | null) => {
    if (id === null) return;
    setParams({ store_id: String(id) });
  };
  return (
    <ShiftScreen
      actor={actor}
      stores={stores}
      storesLoading={loading}
      onStore={selectStore}
      drawers={owner === true ? <OwnerDrawers /> : null}
    />
  );
}

export default function ShiftRoute() {
  return (
    <Routes>
      <Route index element={<ShiftPage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
