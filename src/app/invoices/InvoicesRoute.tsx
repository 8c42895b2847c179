import { useCallback, useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { invoiceCreateMachine } from '../../machines/invoices/invoiceCreate.machine';
import { invoiceListMachine } from '../../machines/invoices/invoiceList.machine';
import { invoiceUrl } from '../../machines/invoices/rules/invoiceUrl';
import { InvoiceCreateScreen } from '../../screens/invoices/InvoiceCreateScreen';
import { InvoiceListScreen } from '../../screens/invoices/InvoiceListScreen';
import { NotFound } from '../../screens/shared/NotFound';
import { notify } from '../shared/notify';
import { useAreaActors, useRuntime } from '../shared/composition';
import { invoicesActorsOf } from './actors';
import { useListPage } from '../shared/use-list-page';
import { invoicePaths, invoiceSegments } from './paths';

/**
 * /sale-invoice and /sale-invoice/create (doc 2 §2; D136): the invoice machines wired to the sale
 * client. The list's page, size and search live in the address; a sale recorded goes to the list.
 */

function ListPage() {
  const a = useAreaActors(invoicesActorsOf);
  const navigate = useNavigate();
  const logic = useMemo(() => {
    const { loadInvoices, cancelInvoice } = a;
    return invoiceListMachine.provide({
      actors: { loadPage: loadInvoices, cancelInvoice },
      actions: {
        notifyCancelled: (_, p) =>
          notify.success({ title: 'invoices:cancel.successTitle', message: 'invoices:cancel.successBody', values: { code: p.code } }),
        notifyCancelFailed: (_, p) => notify.failure('invoices:cancel.failTitle', p.code),
      },
    });
  }, [a]);
  const actor = useListPage(logic, invoiceUrl, { read: ({ page, pageSize, filter }) => ({ page, pageSize, q: filter.q }) });

  return <InvoiceListScreen actor={actor} onCreate={() => navigate(invoicePaths.create())} />;
}

function CreatePage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { inspect } = useRuntime();
  const a = useAreaActors(invoicesActorsOf);
  const goBack = useCallback(() => {
    if (location.key !== 'default') navigate(-1);
    else navigate(invoicePaths.list());
  }, [navigate, location.key]);
  const logic = useMemo(() => {
    const { searchProducts, loadCategories, searchCustomers, createInvoice } = a;
    return invoiceCreateMachine.provide({
      actors: { searchProducts, loadCategories, searchCustomers, createInvoice },
      actions: {
        notifyCreated: (_, p) =>
          notify.success({ title: 'invoices:create.createdTitle', message: 'invoices:create.createdBody', values: { code: p.code } }),
        notifyCreateFailed: (_, p) => notify.failure('invoices:create.failTitle', p.code),
        // The new invoice heads the plain list (newest first).
        goToList: () => navigate(invoicePaths.list()),
      },
    });
  }, [navigate, a]);
  const actor = useActorRef(logic, { inspect });
  return <InvoiceCreateScreen actor={actor} onBack={goBack} />;
}

export default function InvoicesRoute() {
  return (
    <Routes>
      <Route index element={<ListPage />} />
      <Route path={invoiceSegments.create} element={<CreatePage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
