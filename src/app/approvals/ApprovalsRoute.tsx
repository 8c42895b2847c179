import { useEffect, useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { Route, Routes } from 'react-router-dom';
import { approvalListMachine } from '../../machines/approvals/approvalList.machine';
import { approvalPinMachine } from '../../machines/approvals/approvalPin.machine';
import { ApprovalsScreen } from '../../screens/approvals/ApprovalsScreen';
import { LoadingScreen } from '../../screens/shared/LoadingScreen';
import { NotFound } from '../../screens/shared/NotFound';
import { useAreaActors, useRuntime } from '../shared/composition';
import { notify } from '../shared/notify';
import { useOwner } from '../shared/owner';
import { approvalsActorsOf } from './actors';

/** The owner's PIN card: its own machine, started only for the owner (a staff member has no PIN to set). */
function OwnerPage() {
  const { inspect } = useRuntime();
  const a = useAreaActors(approvalsActorsOf);
  const pinLogic = useMemo(
    () =>
      approvalPinMachine.provide({
        actors: { loadPinState: a.loadPinState, setPin: a.setPin },
        actions: { notifySaved: () => notify.success({ title: 'approvals:toast.pinSavedTitle', message: 'approvals:toast.pinSavedBody' }) },
      }),
    [a],
  );
  const pin = useActorRef(pinLogic, { inspect });
  const list = useList(true);
  // A request asked, decided or used may follow wrong tries on a staff member's screen: the PIN's
  // state (locked or not) is read again with the list.
  useEffect(() => {
    let was = false;
    const sub = list.subscribe((s) => {
      const now = s.matches('refreshing');
      if (now && !was) pin.send({ type: 'REFRESH' });
      was = now;
    });
    return () => sub.unsubscribe();
  }, [list, pin]);
  return <ApprovalsScreen pin={pin} list={list} owner />;
}

function useList(owner: boolean) {
  const { inspect } = useRuntime();
  const a = useAreaActors(approvalsActorsOf);
  const logic = useMemo(
    () =>
      approvalListMachine.provide({
        actors: { loadApprovals: a.loadApprovals, decide: a.decide, watchApprovals: a.watchApprovals },
        actions: {
          notifyDecided: (_, p) =>
            notify.success({
              title: p.approval.status === 'DECLINED' ? 'approvals:toast.declinedTitle' : 'approvals:toast.approvedTitle',
              message: 'approvals:toast.decidedBody',
              values: { code: p.approval.order_code },
            }),
        },
      }),
    [a],
  );
  // D317: the owner starts on what waits for a decision; a staff member on all their requests and how they stand.
  return useActorRef(logic, { input: { filter: owner ? 'PENDING' : 'ALL' }, inspect });
}

function StaffPage() {
  const list = useList(false);
  return <ApprovalsScreen pin={null} list={list} owner={false} />;
}

/** /approvals (D310, D317): the owner's PIN and requests to decide; a staff member's own requests, read-only. */
function ApprovalsPage() {
  const owner = useOwner();
  if (owner === null) return <LoadingScreen />;
  return owner ? <OwnerPage /> : <StaffPage />;
}

export default function ApprovalsRoute() {
  return (
    <Routes>
      <Route index element={<ApprovalsPage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
