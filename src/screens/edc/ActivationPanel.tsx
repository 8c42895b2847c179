import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EdcDevice } from '../../services/edc/schemas';
import { formatDateTime } from '../shared/table';
import { PosHotline, usePosHotline } from './Hotline';
import type { EdcLogic } from './logic';
import { errorMessageKey } from '../../services/errors';

/** core §4 Soundbox activation: confirm and activate, or contact the bank on the POS hotline. */
export function ActivationPanel({ device, logic, onActivated }: { device: EdcDevice; logic: EdcLogic; onActivated: () => void }) {
  const { t } = useTranslation(['edc', 'errors']);
  const hotline = usePosHotline();
  const { inspect } = logic;
  // The actor is made once; the toasts read the current language and callback through a ref.
  const latest = useRef({ t, onActivated });
  latest.current = { t, onActivated };
  const [machine] = useState(() =>
    logic.soundboxActivation.provide({
      actions: {
        notifyActivated: (_, params) => {
          const { t: tr, onActivated: done } = latest.current;
          notifications.show({ color: 'blue', title: tr('activation.successTitle'), message: tr('activation.successBody', { serial: params.device.serial_number }) });
          done();
        },
        notifyActivationFailed: (_, params) => {
          const tr = latest.current.t;
          notifications.show({ color: 'red', title: tr('activation.failedTitle'), message: tr(errorMessageKey(params.code)) });
        },
      },
    }),
  );
  const actor = useActorRef(machine, { input: { device }, inspect });
  const state = useSelector(actor, (s) => s.value as string);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const activatedAt = useSelector(actor, (s) => s.context.device.activated_at);
  const code = useSelector(actor, (s) => s.context.errorCode);

  return (
    <Stack gap="xs" component="section" aria-labelledby="edc-activation-title" data-testid="activation-panel" data-state={state}>
      <Title order={3} size="h4" id="edc-activation-title">
        {t('activation.title')}
      </Title>
      {state === 'ready' ? (
        <Group>
          <Button onClick={() => actor.send({ type: 'ACTIVATE' })}>{t('activation.activate')}</Button>
        </Group>
      ) : null}
      {state === 'confirming' || state === 'activating' ? (
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
      {state === 'failed' ? (
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
      {state === 'activated' ? (
        <Text role="status" data-testid="activated">
          {t('activation.activated', { date: formatDateTime(activatedAt) })}
        </Text>
      ) : null}
      {state === 'contactBank' ? (
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
