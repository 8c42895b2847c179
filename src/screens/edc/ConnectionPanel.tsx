import { Alert, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../../services/edc/schemas';
import { usePosHotline } from './Hotline';
import type { ConnectionActor } from './actors';
import { errorMessageKey } from '../../services/errors';

/** core §4 POS connection: check now, see ONLINE / OFFLINE / NOT_CONNECTED with what to do. */
export function ConnectionPanel({
  actor,
  onAnswer,
}: {
  /** The list machine's `connection` child for the open machine. */
  actor: ConnectionActor;
  /** Each answer, so the list can catch up with a state that changed since it loaded. */
  onAnswer?: (status: ConnectionState) => void;
}) {
  const { t } = useTranslation(['edc', 'errors']);
  const hotline = usePosHotline();
  const checking = useSelector(actor, (s) => s.hasTag('checking'));
  const shown = useSelector(actor, (s) => s.hasTag('result'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const status = useSelector(actor, (s) => s.context.status);
  const code = useSelector(actor, (s) => s.context.errorCode);
  const polling = useSelector(actor, (s) => s.context.polling);

  const latest = useRef(onAnswer);
  latest.current = onAnswer;
  useEffect(() => {
    let previous = actor.getSnapshot().hasTag('result');
    const sub = actor.subscribe((snap) => {
      const shownNow = snap.hasTag('result');
      if (shownNow && !previous && snap.context.status) latest.current?.(snap.context.status);
      previous = shownNow;
    });
    return () => sub.unsubscribe();
  }, [actor]);

  return (
    <Stack gap="xs" component="section" aria-labelledby="edc-connection-title">
      <Title order={3} size="h4" id="edc-connection-title">
        {t('connection.title')}
      </Title>
      <div aria-live="polite" data-testid="connection-result">
        {checking ? <Text role="status">{t('connection.checking')}</Text> : null}
        {shown && status ? (
          <Alert color={status === 'ONLINE' ? 'blue' : status === 'OFFLINE' ? 'red' : 'orange'} variant="light" data-status={status}>
            <Text size="sm" c="dark.9">
              {t(`connection.result.${status}`, { hotline })}
            </Text>
          </Alert>
        ) : null}
        {failed ? (
          <Alert color="red" variant="light" role="alert" title={t('connection.failed')}>
            <Text size="sm" c="red.9">
              {t(errorMessageKey(code ?? 'UNKNOWN_ERROR'))}
            </Text>
          </Alert>
        ) : null}
      </div>
      <Group gap="md" wrap="wrap">
        <Button variant="light" loading={checking} onClick={() => actor.send(failed ? { type: 'RETRY' } : { type: 'CHECK' })}>
          {failed ? t('connection.retry') : shown ? t('connection.checkAgain') : t('connection.check')}
        </Button>
        <Switch
          label={t('connection.poll')}
          checked={polling}
          onChange={(e) => actor.send({ type: e.currentTarget.checked ? 'POLL.START' : 'POLL.STOP' })}
        />
      </Group>
    </Stack>
  );
}
