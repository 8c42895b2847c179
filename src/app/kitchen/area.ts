import { defineArea } from '../shared/define-area';

/**
 * The kitchen screen (beyond the spec; D325–D328): a device paired to a store like the customer
 * display receives the dishes sent to the kitchen as tickets and marks them done.
 */
export default defineArea({
  name: 'kitchen',
});
