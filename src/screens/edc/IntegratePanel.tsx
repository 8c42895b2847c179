import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EdcDevice } from '../../services/edc/schemas';
import type { EdcLogic } from './logic';
import { FailureAlert } from '../shared/FailureAlert';
import { errorMessageKey } from '../../services/errors';

/** core §2 integrate-to-ShopQR: shows the current ShopQR; "integrate" opens the chooser. */
export function IntegratePanel({ device, logic, onIntegrated }: { device: EdcDevice; logic: EdcLogic; onIntegrated: () => void }) {
  const { t } = useTranslation('edc');
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="xs" component="section" aria-labelledby="edc-integrate-title">
      <Title order={3} size="h4" id="edc-integrate-title">
        {t('integrate.title')}
      </Title>
      <Text size="sm" data-testid="integrated-va">
        {device.va_account_no ? t('integrate.current', { va: device.va_account_no }) : t('integrate.none')}
      </Text>
      {editing ? (
        <IntegrateChooser
          device={device}
          logic={logic}
          onDone={() => {
            setEditing(false);
            onIntegrated();
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Group>
          <Button variant="light" onClick={() => setEditing(true)}>
            {device.va_account_no ? t('integrate.change') : t('integrate.start')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function IntegrateChooser({ device, logic, onDone, onCancel }: { device: EdcDevice; logic: EdcLogic; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation(['edc', 'errors', 'common']);
  const { inspect } = logic;
  // The actor is made once; its toasts read the current language and callback through a ref.
  const latest = useRef({ t, onDone });
  latest.current = { t, onDone };
  const [machine] = useState(() =>
    logic.edcIntegrate.provide({
      actions: {
        notifyIntegrated: (_, params) => {
          const tr = latest.current.t;
          notifications.show({
            color: 'blue',
            title: tr('integrate.successTitle'),
            message: tr('integrate.successBody', { serial: params.device.serial_number, va: params.device.va_account_no ?? '' }),
          });
          latest.current.onDone();
        },
        notifyIntegrateFailed: (_, params) => {
          const tr = latest.current.t;
          notifications.show({ color: 'red', title: tr('integrate.failedTitle'), message: tr(errorMessageKey(params.code)) });
        },
      },
    }),
  );
  const actor = useActorRef(machine, { input: { posId: device.pos_id, currentVa: device.va_account_no }, inspect });
  const state = useSelector(actor, (s) => s.value as string);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const vas = useSelector(actor, (s) => s.context.vas);
  const chosen = useSelector(actor, (s) => s.context.chosenVa);
  const refused = useSelector(actor, (s) => s.context.refused);
  const code = useSelector(actor, (s) => s.context.errorCode);
  const errorText = t(errorMessageKey(code ?? 'UNKNOWN_ERROR'));

  if (loading) return <Text role="status">{t('integrate.loading')}</Text>;
  if (state === 'vasFailed') {
    return (
      <FailureAlert
        title={t('integrate.loadFailed')}
        message={errorText}
        retryLabel={t('integrate.retry')}
        onRetry={() => actor.send({ type: 'RETRY' })}
      />
    );
  }
  if (state === 'noVas') return <Text role="status">{t('integrate.noVas')}</Text>;

  const options = vas.map((va) => {
    const label = t('integrate.option', { va: va.va_account_no, type: va.va_type, store: va.store_name ?? va.staff_id ?? '' });
    const isRefused = refused.includes(va.va_account_no);
    return { value: va.va_account_no, label: isRefused ? t('integrate.refusedOption', { label }) : label, disabled: isRefused };
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        actor.send(state === 'failed' ? { type: 'RETRY' } : { type: 'SUBMIT' });
      }}
    >
      <Stack gap="sm">
        <NativeSelect
          label={t('integrate.select')}
          value={chosen ?? ''}
          data={[{ value: '', label: t('integrate.placeholder'), disabled: true }, ...options]}
          onChange={(e) => actor.send({ type: 'VA.CHOOSE', vaAccountNo: e.currentTarget.value })}
          disabled={busy}
        />
        {state === 'choosing' && code === 'LINK_EDC_VA_FAIL' ? (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm" c="red.9">
              {t('integrate.chooseAnother')}
            </Text>
          </Alert>
        ) : null}
        {state === 'failed' ? (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm" c="red.9">
              {errorText}
            </Text>
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={busy} disabled={chosen === null}>
            {state === 'failed' ? t('integrate.retry') : t('integrate.submit')}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('integrate.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
