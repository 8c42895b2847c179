import type { SnapshotFrom } from 'xstate';
import type { categoryListMachine } from './categoryList.machine';
import { validateCategory } from './rules/categoryForm';

/** What the category screen reads from its machine (tags and context, never state names). */

type ListSnapshot = SnapshotFrom<typeof categoryListMachine>;

export const selectCreateOpen = (s: ListSnapshot) => s.hasTag('creating');
export const selectCreateSaving = (s: ListSnapshot) => s.hasTag('saving');
export const selectCreateForm = (s: ListSnapshot) => s.context.form;
/** Field messages, once the first submit asked for them; they follow every change from then on. */
export const selectCreateErrors = (s: ListSnapshot) => (s.context.showErrors ? validateCategory(s.context.form) : {});
export const selectCreateError = (s: ListSnapshot) => s.context.createError;
