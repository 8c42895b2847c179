import { defineArea } from '../../platform/area';
import { registerApprovalRoutes } from './routes';

/**
 * Manager approval (D310): the owner's approval PIN, staff members' requests to void or refund, and the
 * gate the orders and refunds areas call (index.ts). Its bell notifications are the notifications
 * area's rows of kind 4 (notifications/sql/004_approval.sql).
 */
export default defineArea({
  name: 'approvals',
  after: ['notifications'],
  routes: { sale: registerApprovalRoutes },
  sql: new URL('./sql/', import.meta.url),
});
