import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRef, Snapshot } from 'xstate';
import {
  selectPairingBusy,
  selectPairingFailed,
  selectPairingLoading,
  type DevicePairingContext,
  type DevicePairingEvent,
} from '../../../machines/shared/pair/devicePairing';
import { errorMessageKey } from '../../../services/errors';
import { formatDateTime } from '../table/format';
import { READABLE_FILL } from '../readable-fills';

/** Any kind's cashier-side pairing machine (createDevicePairingMachine): what the list reads and sends. */
export type DevicePairingActor = ActorRef<
  Snapshot<unknown> & { context: DevicePairingContext; hasTag(tag: string): boolean },
  DevicePairingEvent
>;

/**
 * The merchant's paired devices and pending codes of one kind (displays D141, kitchen screens D325),
 * each with its state and an unpair button. `ns` names the i18n namespace with the kind's words under
 * `pairing.` (list, none, device, statusPending, statusPaired, connected, offline, unpair, unpairLabel,
 * loadFailed, retry); `testId` prefixes the list's and rows' test ids.
 */
export function PairedDeviceList({ actor, ns, testId }: { actor: DevicePairingActor; ns: 'display' | 'kitchen'; testId: string }) {
  const { t } = useTranslation([ns, 'errors']);
  const loading = useSelector(actor, selectPairingLoading);
  const failed = useSelector(actor, selectPairingFailed);
  const busy = useSelector(actor, selectPairingBusy);
  const pairings = useSelector(actor, (s) => s.context.pairings);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const unpairing = useSelector(actor, (s) => s.context.unpairing);
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          {t(`${ns}:pairing.list`)}
        </Title>
        {loading ? <Loader size="sm" aria-label={t(`${ns}:pairing.list`)} /> : null}
        {failed ? (
          <Alert color="red" role="alert">
            <Stack gap="xs">
              <Text size="sm">{t(`${ns}:pairing.loadFailed`)}</Text>
              <Text size="sm">{t(errorMessageKey(errorCode))}</Text>
              <Button size="xs" w="fit-content" onClick={() => actor.send({ type: 'RETRY' })}>
                {t(`${ns}:pairing.retry`)}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {!loading && !failed && pairings.length === 0 ? <Text c="dimmed">{t(`${ns}:pairing.none`)}</Text> : null}
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid={`${testId}s`}>
          {pairings.map((p) => (
            <Group key={p.pairing_id} component="li" justify="space-between" wrap="wrap" data-testid={`${testId}-row`}>
              <Stack gap={0}>
                <Text fw={600}>{t(`${ns}:pairing.device`, { id: p.pairing_id })}</Text>
                <Text size="sm" c="dimmed">
                  {p.status === 'PENDING'
                    ? t(`${ns}:pairing.statusPending`)
                    : t(`${ns}:pairing.statusPaired`, { time: formatDateTime(p.claimed_at) })}
                </Text>
              </Stack>
              <Group gap="xs">
                {p.status === 'PAIRED' ? (
                  <Badge color={p.connected ? READABLE_FILL.green : 'gray.7'} variant="filled">
                    {p.connected ? t(`${ns}:pairing.connected`) : t(`${ns}:pairing.offline`)}
                  </Badge>
                ) : null}
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  aria-label={t(`${ns}:pairing.unpairLabel`, { id: p.pairing_id })}
                  loading={unpairing === p.pairing_id}
                  disabled={busy}
                  onClick={() => actor.send({ type: 'UNPAIR', pairingId: p.pairing_id })}
                >
                  {t(`${ns}:pairing.unpair`)}
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
