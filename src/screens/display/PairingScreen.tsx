import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectPairingBusy,
  selectPairingCode,
  selectPairingFailed,
  selectPairingLoading,
  type displayPairingMachine,
} from '../../machines/display/displayPairing.machine';
import { PairedDeviceList } from '../shared/pair/PairedDeviceList';
import { QrImage } from '../shared/QrImage';
import classes from './display.module.css';

export type DisplayPairingActor = ActorRefFrom<typeof displayPairingMachine>;

export interface PairingScreenProps {
  actor: DisplayPairingActor;
  /** The customer display in this browser (opened in a new window). */
  displayHref: string;
  /** The address a device opens to pair, without the code (shown), and with it (the QR). */
  pairUrl: (code: string | null) => string;
  now?: () => number;
}

/** mm:ss left until `expiresAt` (unix seconds), ticking every second. */
function useCountdown(expiresAt: number | null, now: () => number): string | null {
  const [, tick] = useState(0);
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setInterval(() => tick((n) => n + 1), 1_000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  if (expiresAt === null) return null;
  const left = Math.max(0, expiresAt - Math.floor(now() / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/**
 * /sale-display (beyond the spec; docs/areas/display.md): opening the customer display on this
 * computer, pairing another device with a code and its QR, and the paired displays with unpairing.
 */
export function PairingScreen({ actor, displayHref, pairUrl, now = () => Date.now() }: PairingScreenProps) {
  const { t } = useTranslation(['display', 'errors']);
  const loading = useSelector(actor, selectPairingLoading);
  const failed = useSelector(actor, selectPairingFailed);
  const busy = useSelector(actor, selectPairingBusy);
  const code = useSelector(actor, selectPairingCode);
  const expired = useSelector(actor, (s) => s.context.expired);
  const unpairing = useSelector(actor, (s) => s.context.unpairing);
  const left = useCountdown(code?.expires_at ?? null, now);

  return (
    <Stack gap="lg" data-testid="display-pairing">
      <div>
        <Title order={1} size="h2">
          {t('pairing.title')}
        </Title>
        <Text c="dimmed">{t('pairing.intro')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Stack>
            <Title order={2} size="h4">
              {t('pairing.hereTitle')}
            </Title>
            <Text size="sm">{t('pairing.hereHint')}</Text>
            <Button component="a" href={displayHref} target="portal-display" data-testid="display-open-here" w="fit-content">
              {t('pairing.openHere')}
            </Button>
          </Stack>
        </Card>
        <Card withBorder>
          <Stack>
            <Title order={2} size="h4">
              {t('pairing.deviceTitle')}
            </Title>
            <Text size="sm">{t('pairing.deviceHint')}</Text>
            {code ? (
              <Stack align="center" gap="xs" data-testid="display-pair-code-card">
                <Text fw={600}>{t('pairing.codeTitle')}</Text>
                <Text ff="monospace" fz={40} fw={700} lts={6} data-testid="display-pair-code-value">
                  {code.pair_code}
                </Text>
                <QrImage
                  payload={pairUrl(code.pair_code)}
                  alt={t('pairing.qrAlt', { code: code.pair_code })}
                  testId="display-pair-qr"
                  className={classes.qr}
                />
                <Text size="sm" ta="center">
                  {t('pairing.codeHint', { url: pairUrl(null) })}
                </Text>
                <Text size="sm" role="timer" aria-live="off">
                  {t('pairing.expiresIn', { time: left })}
                </Text>
                <Group>
                  <Button variant="default" onClick={() => actor.send({ type: 'CLOSE' })}>
                    {t('pairing.close')}
                  </Button>
                  <Button variant="light" onClick={() => actor.send({ type: 'PAIR' })} loading={busy}>
                    {t('pairing.newCode')}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <>
                {expired ? (
                  <Alert color="yellow" data-testid="display-pair-expired">
                    {t('pairing.expired')}
                  </Alert>
                ) : null}
                <Button
                  onClick={() => actor.send({ type: 'PAIR' })}
                  loading={busy && unpairing === null}
                  disabled={loading || failed}
                  data-testid="display-pair-device"
                  w="fit-content"
                >
                  {t('pairing.pairDevice')}
                </Button>
              </>
            )}
          </Stack>
        </Card>
      </SimpleGrid>
      <PairedDeviceList actor={actor} ns="display" testId="display-pairing" />
    </Stack>
  );
}
