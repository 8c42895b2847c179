import { useCallback, useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { customerFormMachine } from '../../machines/customers/customerForm.machine';
import { customerListMachine } from '../../machines/customers/customerList.machine';
import { customerUrl } from '../../machines/customers/rules/customerUrl';
import type { Customer } from '../../services/customers/schemas';
import { CustomerFormScreen } from '../../screens/customers/CustomerFormScreen';
import { CustomerListScreen } from '../../screens/customers/CustomerListScreen';
import { NotFound } from '../../screens/shared/NotFound';
import { notify } from '../shared/notify';
import { useAreaActors, useRuntime } from '../shared/composition';
import { customersActorsOf } from './actors';
import { useListPage } from '../shared/use-list-page';
import { customerPaths, customerSegments } from './paths';

/**
 * /sale-customer and its sub-pages (doc 2 §2): the customer machines wired to the sale client (the
 * address pickers' lists come from the portal client's /region/* calls). Open to staff-type users
 * (D110). The list's page, size and search live in the address; a save goes back to where the
 * person came from (doc 2 §4: the list as they left it), the plain list when they arrived directly.
 */

function ListPage() {
  const a = useAreaActors(customersActorsOf);
  const navigate = useNavigate();
  const logic = useMemo(() => customerListMachine.provide({ actors: { loadPage: a.loadCustomers } }), [a]);
  const actor = useListPage(logic, customerUrl, { read: ({ page, pageSize, filter }) => ({ page, pageSize, q: filter.q }) });

  const editPath = useCallback((c: Customer) => customerPaths.update(c.customer_id), []);
  return <CustomerListScreen actor={actor} onAdd={() => navigate(customerPaths.create())} editPath={editPath} />;
}

/** Back to the page before (the list with its search and page), or the plain list when this page was opened directly. */
function useGoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key !== 'default') navigate(-1);
    else navigate(customerPaths.list());
  }, [navigate, location.key]);
}

function FormPage({ id }: { id: number | null }) {
  const goBack = useGoBack();
  const { inspect } = useRuntime();
  const a = useAreaActors(customersActorsOf);
  const logic = useMemo(() => {
    const { loadCustomer, createCustomer, updateCustomer, loadCities, loadWards } = a;
    return customerFormMachine.provide({
      actors: { loadCustomer, createCustomer, updateCustomer, loadCities, loadWards },
      actions: {
        notifySaved: (_, params) =>
          notify.success({
            title: params.created ? 'customers:form.createdTitle' : 'customers:form.updatedTitle',
            message: params.created ? 'customers:form.createdBody' : 'customers:form.updatedBody',
            values: { name: params.name },
          }),
        notifySaveFailed: (_, params) => {
          const title = params.created ? 'customers:form.createFailTitle' : 'customers:form.updateFailTitle';
          // The area's own code has the area's text; every other code the catalogue's (core §8).
          if (params.code === 'CUSTOMER_NOT_EXIST') notify.failureText({ title, message: 'customers:codes.CUSTOMER_NOT_EXIST' });
          else notify.failure(title, params.code);
        },
        goBack,
      },
    });
  }, [goBack, a]);
  const actor = useActorRef(logic, { input: { id }, inspect });
  return <CustomerFormScreen actor={actor} onBack={goBack} />;
}

function UpdatePage() {
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) return <NotFound signedIn />;
  // A new id is a new form (its own machine), not the previous one's values.
  return <FormPage key={raw} id={Number(raw)} />;
}

export default function CustomersRoute() {
  return (
    <Routes>
      <Route index element={<ListPage />} />
      <Route path={customerSegments.create} element={<FormPage id={null} />} />
      <Route path={customerSegments.update} element={<UpdatePage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
