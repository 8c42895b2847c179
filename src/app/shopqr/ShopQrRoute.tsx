import { useEffect, useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { shopQrAddMachine, type ShopQrAddOptions } from '../../machines/shopqr/shopQrAdd.machine';
import { shopQrListMachine } from '../../machines/shopqr/shopQrList.machine';
import { saveBlob } from '../../services/shared/download';
import { createShopQrActors } from '../../services/shopqr/actors';
import { createShopQrApi } from '../../services/shopqr';
import { NotFound } from '../../screens/shared/NotFound';
import { ShopQrAddScreen } from '../../screens/shopqr/ShopQrAddScreen';
import { ShopQrListScreen } from '../../screens/shopqr/ShopQrListScreen';
import { currentMerchantId, getLookups } from '../shared/lookups';
import { notify } from '../shared/notify';
import { OwnerGate, useOwner } from '../shared/owner';
import { getRuntime } from '../shared/runtime';
import { useStoreOptions } from '../shared/use-store-options';
import { shopQrPaths, shopQrSegments } from './paths';

/**
 * /payment and its sub-pages (core §2 ShopQR): the list with detail and delete, and /payment/add.
 * The actors are made once per page load on the runtime's portal client (same session); the
 * form's dropdowns (bank accounts, staff, stores) come from the lookup cache.
 */
let actors: ReturnType<typeof createShopQrActors> | null = null;
function shopQrActors() {
  actors ??= createShopQrActors(createShopQrApi(getRuntime().clients.portal));
  return actors;
}

/** A ShopQR created or deleted changes which ShopQRs a card machine can be integrated with. */
const shopQrsChanged = () => getLookups().invalidate('linkableVas');

/** The form's bank accounts and staff, each from the lookup cache (fetched once, shared). */
const loadAddOptions = fromPromise<ShopQrAddOptions, void>(async () => {
  const merchantId = currentMerchantId();
  const [bankAccounts, staff] = await Promise.all([getLookups().get(merchantId, 'bankAccounts'), getLookups().get(merchantId, 'staff')]);
  // No verified account stops the form: its "try again" (after verifying one, maybe in another tab) must ask afresh.
  if (!bankAccounts.some((account) => account.is_internal_transfer)) getLookups().invalidate('bankAccounts');
  return { bankAccounts, staff };
});

function ListPage() {
  const { inspect } = getRuntime();
  const owner = useOwner();
  const machine = useMemo(() => {
    const { loadShopQrs, loadShopQr, deleteShopQr } = shopQrActors();
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
  }, []);
  const actor = useActorRef(machine, { inspect });
  return <ShopQrListScreen actor={actor} addHref={shopQrPaths.add()} onDownload={saveBlob} canManage={owner === true} />;
}

function AddPage() {
  const navigate = useNavigate();
  const { inspect } = getRuntime();
  const { stores, loading } = useStoreOptions();
  const machine = useMemo(
    () =>
      shopQrAddMachine.provide({
        actors: { loadAddOptions, createShopQr: shopQrActors().createShopQr },
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
    [],
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
