import { defineArea } from '../../platform/area';

/** Tables of food-and-beverage merchants on the sale service (doc 2 §2 Table management, §7 /fnb/table). */
export default defineArea({
  name: 'tables',
  sql: new URL('./sql/', import.meta.url),
});
