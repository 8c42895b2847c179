import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX, type NewCategory } from '../../../services/categories/schemas';
import { visibleText } from '../../../rules/text';

/** The new-category form (doc 2 §7 POST /category/: name, description), checked with the service's limits. */

export interface CategoryForm {
  name: string;
  description: string;
}

export type CategoryFormField = keyof CategoryForm;
/** Message keys in the `categories` namespace. */
export type CategoryFieldErrors = Partial<
  Record<CategoryFormField, 'form.nameRequired' | 'form.nameTooLong' | 'form.descriptionTooLong' | 'form.noControl'>
>;

export const EMPTY_CATEGORY_FORM: CategoryForm = { name: '', description: '' };

// Control characters a person cannot type on purpose (a pasted NUL or tab); line breaks are kept in a description.
const CONTROL_IN_NAME = /\p{Cc}/u;
const CONTROL_IN_DESCRIPTION = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]/;

export function validateCategory(form: CategoryForm): CategoryFieldErrors {
  const errors: CategoryFieldErrors = {};
  const name = visibleText(form.name);
  if (name === '') errors.name = 'form.nameRequired';
  else if (name.length > CATEGORY_NAME_MAX) errors.name = 'form.nameTooLong';
  else if (CONTROL_IN_NAME.test(name)) errors.name = 'form.noControl';
  const description = visibleText(form.description);
  if (description.length > CATEGORY_DESCRIPTION_MAX) errors.description = 'form.descriptionTooLong';
  else if (CONTROL_IN_DESCRIPTION.test(description)) errors.description = 'form.noControl';
  return errors;
}

export const hasCategoryErrors = (errors: CategoryFieldErrors) => Object.keys(errors).length > 0;

export function newCategoryBody(form: CategoryForm): NewCategory {
  return { name: visibleText(form.name), description: visibleText(form.description) };
}
