import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { kitchenPairingMachine } from '../../machines/kitchen/kitchenPairing.machine';
import { selectPairingBusy, selectPairingCode } from '../../machines/shared/pair/devicePairing';
import { PairedDeviceList } from '../shared/pair/PairedDeviceList';

export type KitchenPairingActor = ActorRefFrom<typeof kitchenPairingMachine>;

/**
 * On /sale-display, beside the displays: a code for a kitchen screen of the cashier's store, shown
 * until the device joins or the code runs out, and the paired kitchen screens with unpairing (D325).
 */
export function KitchenPairingCard({ actor, kitchenAddress }: { actor: KitchenPairingActor; kitchenAddress: string }) {
  const { t } = useTranslation(['kitchen', 'errors']);
  const code = useSelector(actor, selectPairingCode);
  const expired = useSelector(actor, (s) => s.context.expired);
  const busy = useSelector(actor, selectPairingBusy);
  const unpairing = useSelector(actor, (s) => s.context.unpairing);
  return (
    <Stack mt="lg" gap="lg">
      <Card withBorder data-testid="kitchen-code">
        <Stack>
          <Title order={2} size="h4">
            {t('cashier.pairKitchen')}
          </Title>
          {code ? (
            <Stack gap={4} aria-live="polite">
              <Text fw={700} size="xl" data-testid="kitchen-code-value">
                {t('cashier.kitchenCode', { code: code.pair_code })}
              </Text>
              <Text size="sm">{t('cashier.kitchenCodeHint', { address: kitchenAddress })}</Text>
            </Stack>
          ) : null}
          {!code && expired ? (
            <Alert color="yellow" data-testid="kitchen-code-expired">
              {t('pairing.expired')}
            </Alert>
          ) : null}
          <Button
            mih={44}
            w="fit-content"
            loading={busy && unpairing === null}
            onClick={() => actor.send({ type: 'PAIR' })}
            data-testid="kitchen-code-make"
          >
            {code ? t('pairing.newCode') : t('cashier.pairKitchen')}
          </Button>
        </Stack>
      </Card>
      <PairedDeviceList actor={actor} ns="kitchen" testId="kitchen-pairing" />
    </Stack>
  );
}
