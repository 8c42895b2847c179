import { Switch } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectMethodSwitches, selectSaving } from '../../../machines/checkout/widgetSettings.selectors';
import { useWidgetFields } from './fields';
import type { WidgetSettingsActor } from './actor';
import { FormSection } from './FormSection';

/** Which ways to pay the checkout offers. */
export function MethodsSection({ actor }: { actor: WidgetSettingsActor }) {
  const { t } = useTranslation('checkout');
  const switches = useSelector(actor, selectMethodSwitches);
  const saving = useSelector(actor, selectSaving);
  const fields = useWidgetFields(actor);
  return (
    <FormSection title={t('ecom.methods.title')} disabled={saving}>
      {switches.map((method) => (
        <Switch
          key={method.type}
          label={t(`ecom.methods.names.${method.type}`)}
          description={method.type === 'cash' ? t('ecom.methods.cashHelp') : undefined}
          checked={method.active}
          // A switch is the draft's `methods` with this one set (one FIELD.CHANGE, D283).
          onChange={(e) => fields.change('methods', { ...fields.values.methods, [method.type]: e.currentTarget.checked })}
          data-testid={`ecom-method-${method.type}`}
        />
      ))}
    </FormSection>
  );
}
