import { useTranslation } from 'react-i18next';
import type { FormFieldEvent, FormKit, FormState } from '../../machines/shared/form/form';
import type { StaffFieldError } from '../../rules/staff/staff';
import { useFormFields } from '../shared/form/use-form-fields';
import { fieldMessage, serviceMessage } from './labels';

/** The shared form hook (D283) with the staff area's words: staff:validation.* beside a field, the catalogue's for a service code. */
export function useStaffForm<V extends object, F extends keyof V & string>(
  actor: { send: (event: FormFieldEvent<V, F>) => void },
  form: FormState<V, F>,
  kit: FormKit<V, F, StaffFieldError>,
) {
  const { t } = useTranslation(['staff', 'errors']);
  return useFormFields(actor, form, kit, {
    rule: (_field, code) => fieldMessage(t, code) ?? '',
    service: (code) => serviceMessage(t, { code }),
  });
}
