import { useEffect, useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { Route, Routes, useNavigate, useSearchParams } from 'react-router-dom';
import type { AnyActorRef } from 'xstate';
import { staffAddMachine } from '../../machines/staff/staffAdd.machine';
import { staffEditMachine } from '../../machines/staff/staffEdit.machine';
import { staffListMachine } from '../../machines/staff/staffList.machine';
import { errorMessage } from '../../services/errors';
import { NotFound } from '../../screens/shared/NotFound';
import { StaffAddScreen } from '../../screens/staff/StaffAddScreen';
import { StaffEditScreen } from '../../screens/staff/StaffEditScreen';
import { StaffListScreen } from '../../screens/staff/StaffListScreen';
import { notify } from '../shared/notify';
import { useAreaActors, useRuntime } from '../shared/composition';
import { useStoreOptions } from '../shared/use-store-options';
import { staffActorsOf } from './actors';
import { staffPaths, staffSegments } from './paths';

/**
 * /staff and its sub-pages (core §2 Business info): list with delete, /staff/add, /staff/update?id=.
 * Owner only (D87): a staff-type user gets a plain page saying so (the sandbox refuses them too).
 * The area's actors are wired in ./actors.ts (D279); the store picker comes from the shared stores
 * lookup, and every change invalidates the staff lookup (the ShopQR form's staff dropdown).
 */

/** Back to the list once a form's machine is done (added, saved or cancelled). */
function useBackToListWhenDone(actor: AnyActorRef) {
  const navigate = useNavigate();
  useEffect(() => {
    const sub = actor.subscribe((snap) => {
      if (snap.status === 'done') navigate(staffPaths.list());
    });
    return () => sub.unsubscribe();
  }, [actor, navigate]);
}

function ListPage() {
  const { inspect } = useRuntime();
  const a = useAreaActors(staffActorsOf);
  const machine = useMemo(() => {
    const { loadStaffPage, deleteStaff } = a;
    return staffListMachine.provide({
      actors: { loadPage: loadStaffPage, deleteRow: deleteStaff },
      actions: {
        notifyDeleted: (_, params) => {
          a.staffChanged();
          notify.success({
            title: 'staff:delete.successTitle',
            message: 'staff:delete.successBody',
            values: { name: params.row.full_name },
          });
        },
        notifyDeleteFailed: (_, params) => {
          // STAFF_LINK_VA names the staff member (core §8): the row being deleted.
          const { params: values } = errorMessage({ code: params.code, data: { staff_name: params.row?.full_name } });
          notify.failure('staff:delete.failTitle', params.code, values);
        },
      },
    });
  }, [a]);
  const actor = useActorRef(machine, { inspect });
  return <StaffListScreen actor={actor} addHref={staffPaths.add()} editHref={staffPaths.update} />;
}

function AddPage() {
  const { inspect } = useRuntime();
  const a = useAreaActors(staffActorsOf);
  const { stores, loading } = useStoreOptions();
  const machine = useMemo(
    () =>
      staffAddMachine.provide({
        actors: { addStaff: a.addStaff },
        actions: {
          notifyAdded: (_, params) => {
            a.staffChanged();
            notify.success({
              title: 'staff:form.addedTitle',
              message: 'staff:form.addedBody',
              values: { name: params.row.full_name, email: params.row.email },
            });
          },
          notifyAddFailed: (_, params) => notify.failure('staff:form.addFailTitle', params.code),
        },
      }),
    [a],
  );
  const actor = useActorRef(machine, { inspect });
  useBackToListWhenDone(actor);
  return <StaffAddScreen actor={actor} stores={stores} storesLoading={loading} />;
}

function EditForm({ id }: { id: number }) {
  const { inspect } = useRuntime();
  const a = useAreaActors(staffActorsOf);
  const { stores, loading } = useStoreOptions();
  const machine = useMemo(() => {
    const { loadStaff, updateStaff } = a;
    return staffEditMachine.provide({
      actors: { loadStaff, updateStaff },
      actions: {
        notifySaved: (_, params) => {
          a.staffChanged();
          notify.success({ title: 'staff:form.savedTitle', message: 'staff:form.savedBody', values: { name: params.row.full_name } });
        },
        notifyEditFailed: (_, params) => notify.failure('staff:form.editFailTitle', params.code),
      },
    });
  }, [a]);
  const actor = useActorRef(machine, { input: { id }, inspect });
  useBackToListWhenDone(actor);
  return <StaffEditScreen actor={actor} stores={stores} storesLoading={loading} />;
}

function EditPage() {
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) return <NotFound signedIn />;
  // A new id is a new form (its own machine), not the previous one's values.
  return <EditForm key={raw} id={Number(raw)} />;
}

/** Owner only: the area is declared `ownerOnly`, so the shell shows staff-type users its note instead (D88). */
export default function StaffRoute() {
  return (
    <Routes>
      <Route index element={<ListPage />} />
      <Route path={staffSegments.add} element={<AddPage />} />
      <Route path={staffSegments.update} element={<EditPage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
