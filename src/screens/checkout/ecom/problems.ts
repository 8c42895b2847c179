import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { BUTTON_TEXT_MAX, COLOUR_FIELDS, URL_FIELDS, type FieldProblem } from '../../../machines/checkout/widgetSettings.rules';
import { selectRefusals } from '../../../machines/checkout/widgetSettings.selectors';
import type { WidgetSettingsActor } from './actor';

/**
 * A field's message: the form's own check first, else what the service refused for that field, in
 * the service's words.
 */
export function useProblemText(actor: WidgetSettingsActor): (problem: FieldProblem | undefined, field: string) => string | undefined {
  const { t } = useTranslation('checkout');
  const refusals = useSelector(actor, selectRefusals);
  return (problem, field) => {
    const refused = refusals[field];
    if (problem) return t(`ecom.errors.${problem}`, { max: field === 'button_text' ? BUTTON_TEXT_MAX : 2048 });
    if (refused !== undefined) return t('ecom.errors.refused', { msg: refused });
    return undefined;
  };
}

/** A refused field named as its input is labelled, so "field: msg" reads in the user's language. */
export function fieldLabel(t: (key: string) => string, field: string): string {
  const known = [...URL_FIELDS, ...COLOUR_FIELDS, 'button_text', 'border_radius', 'logo', 'logo_height', 'logo_position', 'merchant_name'];
  return known.includes(field) ? t(`ecom.fields.${field}`) : field;
}
