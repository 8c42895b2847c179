import type { TFunction } from 'i18next';
import type { FeedbackField, FieldError } from '../../machines/feedback/rules/feedbackForm';
import { errorMessageKey } from '../../services/errors';

/**
 * The feedback service's own codes have the area's texts (the same three image messages the form
 * shows, and a report that is gone); every other code is the catalogue's.
 */
const AREA_CODES: Record<string, string> = {
  IMAGE_TOO_LARGE: 'feedback:errors.imageSize',
  IMAGE_INVALID_FORMAT: 'feedback:errors.imageFormat',
  FEEDBACK_NOT_FOUND: 'feedback:errors.notFound',
};

export function feedbackErrorKey(code: string | null | undefined): string {
  return (code && AREA_CODES[code]) || errorMessageKey(code);
}

export function serviceMessage(t: TFunction, code: string | null | undefined): string {
  return t(feedbackErrorKey(code));
}

/** A field's message in the user's language. */
export function fieldMessage(t: TFunction, field: FeedbackField, error: FieldError | undefined): string | null {
  if (!error) return null;
  if (field === 'images') return t('feedback:errors.imageMissing');
  if (field === 'description' && error === 'tooLong') return t('feedback:errors.descriptionTooLong');
  return t(`feedback:errors.${field}`);
}
