import { defineArea } from '../../platform/area';
import { registerProductRoutes } from './routes';
import { seedProducts } from './seed';

/** Products with images on the sale service (doc 2 §3 Product, §7 /inventory/product); they are filed under categories, so that area comes first. */
export default defineArea({
  name: 'products',
  after: ['categories'],
  routes: { sale: registerProductRoutes },
  seed: seedProducts,
  sql: new URL('./sql/', import.meta.url),
});
