import { fromPromise } from 'xstate';
import type { StaffApi } from './index';
import type { NewStaff, StaffChanges, StaffPage, StaffRow } from './schemas';

/**
 * The staff machines' actors (staffList, staffAdd, staffEdit) for `machine.provide({ actors })` in
 * src/app. Each passes the machine's abort signal on, so leaving a state stops its request.
 */
export function createStaffActors(api: StaffApi) {
  return {
    loadStaffPage: fromPromise<StaffPage, { page: number; pageSize: number }>(({ input, signal }) => api.list(input, signal)),
    deleteStaff: fromPromise<void, { id: number }>(({ input, signal }) => api.remove(input.id, signal)),
    loadStaff: fromPromise<StaffRow, { id: number }>(({ input, signal }) => api.get(input.id, signal)),
    addStaff: fromPromise<StaffRow, NewStaff>(({ input, signal }) => api.add(input, signal)),
    updateStaff: fromPromise<StaffRow, StaffChanges>(({ input, signal }) => api.update(input, signal)),
  };
}
