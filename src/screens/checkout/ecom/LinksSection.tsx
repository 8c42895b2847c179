import { TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { URL_FIELDS, type UrlField } from '../../../machines/checkout/widgetSettings.rules';
import { selectDraft, selectFieldErrors, selectInfo, selectSaving } from '../../../machines/checkout/widgetSettings.selectors';
import type { WidgetSettingsActor } from './actor';
import { FormSection } from './FormSection';
import { useProblemText } from './problems';
import { useWidgetFields } from './fields';

/** The shop's return and notification addresses, and the checkout address the bank gives. */
export function LinksSection({ actor }: { actor: WidgetSettingsActor }) {
  const { t } = useTranslation('checkout');
  const draft = useSelector(actor, selectDraft);
  const info = useSelector(actor, selectInfo);
  const errors = useSelector(actor, selectFieldErrors);
  const saving = useSelector(actor, selectSaving);
  const problemText = useProblemText(actor);
  const fields = useWidgetFields(actor);
  if (!draft || !info) return null;
  return (
    <FormSection title={t('ecom.links.title')} disabled={saving}>
      {URL_FIELDS.map((field: UrlField) => (
        <TextInput
          key={field}
          label={t(`ecom.fields.${field}`)}
          description={t(`ecom.links.help.${field}`)}
          placeholder="https://"
          required
          inputMode="url"
          autoComplete="off"
          {...fields.text(field)}
          ref={undefined}
          error={problemText(errors[field], field)}
          data-testid={`ecom-${field}`}
        />
      ))}
      <TextInput label={t('ecom.fields.checkout_url')} value={info.checkout_url} readOnly data-testid="ecom-checkout-url" />
    </FormSection>
  );
}
