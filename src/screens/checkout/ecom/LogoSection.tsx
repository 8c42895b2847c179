import { useRef } from 'react';
import { Button, Group, Radio, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { LogoHeight, LogoPosition } from '../../../machines/checkout/widgetSettings.rules';
import {
  selectCheckingLogo,
  selectDraft,
  selectLogoRefusal,
  selectRefusals,
  selectSaving,
} from '../../../machines/checkout/widgetSettings.selectors';
import type { WidgetSettingsActor } from './actor';
import { useWidgetFields } from './fields';
import { FormSection } from './FormSection';

const LOGO_HEIGHTS: readonly LogoHeight[] = [60, 80, 100];
const LOGO_POSITIONS: readonly LogoPosition[] = ['left', 'center', 'right'];

/** The logo: pick (checked and re-encoded by the machine's actor), remove, its height and position. */
export function LogoSection({ actor, logoUrl }: { actor: WidgetSettingsActor; logoUrl: string | null }) {
  const { t } = useTranslation('checkout');
  const draft = useSelector(actor, selectDraft);
  const saving = useSelector(actor, selectSaving);
  const checkingLogo = useSelector(actor, selectCheckingLogo);
  const logoRefusal = useSelector(actor, selectLogoRefusal);
  const refusals = useSelector(actor, selectRefusals);
  const fileInput = useRef<HTMLInputElement>(null);
  const fields = useWidgetFields(actor);
  if (!draft) return null;
  return (
    <FormSection title={t('ecom.logo.title')} disabled={saving}>
      <Group gap="md" align="center">
        {logoUrl ? (
          <img
            src={logoUrl}
            alt={t('ecom.logo.current')}
            height={40}
            style={{ maxWidth: 160, objectFit: 'contain' }}
            data-testid="ecom-logo"
          />
        ) : (
          <Text size="sm" c="dimmed" data-testid="ecom-no-logo">
            {t('ecom.logo.none')}
          </Text>
        )}
        <Button variant="default" onClick={() => fileInput.current?.click()} loading={checkingLogo} data-testid="ecom-logo-pick">
          {t('ecom.logo.pick')}
        </Button>
        {logoUrl ? (
          <Button variant="subtle" color="red" onClick={() => actor.send({ type: 'LOGO.REMOVE' })} data-testid="ecom-logo-remove">
            {t('ecom.logo.remove')}
          </Button>
        ) : null}
      </Group>
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,.png,.jpg,.jpeg"
        hidden
        aria-label={t('ecom.logo.pick')}
        data-testid="ecom-logo-file"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) actor.send({ type: 'LOGO.PICK', file });
        }}
      />
      <Text size="xs" c="dimmed" id="ecom-logo-help">
        {t('ecom.logo.help')}
      </Text>
      {logoRefusal ? (
        <Text size="sm" c="red.9" role="alert" data-testid="ecom-logo-refused">
          {t(`ecom.logo.refused.${logoRefusal.problem}`, { name: logoRefusal.name })}
        </Text>
      ) : null}
      {refusals.logo !== undefined ? (
        <Text size="sm" c="red.9">
          {t('ecom.errors.refused', { msg: refusals.logo })}
        </Text>
      ) : null}
      <Radio.Group
        label={t('ecom.logo.height')}
        value={String(draft.logo_height)}
        onChange={(value) => fields.change('logo_height', Number(value) as LogoHeight)}
      >
        <Group gap="md" mt={4}>
          {LOGO_HEIGHTS.map((height) => (
            <Radio
              key={height}
              value={String(height)}
              label={t(`ecom.logo.heights.${height}`)}
              data-testid={`ecom-logo-height-${height}`}
            />
          ))}
        </Group>
      </Radio.Group>
      <Radio.Group
        label={t('ecom.logo.position')}
        value={draft.logo_position}
        onChange={(value) => fields.change('logo_position', value as LogoPosition)}
      >
        <Group gap="md" mt={4}>
          {LOGO_POSITIONS.map((position) => (
            <Radio
              key={position}
              value={position}
              label={t(`ecom.logo.positions.${position}`)}
              data-testid={`ecom-logo-position-${position}`}
            />
          ))}
        </Group>
      </Radio.Group>
    </FormSection>
  );
}
