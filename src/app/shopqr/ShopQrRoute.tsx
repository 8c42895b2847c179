import { useEffect, useMemo } from 'react';
import { notifications } from '@mantine/notifications';
import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { shopQrAddMachine } from '../../machines/shopqr/shopQrAdd.machine';
import { shopQrListMachine } from '../../machines/shopqr/shopQrList.machine';
import { saveBlob } from '../../services/shared/download';
import type { ShopQrRow } from '../../services/shopqr/schemas';
import { createShopQrActors } from '../../services/shopqr/actors';
import { createShopQrApi } from '../../services/shopqr';
import { NotFound } from '../../screens/shared/NotFound';
import { ShopQrAddScreen } from '../../screens/shopqr/ShopQrAddScreen';
import { ShopQrListScreen } from '../../screens/shopqr/ShopQrListScreen';
import { getRuntime } from '../shared/runtime';
import { useStoreOptions } from '../shared/use-store-options';

/**
 * /payment and its sub-pages (core §2 ShopQR): the list with detail and delete, and /payment/add.
 * The actors are made once per page load on the runtime's portal client (same session).
 */
let actors: ReturnType<typeof createShopQrActors> | null = null;
function shopQrActors() {
  actors ??= createShopQrActors(createShopQrApi(getRuntime().clients.portal));
  return actors;
}

function ListPage() {
  const { t } = useTranslation('payment');
  const { inspect } = getRuntime();
  const machine = useMemo(
    () =>
      shopQrListMachine.provide({
        actors: shopQrActors(),
        actions: {
          notifyDeleted: (_, params: { row: ShopQrRow | null }) =>
            notifications.show({ color: 'blue', title: t('delete.successTitle'), message: t('delete.successBody', { va: params.row?.va_account_no ?? '' }) }),
        },
      }),
    [t],
  );
  const actor = useActorRef(machine, { inspect });
  return <ShopQrListScreen actor={actor} onDownload={saveBlob} />;
}


function AddPage() {
  const { t } = useTranslation('payment');
  const navigate = useNavigate();
  const { inspect } = getRuntime();
  const { stores, loading } = useStoreOptions();
  const machine = useMemo(
    () =>
      shopQrAddMachine.provide({
        actors: shopQrActors(),
        actions: {
          notifyCreated: ({ context }) =>
            notifications.show({ color: 'blue', title: t('form.successTitle'), message: t('form.successBody', { va: context.created?.va_account_no ?? '' }) }),
        },
      }),
    [t],
  );
  const actor = useActorRef(machine, { inspect });
  useEffect(() => {
    const sub = actor.subscribe((snap) => {
      if (snap.status === 'done') navigate('/payment');
    });
    return () => sub.unsubscribe();
  }, [actor, navigate]);
  return <ShopQrAddScreen actor={actor} stores={stores} storesLoading={loading} />;
}

export default function PaymentRoute() {
  return (
    <Routes>
      <Route index element={<ListPage />} />
      <Route path="add" element={<AddPage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
