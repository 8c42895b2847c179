import { useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectCanSubmit,
  selectDraft,
  selectInfo,
  selectLoadError,
  selectLoadFailed,
  selectLoading,
  selectLogoDraft,
  selectPreviewLook,
  selectSaveFailure,
  selectSaving,
} from '../../machines/checkout/widgetSettings.selectors';
import { errorMessageKey } from '../../services/errors';
import { FailureAlert } from '../shared/FailureAlert';
import { LoadingLine } from '../shared/LoadingLine';
import type { CopyOutcome } from '../shared/PaymentLinkResult';
import type { WidgetSettingsActor } from './ecom/actor';
import { EmbedPanel } from './ecom/EmbedPanel';
import { LinksSection } from './ecom/LinksSection';
import { LogoSection } from './ecom/LogoSection';
import { LookSection } from './ecom/LookSection';
import { MethodsSection } from './ecom/MethodsSection';
import { PreviewPanel } from './ecom/PreviewPanel';
import { fieldLabel } from './ecom/problems';
import { SubmitForm } from '../shared/form/SubmitForm';

export type { CopyOutcome, WidgetSettingsActor };
export { PREVIEW_AMOUNT, PREVIEW_COUNTDOWN } from './ecom/PreviewPanel';

/** An object URL for a picked file, revoked when the file changes or the screen goes. */
function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/**
 * /e-com (doc 2 §2 Checkout widget setup, §5 widget form and logo upload): the form beside the live
 * preview, which is the hosted checkout page's own component (CheckoutView) fed the draft, so every
 * change shows at once exactly as a payer will see it. At narrow widths the preview goes under the form.
 * Each part of the form reads the machine for itself (ecom/).
 */
export function EcomScreen({ actor, copy }: { actor: WidgetSettingsActor; copy: (text: string) => Promise<CopyOutcome> }) {
  const { t } = useTranslation(['checkout', 'errors']);
  const loading = useSelector(actor, selectLoading);
  const loadFailed = useSelector(actor, selectLoadFailed);
  const loadError = useSelector(actor, selectLoadError);
  const info = useSelector(actor, selectInfo);
  const draft = useSelector(actor, selectDraft);
  const look = useSelector(actor, selectPreviewLook);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const saving = useSelector(actor, selectSaving);
  const logo = useSelector(actor, selectLogoDraft);
  const saveFailure = useSelector(actor, selectSaveFailure);
  const pickedUrl = useObjectUrl(logo.file);

  const header = (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {t('ecom.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('ecom.intro')}
      </Text>
    </Stack>
  );

  if (loading)
    return (
      <Stack gap="md" p="md">
        {header}
        <LoadingLine label={t('ecom.loading')} />
      </Stack>
    );
  if (loadFailed || !info || !draft || !look)
    return (
      <Stack gap="md" p="md">
        {header}
        <FailureAlert
          title={t('ecom.loadFailTitle')}
          message={t(errorMessageKey(loadError))}
          retryLabel={t('ecom.retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
          testId="ecom-load-failed"
        />
      </Stack>
    );

  // The logo the payer would see: a picked file, nothing once removed, else the saved one.
  const logoUrl = pickedUrl ?? (logo.remove ? null : info.widget.logo_url);
  const firstRefusal = saveFailure?.refusals[0];
  return (
    <Stack gap="md" p="md">
      {header}
      {/* Side by side while both fit; on a narrow screen the preview wraps under the form. */}
      <Group align="flex-start" gap="lg" wrap="wrap">
        <SubmitForm
          onSubmit={() => actor.send({ type: 'SUBMIT' })}
          aria-label={t('ecom.formLabel')}
          data-testid="ecom-form"
          style={{ flex: '1 1 420px', minWidth: 0 }}
        >
          <Stack gap="lg">
            {saveFailure ? (
              <Alert color="red" variant="light" role="alert" title={saveFailure.code} data-testid="ecom-save-failed">
                <Text size="sm" c="red.9">
                  {firstRefusal
                    ? `${fieldLabel(t, firstRefusal.field)}: ${firstRefusal.msg}`
                    : t(saveFailure.step === 'merchant' ? 'ecom.save.merchantFail' : 'ecom.save.widgetFail')}
                </Text>
              </Alert>
            ) : null}
            <LinksSection actor={actor} />
            <LogoSection actor={actor} logoUrl={logoUrl} />
            <LookSection actor={actor} />
            <MethodsSection actor={actor} />
            <Group>
              <Button type="submit" disabled={!canSubmit} loading={saving} data-testid="ecom-save">
                {t('ecom.save.button')}
              </Button>
            </Group>
            <EmbedPanel actor={actor} copy={copy} />
          </Stack>
        </SubmitForm>
        <PreviewPanel actor={actor} logoUrl={logoUrl} />
      </Group>
    </Stack>
  );
}
