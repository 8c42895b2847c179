import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { EdcDevice } from '../../services/edc/schemas';
import { errorMessageKey } from '../../services/errors';
import { formatDateTime } from '../shared/table/format';
import type { ActivationActor } from './actors';
import { PosHotline, usePosHotline } from './Hotline';

/** core §4 Soundbox activation (the list machine's `activation` child): confirm and activate, or contact the bank on the POS hotline. */
export function ActivationPanel({ device, actor, canManage = true }: { device: EdcDevice; actor: ActivationActor; canManage?: boolean }) {
  const { t } = useTranslation(['edc', 'errors']);
  const hotline = usePosHotline();
  const ready = useSelector(actor, (s) => s.hasTag('ready'));
  const confirming = useSelector(actor, (s) => s.hasTag('confirming'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const activated = useSelector(actor, (s) => s.hasTag('activated'));
  const contactBank = useSelector(actor, (s) => s.hasTag('contactBank'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const activatedAt = useSelector(actor, (s) => s.context.device.activated_at);
  const code = useSelector(actor, (s) => s.context.errorCode);

  return (
    <Stack gap="xs" component="section" aria-labelledby="edc-activation-title" data-testid="activation-panel">
      <Title order={3} size="h4" id="edc-activation-title">
        {t('activation.title')}
      </Title>
      {ready && canManage ? (
        <Group>
          <Button onClick={() => actor.send({ type: 'ACTIVATE' })}>{t('activation.activate')}</Button>
        </Group>
      ) : null}
      {confirming ? (
        <Paper withBorder p="sm" role="group" aria-labelledby="edc-activation-confirm">
          <Text fw={700} id="edc-activation-confirm" mb={4}>
            {t('activation.confirmTitle', { serial: device.serial_number })}
          </Text>
          <Text size="sm" mb="sm">
            {t('activation.confirmBody')}
          </Text>
          <Group gap="sm">
            <Button loading={busy} onClick={() => actor.send({ type: 'CONFIRM' })}>
              {t('activation.confirm')}
            </Button>
            <Button variant="default" disabled={busy} onClick={() => actor.send({ type: 'CANCEL' })}>
              {t('activation.cancel')}
            </Button>
          </Group>
        </Paper>
      ) : null}
      {failed ? (
        <Alert color="red" variant="light" role="alert" title={t('activation.failed')}>
          <Text size="sm" c="red.9" mb="sm">
            {t(errorMessageKey(code ?? 'UNKNOWN_ERROR'))}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={() => actor.send({ type: 'RETRY' })}>
              {t('activation.retry')}
            </Button>
            <Button variant="subtle" onClick={() => actor.send({ type: 'CANCEL' })}>
              {t('activation.cancel')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {activated ? (
        <Text role="status" data-testid="activated">
          {t('activation.activated', { date: formatDateTime(activatedAt) })}
        </Text>
      ) : null}
      {contactBank ? (
        <Alert color="orange" variant="light" data-testid="contact-bank">
          <Text size="sm" c="dark.9" mb="xs">
            {t('activation.contactBank', { hotline })}
          </Text>
          <PosHotline />
        </Alert>
      ) : null}
    </Stack>
  );
}
