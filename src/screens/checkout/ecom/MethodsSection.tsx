import { Switch } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectMethodSwitches, selectSaving } from '../../../machines/checkout/widgetSettings.selectors';
import type { WidgetSettingsActor } from './actor';
import { FormSection } from './FormSection';

/** Which ways to pay the checkout offers. */
export function MethodsSection({ actor }: { actor: WidgetSettingsActor }) {
  const { t } = useTranslation('checkout');
  const switches = useSelector(actor, selectMethodSwitches);
  const saving = useSelector(actor, selectSaving);
  return (
    <FormSection title={t('ecom.methods.title')} disabled={saving}>
      {switches.map((method) => (
        <Switch
          key={method.type}
          label={t(`ecom.methods.names.${method.type}`)}
          description={method.type === 'cash' ? t('ecom.methods.cashHelp') : undefined}
          checked={method.active}
          onChange={(e) => actor.send({ type: 'METHOD.SET', method: method.type, active: e.currentTarget.checked })}
          data-testid={`ecom-method-${method.type}`}
        />
      ))}
    </FormSection>
  );
}
