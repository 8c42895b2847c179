import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { tableGridMachine } from '../../machines/tables/tableGrid.machine';
import { catalogueCode } from '../../services/errors';
import { NotFound } from '../../screens/shared/NotFound';
import { TableGridScreen } from '../../screens/tables/TableGridScreen';
import { ordersPaths } from '../orders/paths';
import { notify } from '../shared/notify';
import { useAreaActors, useRuntime } from '../shared/composition';
import { tablesActorsOf } from './actors';

/**
 * /sale-table (doc 2 §2 Table management), food and beverage merchants only (the area's `fnbOnly`):
 * the table grid machine wired to the sale client. A bill opens on the order page of the orders area.
 */

function TableGridPage() {
  const navigate = useNavigate();
  const { inspect } = useRuntime();
  const a = useAreaActors(tablesActorsOf);
  const logic = useMemo(
    () =>
      tableGridMachine.provide({
        actors: a,
        actions: {
          goToOrder: (_, p) => navigate(ordersPaths.detail(p.orderId)),
          // doc 2 §8: "Table creation fail → toast Create Order Fail"; the body says why (a taken name in the area's words).
          notifyCreateFailed: (_, p) =>
            catalogueCode(p.code) === 'NAME_CODE_EXIST'
              ? notify.failureText({ title: 'tables:toast.createFail', message: 'tables:form.nameTaken' })
              : notify.failure('tables:toast.createFail', p.code),
          notifyRenamed: (_, p) =>
            notify.success({ title: 'tables:toast.renamedTitle', message: 'tables:toast.renamedBody', values: { name: p.name } }),
          notifyRenameFailed: (_, p) =>
            catalogueCode(p.code) === 'NAME_CODE_EXIST'
              ? notify.failureText({ title: 'tables:toast.renameFail', message: 'tables:form.nameTaken' })
              : notify.failure('tables:toast.renameFail', p.code),
          notifyRemoved: (_, p) =>
            notify.success({ title: 'tables:toast.removedTitle', message: 'tables:toast.removedBody', values: { name: p.name } }),
          notifyRemoveFailed: (_, p) =>
            p.code === 'TABLE_HAS_ORDER'
              ? notify.failureText({ title: 'tables:toast.removeFail', message: 'tables:form.hasOrder' })
              : notify.failure('tables:toast.removeFail', p.code),
          // doc 2 §8: the message of require_setting_eorder_website.
          notifyNoWebsite: () => notify.warning({ title: 'tables:qr.noWebsiteTitle', message: 'tables:qr.require_setting_eorder_website' }),
          notifyQrFailed: (_, p) => notify.failure('tables:toast.qrFail', p.code),
          notifySaveFailed: (_, p) => notify.failure('tables:toast.saveFail', p.code),
          notifyOpenFailed: (_, p) => notify.failure('tables:toast.openFail', p.code),
        },
      }),
    [navigate, a],
  );
  const actor = useActorRef(logic, { inspect });
  return <TableGridScreen actor={actor} />;
}

export default function TablesRoute() {
  return (
    <Routes>
      <Route index element={<TableGridPage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
