import { useEffect, useMemo, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { Route, Routes, useNavigate, useSearchParams } from 'react-router-dom';
import { productFormMachine } from '../../machines/products/productForm.machine';
import { productListMachine } from '../../machines/products/productList.machine';
import { productUrl } from '../../machines/products/rules/productUrl';
import { catalogueCode } from '../../services/errors';
import { NotFound } from '../../screens/shared/NotFound';
import { ProductFormScreen } from '../../screens/products/ProductFormScreen';
import { ProductListScreen } from '../../screens/products/ProductListScreen';
import { notify } from '../shared/notify';
import { useAreaActors, useRuntime } from '../shared/composition';
import { productsActorsOf } from './actors';
import { useListPage } from '../shared/use-list-page';
import { productPaths, productSegments } from './paths';

/**
 * /sale-product and its sub-pages (doc 2 §2): the product machines wired to the sale service. The
 * list's search, status, page and size live in the address.
 */

function ListPage() {
  const a = useAreaActors(productsActorsOf);
  const logic = useMemo(() => {
    const { loadProducts, stopSale } = a;
    return productListMachine.provide({
      actors: { loadPage: loadProducts, stopSale },
      actions: {
        notifyStopped: (_, p) =>
          notify.success({ title: 'products:stop.successTitle', message: 'products:stop.successBody', values: { name: p.row.name } }),
        notifyStopFailed: (_, p) => notify.failure('products:stop.failTitle', p.code),
      },
    });
  }, [a]);
  const actor = useListPage(logic, productUrl);

  // The VAT column shows each class's rate on the day the page opened (D226).
  const [now] = useState(() => Date.now());
  const { vatRates } = useRuntime().config;
  return (
    <ProductListScreen
      actor={actor}
      addHref={productPaths.create()}
      editHref={productPaths.update}
      loadImage={a.loadImage}
      vatRates={vatRates}
      now={now}
    />
  );
}

function FormPage({ code }: { code: string | null }) {
  const navigate = useNavigate();
  const { inspect, config } = useRuntime();
  const a = useAreaActors(productsActorsOf);
  const logic = useMemo(() => {
    const { loadForm, shrinkImage, uploadImage, createProduct, updateProduct } = a;
    return productFormMachine.provide({
      actors: { loadForm, shrinkImage, uploadImage, createProduct, updateProduct },
      actions: {
        notifySaved: (_, p) =>
          p.mode === 'create'
            ? notify.success({ title: 'products:form.addedTitle', message: 'products:form.addedBody', values: { name: p.product.name } })
            : notify.success({
                title: 'products:form.updatedTitle',
                message: 'products:form.updatedBody',
                values: { name: p.product.name },
              }),
        // doc 2 §8: "add product fail" / "update product fail" with the mapped message; a taken code says so in the product's words.
        notifySaveFailed: (_, p) => {
          const title = p.mode === 'create' ? 'products:form.addFailTitle' : 'products:form.updateFailTitle';
          if (catalogueCode(p.code) === 'NAME_CODE_EXIST') notify.failureText({ title, message: 'products:form.codeTaken' });
          else notify.failure(title, p.code);
        },
      },
    });
  }, [a]);
  const actor = useActorRef(logic, { input: { code }, inspect });
  // Done (saved, cancelled): back to the previous page, the list (doc 2 §4).
  useEffect(() => {
    const sub = actor.subscribe((snap) => {
      if (snap.status === 'done') navigate(productPaths.list());
    });
    return () => sub.unsubscribe();
  }, [actor, navigate]);
  // The tax-class choices show each class's rate on the day the form opened, from config.json (D226).
  const [now] = useState(() => Date.now());
  return <ProductFormScreen actor={actor} loadImage={a.loadImage} vatRates={config.vatRates} now={now} />;
}

function UpdatePage() {
  const [params] = useSearchParams();
  const code = params.get('id') ?? '';
  if (!/^[A-Za-z0-9]{1,30}$/.test(code)) return <NotFound signedIn />;
  // Another code is another form (its own machine), not the previous one's values.
  return <FormPage key={code} code={code} />;
}

export default function ProductsRoute() {
  return (
    <Routes>
      <Route index element={<ListPage />} />
      <Route path={productSegments.create} element={<FormPage code={null} />} />
      <Route path={productSegments.update} element={<UpdatePage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
