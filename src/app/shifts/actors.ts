import { createShiftsActors, createShiftsApi } from '../../services/shifts';
import type { AppScope } from '../shared/composition';

/** The shifts area's wiring for one runtime (D279): the sale client's shift calls. */
export const shiftsActorsOf = ({ runtime }: AppScope) => createShiftsActors(createShiftsApi(runtime.clients.sale));
