import { fromPromise } from 'xstate';
import type { ShiftsApi } from './api';
import type { CloseShiftBody, MovementBody, OpenShiftBody, Shift, StoreShifts } from './schemas';

/** The shift machines' actors for `machine.provide({ actors })` in src/app; each request stops with its actor. */
export function createShiftsActors(api: ShiftsApi) {
  return {
    loadShifts: fromPromise<StoreShifts, { storeId: number }>(({ input, signal }) => api.ofStore(input.storeId, signal)),
    loadDrawers: fromPromise<Shift[], void>(({ signal }) => api.drawers(signal)),
    openShift: fromPromise<Shift, { body: OpenShiftBody; key: string }>(({ input, signal }) => api.open(input.body, input.key, signal)),
    moveCash: fromPromise<Shift, { shiftId: number; body: MovementBody; key: string }>(({ input, signal }) =>
      api.move(input.shiftId, input.body, input.key, signal),
    ),
    closeShift: fromPromise<Shift, { shiftId: number; body: CloseShiftBody; key: string }>(({ input, signal }) =>
      api.close(input.shiftId, input.body, input.key, signal),
    ),
  };
}

export type ShiftsActors = ReturnType<typeof createShiftsActors>;
