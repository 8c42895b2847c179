import { defineArea } from '../../platform/area';
import { registerShopQrRoutes } from './routes';
import { seedShopQr } from './seed';

/** ShopQR virtual accounts; each sits on a linked bank account, so the bank area comes first. */
export default defineArea({
  name: 'shopqr',
  after: ['bank'],
  routes: { portal: registerShopQrRoutes },
  seed: seedShopQr,
  sql: new URL('./sql/', import.meta.url),
});
