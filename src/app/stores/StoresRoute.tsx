import { useMemo, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { storeAddMachine } from '../../machines/stores/storeAdd.machine';
import { storeListMachine } from '../../machines/stores/storeList.machine';
import { storeUrl } from '../../machines/stores/rules/storeUrl';
import { fromPromise } from 'xstate';
import type { Store } from '../../services/stores/schemas';
import { catalogueCode } from '../../services/errors';
import { NotFound } from '../../screens/shared/NotFound';
import { StoreAddScreen } from '../../screens/stores/StoreAddScreen';
import { StoreListScreen } from '../../screens/stores/StoreListScreen';
import { notify } from '../shared/notify';
import { useAreaActors, useRuntime } from '../shared/composition';
import { useListPage } from '../shared/use-list-page';
import { storesActorsOf } from './actors';
import { storePaths, storeSegments } from './paths';

/**
 * /store and /store/add (core §2 Business info): the store machines wired to the portal client. The
 * owner's pages (D87). The list's page, size and sort
 * live in the address (nothing else does); an added or deleted store invalidates the shared stores
 * lookup, so the report filters and the ShopQR form offer the new list (./actors.ts).
 */

/** core §8: the delete failure toast; a store still in use says by what (D95). */
function notifyDeleteFailed(code: string, linked: string | null) {
  if (catalogueCode(code) === 'STORE_LINK_VA' && linked)
    notify.failureText({ title: 'stores:delete.failTitle', message: `stores:delete.linked.${linked}` });
  else notify.failure('stores:delete.failTitle', code);
}

const LINKED = ['SHOPQR', 'EDC', 'TRANSACTIONS'];

/** What a STORE_LINK_VA refusal says the store is used by (its data.linked), if it is one of the known ones. */
function linkedOf(error: unknown): string | null {
  const linked = (error as { data?: { linked?: unknown } } | null)?.data?.linked;
  return typeof linked === 'string' && LINKED.includes(linked) ? linked : null;
}

function StoreListPage() {
  const navigate = useNavigate();
  // The deleted row's "linked" detail: the list machine passes on the code only.
  const lastLinked = useRef<string | null>(null);
  const { api, loadStores, storesChanged } = useAreaActors(storesActorsOf);
  const logic = useMemo(() => {
    // The delete call as the service actor does it, keeping the refusal's detail for the toast.
    const deleteRow = fromPromise<void, { id: number }>(async ({ input, signal }) => {
      lastLinked.current = null;
      try {
        await api.remove(input.id, signal);
      } catch (error) {
        lastLinked.current = linkedOf(error);
        throw error;
      }
    });
    return storeListMachine.provide({
      actors: { loadPage: loadStores, deleteRow },
      actions: {
        notifyDeleted: (_, params) => {
          storesChanged();
          notify.success({
            title: 'stores:delete.successTitle',
            message: 'stores:delete.successBody',
            values: { name: (params.row as Store | null)?.name ?? '' },
          });
        },
        notifyDeleteFailed: (_, params) => notifyDeleteFailed(params.code, lastLinked.current),
      },
    });
  }, [api, loadStores, storesChanged]);
  const actor = useListPage(logic, storeUrl);

  return <StoreListScreen actor={actor} onAdd={() => navigate(storePaths.add())} />;
}

function StoreAddPage() {
  const navigate = useNavigate();
  const { inspect } = useRuntime();
  const { loadCities, loadWards, addStore, storesChanged } = useAreaActors(storesActorsOf);
  const logic = useMemo(() => {
    return storeAddMachine.provide({
      actors: { loadCities, loadWards, addStore },
      actions: {
        notifyAdded: (_, params) => {
          storesChanged();
          notify.success({ title: 'stores:add.successTitle', message: 'stores:add.successBody', values: { name: params.store.name } });
        },
        notifyAddFailed: (_, params) => notify.failure('stores:add.failTitle', params.code),
        goToStoreList: () => navigate(storePaths.list()),
      },
    });
  }, [navigate, loadCities, loadWards, addStore, storesChanged]);
  const actor = useActorRef(logic, { inspect });
  return <StoreAddScreen actor={actor} onBack={() => navigate(storePaths.list())} />;
}

/** Owner only: the area is declared `ownerOnly`, so the shell shows staff-type users its note instead (D88). */
export default function StoresRoute() {
  return (
    <Routes>
      <Route index element={<StoreListPage />} />
      <Route path={storeSegments.add} element={<StoreAddPage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
