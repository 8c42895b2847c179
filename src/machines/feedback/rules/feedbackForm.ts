import { FEEDBACK_DESCRIPTION_MAX, needsContent, needsSerial, type FeedbackType } from '../../../services/feedback/schemas';

/** core §5 Feedback: store, description and at least one image always; content except OTHER; card machine except CHECK. */

export type FeedbackField = 'store' | 'content' | 'description' | 'serial' | 'images';
export type FieldError = 'required' | 'tooLong';
export type FeedbackFieldErrors = Partial<Record<FeedbackField, FieldError>>;

export interface FeedbackForm {
  storeId: string | null;
  storeName: string | null;
  content: string | null;
  description: string;
  serialNumber: string | null;
}

export const EMPTY_FEEDBACK_FORM: FeedbackForm = { storeId: null, storeName: null, content: null, description: '', serialNumber: null };

export function validateFeedbackForm(type: FeedbackType, form: FeedbackForm, imageCount: number): FeedbackFieldErrors {
  const errors: FeedbackFieldErrors = {};
  if (!form.storeId) errors.store = 'required';
  if (needsContent(type) && !form.content) errors.content = 'required';
  const description = form.description.trim();
  if (!description) errors.description = 'required';
  else if ([...description].length > FEEDBACK_DESCRIPTION_MAX) errors.description = 'tooLong';
  if (needsSerial(type) && !form.serialNumber) errors.serial = 'required';
  if (imageCount === 0) errors.images = 'required';
  return errors;
}

export const hasErrors = (errors: FeedbackFieldErrors) => Object.keys(errors).length > 0;
