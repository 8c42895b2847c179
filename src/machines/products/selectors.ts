import type { SnapshotFrom } from 'xstate';
import type { productFormMachine } from './productForm.machine';
import type { productListMachine } from './productList.machine';
import { productFormKit } from './productForm.machine';
import { requiredFilled } from './rules/productForm';

/** What the product screens read from their machines (tags and context, never state names). */

type ListSnapshot = SnapshotFrom<typeof productListMachine>;
type FormSnapshot = SnapshotFrom<typeof productFormMachine>;

export const selectSearching = (s: ListSnapshot) => s.hasTag('searching');
export const selectStatusFilter = (s: ListSnapshot) => s.context.filter.status;
export const selectStopTarget = (s: ListSnapshot) => s.context.stopTarget;
export const selectStopConfirming = (s: ListSnapshot) => s.hasTag('stopConfirming');
export const selectStopping = (s: ListSnapshot) => s.hasTag('stopping');

const modeOf = (s: FormSnapshot) => (s.context.code === null ? 'create' : 'edit');
export const selectMode = (s: FormSnapshot): 'create' | 'edit' => modeOf(s);
/** The values typed (the shared form, D283). */
export const selectForm = (s: FormSnapshot) => s.context.form.values;
export const selectFieldErrors = (s: FormSnapshot) =>
  s.context.form.showErrors ? productFormKit(s.context.code).errors(s.context.form.values) : {};
/** doc 2 §5: submit stays disabled until name, code and price are filled. */
export const selectCanSubmit = (s: FormSnapshot) => requiredFilled(s.context.form.values) && s.hasTag('form') && !s.hasTag('busy');
export const selectCategories = (s: FormSnapshot) => s.context.categories;
export const selectImage = (s: FormSnapshot) => s.context.image;
export const selectImageProblem = (s: FormSnapshot) => s.context.imageProblem;
export const selectShrinking = (s: FormSnapshot) => s.hasTag('shrinking');
export const selectUploading = (s: FormSnapshot) => s.hasTag('uploading');
export const selectSubmitError = (s: FormSnapshot) => s.context.form.saveError;
export const selectLoadError = (s: FormSnapshot) => s.context.loadError;
export const selectLoading = (s: FormSnapshot) => s.hasTag('loading');
export const selectLoadFailed = (s: FormSnapshot) => s.hasTag('failed');
export const selectMissing = (s: FormSnapshot) => s.hasTag('missing');
export const selectShowsForm = (s: FormSnapshot) => s.hasTag('form') || s.hasTag('saved');
export const selectBusy = (s: FormSnapshot) => s.hasTag('busy');
export const selectSaved = (s: FormSnapshot) => s.hasTag('saved');
