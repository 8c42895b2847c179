import type { TFunction } from 'i18next';
import type { StaffFieldError } from '../../rules/staff/staff';
import { errorMessage } from '../../services/errors';

/** A field's message in the user's language (staff:validation.*; the §5 keys keep the spec's names). */
export function fieldMessage(t: TFunction, error: StaffFieldError | undefined): string | null {
  return error ? t(`staff:validation.${error}`) : null;
}

/** A service error as text: the catalogue's message (STAFF_LINK_VA names the staff member). */
export function serviceMessage(t: TFunction, error: { code: string; data?: unknown } | null): string {
  const { key, params } = errorMessage(error);
  return t(key, { ...params, defaultValue: t('errors:UNKNOWN_ERROR') });
}
