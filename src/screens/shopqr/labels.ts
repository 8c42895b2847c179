import type { TFunction } from 'i18next';
import type { FieldError, ShopQrField } from '../../machines/shopqr/rules/shopQr';
import { errorMessage } from '../../services/errors';

/** A field's message in the user's language (shopqr:errors.*). */
export function fieldMessage(t: TFunction, field: ShopQrField, error: FieldError | undefined): string | null {
  if (!error) return null;
  if (field === 'amount') return t(`shopqr:errors.${error === 'required' ? 'amountRequired' : error}`);
  return t(`shopqr:errors.${field}`);
}

/** A service error as text: the catalogue's message (STAFF_LINK_VA names the staff member). */
export function serviceMessage(t: TFunction, error: { code: string; data?: unknown } | null): string {
  const { key, params } = errorMessage(error);
  return t(key, { ...params, defaultValue: t('errors:UNKNOWN_ERROR') });
}
