import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { widgetFormKit } from '../../../machines/checkout/widgetSettings.machine';
import { selectForm } from '../../../machines/checkout/widgetSettings.selectors';
import { BUTTON_TEXT_MAX, URL_MAX_LENGTH } from '../../../machines/checkout/widgetSettings.rules';
import { useFormFields } from '../../shared/form/use-form-fields';
import type { WidgetSettingsActor } from './actor';

/**
 * The widget draft's fields as the shared form gives them (D283): each change is one FIELD.CHANGE.
 * A field's message stays `useProblemText`'s (the form's check, else the service's refusal in its
 * words), and no input takes a ref: a refused save leaves the focus on Save, as it always did.
 */
export function useWidgetFields(actor: WidgetSettingsActor) {
  const { t } = useTranslation('checkout');
  const form = useSelector(actor, selectForm);
  return useFormFields(actor, form, widgetFormKit, {
    rule: (field, code) => t(`ecom.errors.${code}`, { max: field === 'button_text' ? BUTTON_TEXT_MAX : URL_MAX_LENGTH }),
    service: (code) => t('ecom.errors.refused', { msg: code }),
  });
}
