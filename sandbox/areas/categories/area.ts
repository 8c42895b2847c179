import { defineArea } from '../../platform/area';
import { registerCategoryRoutes } from './routes';
import { seedCategories } from './seed';

/** Product categories on the sale service (doc 2 §3 Category, §7 /category; docs/areas/categories.md). */
export default defineArea({
  name: 'categories',
  routes: { sale: registerCategoryRoutes },
  seed: seedCategories,
  sql: new URL('./sql/', import.meta.url),
});
