import { defineArea } from '../shared/define-area';

/**
 * Refunds of paid orders (D305): no page of its own; a refund is given from the order it belongs to.
 * The sandbox's sale service holds the rules (sandbox/areas/refunds).
 */
export default defineArea({
  name: 'refunds',
});
