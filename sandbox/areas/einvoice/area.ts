import { defineArea } from '../../platform/area';
import { registerAutoExportRoutes } from './backend/auto-export';
import { registerEivCodeRoutes } from './backend/eiv-code';
import { registerProviderTokenRoute } from './backend/provider-token';
import { registerSettingsRoutes } from './backend/settings';
import { registerSsoAuthorize, registerSsoRoutes } from './backend/sso';
import { registerTemplateRoutes } from './backend/template';
import { seedAccounts } from './core/accounts';
import { registerMInvoiceRoutes } from './providers/m-invoice/routes';
import { registerMisaRoutes } from './providers/misa/routes';
import { registerFptRoutes } from './providers/fpt/routes';
import { registerViettelRoutes } from './providers/viettel/routes';
import { einvoiceTriggers } from './triggers';

/**
 * The e-invoice providers the portal talks to (M-Invoice, MISA meInvoice, FPT eInvoice, Viettel
 * S-Invoice), emulated under /api/einvoice/<provider>/…, and the product backend's e-invoice calls
 * on the portal and sale services (docs/areas/einvoice.md).
 */
export default defineArea({
  name: 'einvoice',
  // The sale service's call writes the orders area's sale_orders rows.
  after: ['orders'],
  routes: {
    portal: (app, ctx) => {
      registerSettingsRoutes(app, ctx);
      registerSsoRoutes(app, ctx);
      registerProviderTokenRoute(app, ctx);
      registerTemplateRoutes(app, ctx);
    },
    sale: (app, ctx) => {
      registerEivCodeRoutes(app, ctx);
      registerAutoExportRoutes(app, ctx);
    },
    einvoice: (app, ctx) => {
      // One line per provider emulator (providers/<route>/routes.ts) goes here.
      registerSsoAuthorize(app);
      registerMInvoiceRoutes(app, ctx);
      registerMisaRoutes(app, ctx);
      registerFptRoutes(app, ctx);
      registerViettelRoutes(app, ctx);
    },
  },
  seed: seedAccounts,
  triggers: einvoiceTriggers,
  sql: new URL('./sql/', import.meta.url),
});
