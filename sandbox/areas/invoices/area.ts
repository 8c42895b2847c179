import { defineArea } from '../../platform/area';
import { registerInvoiceRoutes } from './routes';

/** Sale invoices (doc 2 §2 /sale-invoice, §7 /invoice): paid orders' invoices and counter sales, rows of the orders area's sale_orders (by SQL). */
export default defineArea({
  name: 'invoices',
  routes: { sale: registerInvoiceRoutes },
  sql: new URL('./sql/', import.meta.url),
});
