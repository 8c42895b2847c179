import type { SnapshotFrom } from 'xstate';
import type { categoryListMachine } from './categoryList.machine';

/** What the category screen reads from its machine (tags and context, never state names). */

type ListSnapshot = SnapshotFrom<typeof categoryListMachine>;

export const selectCreateOpen = (s: ListSnapshot) => s.hasTag('creating');
export const selectCreateSaving = (s: ListSnapshot) => s.hasTag('saving');
/** The dialog's form (D283): values, the messages once the first submit asked for them, the last refusal. */
export const selectCreateForm = (s: ListSnapshot) => s.context.form;
