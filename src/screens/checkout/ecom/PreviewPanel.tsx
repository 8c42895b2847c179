import { Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectInfo,
  selectPreviewLook,
  selectPreviewMethods,
  selectPreviewSelected,
} from '../../../machines/checkout/widgetSettings.selectors';
import { CheckoutView } from '../CheckoutView';
import type { WidgetSettingsActor } from './actor';

export const PREVIEW_COUNTDOWN = '01:00:00';
export const PREVIEW_AMOUNT = 150_000;

/** The checkout as a payer would see it with the settings being edited (the same view as the hosted page). */
export function PreviewPanel({ actor, logoUrl }: { actor: WidgetSettingsActor; logoUrl: string | null }) {
  const { t } = useTranslation('checkout');
  const info = useSelector(actor, selectInfo);
  const look = useSelector(actor, selectPreviewLook);
  const previewMethods = useSelector(actor, selectPreviewMethods);
  const previewSelected = useSelector(actor, selectPreviewSelected);
  if (!info || !look) return null;
  return (
    <Stack gap="xs" data-testid="ecom-preview" style={{ flex: '1 1 340px', minWidth: 0, position: 'sticky', top: 72 }}>
      <Title order={2} size="h4">
        {t('ecom.preview.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('ecom.preview.help')}
      </Text>
      <CheckoutView
        look={{ ...look, logo_url: logoUrl }}
        merchantName={info.merchant_name}
        orderId={t('ecom.preview.sampleOrder')}
        amount={PREVIEW_AMOUNT}
        methods={previewMethods}
        selected={previewSelected}
        onSelect={(method) => actor.send({ type: 'PREVIEW.SELECT', method })}
        countdown={PREVIEW_COUNTDOWN}
        status="open"
        mode="preview"
      >
        {previewSelected ? <Text size="sm">{t(`ecom.preview.sample.${previewSelected}`)}</Text> : null}
      </CheckoutView>
    </Stack>
  );
}
