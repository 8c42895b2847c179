import type { SnapshotFrom } from 'xstate';
import type { staffAddMachine } from './staffAdd.machine';
import type { staffEditMachine } from './staffEdit.machine';

/** What the staff screens read from their machines (tags and context, never state names). */

type AddSnapshot = SnapshotFrom<typeof staffAddMachine>;
type EditSnapshot = SnapshotFrom<typeof staffEditMachine>;

/** The shared form (values, what to show, the last refusal: D283). */
export const selectAddForm = (s: AddSnapshot) => s.context.form;
export const selectAddBusy = (s: AddSnapshot) => s.hasTag('busy');

export const selectEditStaff = (s: EditSnapshot) => s.context.staff;
export const selectEditForm = (s: EditSnapshot) => s.context.form;
export const selectEditLoadError = (s: EditSnapshot) => s.context.loadError;
export const selectEditLoading = (s: EditSnapshot) => s.hasTag('loading');
export const selectEditBusy = (s: EditSnapshot) => s.hasTag('busy');
/** The form is on screen (loaded; while saving it stays, read-only). */
export const selectEditShowsForm = (s: EditSnapshot) => s.hasTag('form');
export const selectEditLoadFailed = (s: EditSnapshot) => s.hasTag('failed');
/** No such staff member (deleted, or not this merchant's). */
export const selectEditMissing = (s: EditSnapshot) => s.hasTag('missing');
