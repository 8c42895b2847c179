import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingLine } from '../../shared/LoadingLine';
import type { EinvoiceSetupActor, SetupContext } from './setupTypes';
import '../styles';

export interface TermsView {
  /** The PDF as a URL the frame may show (a blob: URL), or null while it loads or when it failed. */
  pdfUrl: string | null;
  failed: boolean;
  /** The PDF's own address, for "open in a new tab". */
  href: string;
}

/** The provider's terms (doc 2 §2), agreed before the form shows. */
export function SetupTermsModal({ actor, terms }: { actor: EinvoiceSetupActor; terms: TermsView }) {
  const { t } = useTranslation(['einvoice', 'errors', 'common']);
  return (
    <Modal
      opened
      onClose={() => actor.send({ type: 'TERMS.CLOSE' })}
      title={t('setup.terms.title')}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('common:button.close') }}
    >
      <Stack gap="sm">
        {terms.pdfUrl ? (
          <iframe
            src={terms.pdfUrl}
            title={t('setup.terms.frame')}
            style={{ width: '100%', height: '60vh', border: 0 }}
            data-testid="einv-terms-frame"
          />
        ) : terms.failed ? (
          <Text size="sm">{t('setup.terms.failed')}</Text>
        ) : (
          <LoadingLine label={t('setup.terms.loading')} />
        )}
        <Group justify="space-between" wrap="wrap">
          <Anchor href={terms.href} target="_blank" rel="noopener noreferrer" size="sm">
            {t('setup.terms.open')}
          </Anchor>
          <Button onClick={() => actor.send({ type: 'TERMS.AGREE' })}>{t('setup.terms.agree')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Saved: what comes next, with or without the serial step. */
export function SetupSuccessModal({
  actor,
  showSerial,
  providerName,
}: {
  actor: EinvoiceSetupActor;
  showSerial: boolean | undefined;
  providerName: string;
}) {
  const { t } = useTranslation(['einvoice', 'errors', 'common']);
  return (
    <Modal
      opened
      onClose={() => actor.send({ type: 'SUCCESS.CLOSE' })}
      title={t('setup.success.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common:button.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t(showSerial ? 'setup.success.body' : 'setup.success.bodyNoSerial', { provider: providerName })}</Text>
        <Group justify="flex-end">
          <Button onClick={() => actor.send({ type: 'SUCCESS.CLOSE' })}>{t('setup.success.continue')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Cancelling the set-up asks first, and says the merchant-account link goes with it. */
export function SetupCancelModal({ actor, c, providerName }: { actor: EinvoiceSetupActor; c: SetupContext; providerName: string }) {
  const { t } = useTranslation(['einvoice', 'errors', 'common']);
  return (
    <Modal
      opened
      onClose={() => actor.send({ type: 'CANCEL.BACK' })}
      title={t('setup.confirm.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common:button.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('setup.confirm.body')}</Text>
        {c.settings?.activeMethod === 'merchant_account' && (
          <Text size="sm" data-testid="einv-cancel-unlink">
            {t('setup.confirm.unlink', { provider: providerName })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => actor.send({ type: 'CANCEL.BACK' })}>
            {t('setup.confirm.back')}
          </Button>
          <Button color="red" onClick={() => actor.send({ type: 'CANCEL.CONFIRM' })}>
            {t('setup.confirm.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
