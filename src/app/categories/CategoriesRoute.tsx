import { useMemo } from 'react';
import { Route, Routes } from 'react-router-dom';
import { categoryListMachine } from '../../machines/categories/categoryList.machine';
import { categoryUrl } from '../../machines/categories/rules/categoryUrl';
import { catalogueCode } from '../../services/errors';
import { CategoryListScreen } from '../../screens/categories/CategoryListScreen';
import { NotFound } from '../../screens/shared/NotFound';
import { notify } from '../shared/notify';
import { useAreaActors } from '../shared/composition';
import { categoriesActorsOf } from './actors';
import { useListPage } from '../shared/use-list-page';

/**
 * /category (doc 2 §2): the category machine wired to the sale service's client. The list's page and
 * size live in the address (doc 2 §9 defaults page 1, size 10 are left out).
 */

function CategoryListPage() {
  const a = useAreaActors(categoriesActorsOf);
  const logic = useMemo(() => {
    const { loadCategories, deleteCategory, createCategory } = a;
    return categoryListMachine.provide({
      actors: { loadPage: loadCategories, deleteRow: deleteCategory, createCategory },
      actions: {
        notifyDeleted: (_, p) =>
          notify.success({
            title: 'categories:delete.successTitle',
            message: 'categories:delete.successBody',
            values: { name: p.row.category_name },
          }),
        notifyDeleteFailed: (_, p) => notify.failure('categories:delete.failTitle', p.code),
        notifyCreated: (_, p) =>
          notify.success({ title: 'categories:form.createdTitle', message: 'categories:form.createdBody', values: { name: p.name } }),
        // doc 2 §8 "add product catalogue fail"; the catalogue's NAME_CODE_EXIST speaks of a product code, so a taken name says so itself.
        notifyCreateFailed: (_, p) =>
          catalogueCode(p.code) === 'NAME_CODE_EXIST'
            ? notify.failureText({ title: 'categories:form.failTitle', message: 'categories:form.nameTaken' })
            : notify.failure('categories:form.failTitle', p.code),
      },
    });
  }, [a]);
  const actor = useListPage(logic, categoryUrl);

  return <CategoryListScreen actor={actor} />;
}

export default function CategoriesRoute() {
  return (
    <Routes>
      <Route index element={<CategoryListPage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
