import type { FastifyInstance } from 'fastify';
import { defineArea } from '../../platform/area';
import type { SandboxContext } from '../../platform/context';
import { registerAddressRoutes, registerStoreRoutes } from './routes';

/**
 * Stores (list, add, delete) on the platform's `stores` table, and the address lists. The delete
 * checks ShopQRs and card machines, so their areas' tables come first.
 */
export default defineArea({
  name: 'stores',
  after: ['shopqr', 'edc'],
  routes: {
    portal: (app: FastifyInstance, ctx: SandboxContext) => {
      registerStoreRoutes(app, ctx);
      registerAddressRoutes(app, ctx);
    },
  },
  sql: new URL('./sql/', import.meta.url),
});
