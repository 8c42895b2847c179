// Planted (g): orders and einvoice declare each other, so this edge closes a cycle.
import { issue } from '../einvoice'; // lint-expect: (g)

export const exportOrder = issue;
