// Planted (g): the other edge of the same cycle.
import type { exportOrder } from '../orders'; // lint-expect: (g)

export const issue = (): void => undefined;
export type Exporter = typeof exportOrder;
