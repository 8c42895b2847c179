import { useEffect, useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { shopQrAddMachine } from '../../machines/shopqr/shopQrAdd.machine';
import { shopQrListMachine } from '../../machines/shopqr/shopQrList.machine';
import { saveBlob } from '../../services/shared/download';
import { NotFound } from '../../screens/shared/NotFound';
import { ShopQrAddScreen } from '../../screens/shopqr/ShopQrAddScreen';
import { ShopQrListScreen } from '../../screens/shopqr/ShopQrListScreen';
import { notify } from '../shared/notify';
import { OwnerGate, useOwner } from '../shared/owner';
import { useAreaActors, useRuntime } from '../shared/composition';
import { useStoreOptions } from '../shared/use-store-options';
import { shopQrActorsOf } from './actors';
import { shopQrPaths, shopQrSegments } from './paths';

/**
 * /payment and its sub-pages (core §2 ShopQR): the list with detail and delete, and /payment/add.
 * The area's actors are wired in ./actors.ts (D279); the form's dropdowns (bank accounts, staff,
 * stores) come from the lookup cache.
 */
function ListPage() {
  const { inspect } = useRuntime();
  const owner = useOwner();
  const { loadShopQrs, loadShopQr, deleteShopQr, shopQrsChanged } = useAreaActors(shopQrActorsOf);
  const machine = useMemo(() => {
    return shopQrListMachine.provide({
      actors: { loadPage: loadShopQrs, deleteRow: deleteShopQr, loadShopQr },
      actions: {
        notifyDeleted: (_, params) => {
          shopQrsChanged();
          notify.success({
            title: 'shopqr:delete.successTitle',
            message: 'shopqr:delete.successBody',
            values: { va: params.row.va_account_no },
          });
        },
      },
    });
  }, [loadShopQrs, loadShopQr, deleteShopQr, shopQrsChanged]);
  const actor = useActorRef(machine, { inspect });
  return <ShopQrListScreen actor={actor} addHref={shopQrPaths.add()} onDownload={saveBlob} canManage={owner === true} />;
}

function AddPage() {
  const navigate = useNavigate();
  const { inspect } = useRuntime();
  const { stores, loading } = useStoreOptions();
  const { loadAddOptions, createShopQr, shopQrsChanged } = useAreaActors(shopQrActorsOf);
  const machine = useMemo(
    () =>
      shopQrAddMachine.provide({
        actors: { loadAddOptions, createShopQr },
        actions: {
          notifyCreated: ({ context }) => {
            shopQrsChanged();
            notify.success({
              title: 'shopqr:form.successTitle',
              message: 'shopqr:form.successBody',
              values: { va: context.created?.va_account_no ?? '' },
            });
          },
        },
      }),
    [loadAddOptions, createShopQr, shopQrsChanged],
  );
  const actor = useActorRef(machine, { inspect });
  useEffect(() => {
    const sub = actor.subscribe((snap) => {
      if (snap.status === 'done') navigate(shopQrPaths.list());
    });
    return () => sub.unsubscribe();
  }, [actor, navigate]);
  return <ShopQrAddScreen actor={actor} stores={stores} storesLoading={loading} bankHref={shopQrPaths.bankAccounts()} />;
}

export default function PaymentRoute() {
  const { t } = useTranslation('shopqr');
  return (
    <Routes>
      <Route index element={<ListPage />} />
      <Route
        path={shopQrSegments.add}
        element={
          <OwnerGate title={t('form.title')}>
            <AddPage />
          </OwnerGate>
        }
      />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
