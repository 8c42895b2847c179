import type { ServiceClient } from '../http/client';
import {
  drawersSchema,
  shiftSchema,
  storeShiftsSchema,
  type CloseShiftBody,
  type MovementBody,
  type OpenShiftBody,
  type Shift,
  type StoreShifts,
} from './schemas';

/**
 * The sale service's shift calls (D303; docs/areas/shifts.md). Every answer is validated; the calls
 * that change the drawer carry the attempt's Idempotency-Key, kept by the machine for a retry.
 */

export interface ShiftsApi {
  ofStore(storeId: number, signal?: AbortSignal): Promise<StoreShifts>;
  drawers(signal?: AbortSignal): Promise<Shift[]>;
  open(body: OpenShiftBody, key: string, signal?: AbortSignal): Promise<Shift>;
  move(shiftId: number, body: MovementBody, key: string, signal?: AbortSignal): Promise<Shift>;
  close(shiftId: number, body: CloseShiftBody, key: string, signal?: AbortSignal): Promise<Shift>;
}

export function createShiftsApi(sale: ServiceClient): ShiftsApi {
  const headers = (key: string) => ({ 'Idempotency-Key': key });
  return {
    ofStore: (storeId, signal) =>
      sale.data({ name: 'shift.ofStore', path: '/shift', query: { store_id: storeId }, schema: storeShiftsSchema, signal }),
    drawers: async (signal) => (await sale.data({ name: 'shift.drawers', path: '/shift/drawers', schema: drawersSchema, signal })).items,
    open: (body, key, signal) =>
      sale.data({ name: 'shift.open', method: 'POST', path: '/shift', body, headers: headers(key), schema: shiftSchema, signal }),
    move: (shiftId, body, key, signal) =>
      sale.data({
        name: 'shift.move',
        method: 'POST',
        path: `/shift/${shiftId}/movement`,
        body,
        headers: headers(key),
        schema: shiftSchema,
        signal,
      }),
    close: (shiftId, body, key, signal) =>
      sale.data({
        name: 'shift.close',
        method: 'POST',
        path: `/shift/${shiftId}/close`,
        body,
        headers: headers(key),
        schema: shiftSchema,
        signal,
      }),
  };
}
