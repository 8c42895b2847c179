import { FEEDBACK_DESCRIPTION_MAX, needsContent, needsSerial, type FeedbackType } from '../../../services/feedback/schemas';

/** core §5 Feedback: store, description and at least one image always; content except OTHER; card machine except CHECK. */

/** The typed fields, named as the form keeps them (FIELD.CHANGE {field, value}); the images are the form's own list. */
export interface FeedbackForm {
  /** The store's id as the store picker gives it; its name is not sent (core §7: store_id). */
  store: string | null;
  content: string | null;
  serial: string | null;
  description: string;
}

export type FeedbackTextField = keyof FeedbackForm;
export type FeedbackField = FeedbackTextField | 'images';
export type FieldError = 'required' | 'tooLong';
export type FeedbackFieldErrors = Partial<Record<FeedbackField, FieldError>>;

export const EMPTY_FEEDBACK_FORM: FeedbackForm = { store: null, content: null, serial: null, description: '' };

/** The typed fields in screen order (store, content, terminal, description) and their problems for a type. */
export const FEEDBACK_FIELDS: readonly FeedbackTextField[] = ['store', 'content', 'serial', 'description'];

export function validateFeedbackFields(type: FeedbackType, form: FeedbackForm): Partial<Record<FeedbackTextField, FieldError>> {
  const errors: Partial<Record<FeedbackTextField, FieldError>> = {};
  if (!form.store) errors.store = 'required';
  if (needsContent(type) && !form.content) errors.content = 'required';
  const description = form.description.trim();
  if (!description) errors.description = 'required';
  else if ([...description].length > FEEDBACK_DESCRIPTION_MAX) errors.description = 'tooLong';
  if (needsSerial(type) && !form.serial) errors.serial = 'required';
  return errors;
}

/** Every field's problem, the images included (at least one). */
export function validateFeedbackForm(type: FeedbackType, form: FeedbackForm, imageCount: number): FeedbackFieldErrors {
  const errors: FeedbackFieldErrors = validateFeedbackFields(type, form);
  if (imageCount === 0) errors.images = 'required';
  return errors;
}

export const hasErrors = (errors: FeedbackFieldErrors) => Object.keys(errors).length > 0;
