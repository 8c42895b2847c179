import { useEffect, useState } from 'react';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectKitchenCodeBusy, type kitchenCodeMachine } from '../../machines/kitchen/kitchenCode.machine';
import { errorMessageKey } from '../../services/errors';

export type KitchenCodeActor = ActorRefFrom<typeof kitchenCodeMachine>;

/** Sends EXPIRED when the shown code's time (unix seconds) has passed. */
function useExpiry(actor: KitchenCodeActor, expiresAt: number | null, now: () => number) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setInterval(() => {
      if (Math.floor(now() / 1000) >= expiresAt) actor.send({ type: 'EXPIRED' });
      tick((n) => n + 1);
    }, 1_000);
    return () => clearInterval(timer);
  }, [actor, expiresAt, now]);
}

/** On /sale-display, beside the display's code: a code for a kitchen screen of the cashier's store (D325). */
export function KitchenCodeCard({
  actor,
  kitchenAddress,
  now = Date.now,
}: {
  actor: KitchenCodeActor;
  kitchenAddress: string;
  now?: () => number;
}) {
  const { t } = useTranslation(['kitchen', 'errors']);
  const code = useSelector(actor, (s) => s.context.code);
  const refused = useSelector(actor, (s) => s.context.errorCode);
  const busy = useSelector(actor, selectKitchenCodeBusy);
  useExpiry(actor, code?.expires_at ?? null, now);
  return (
    <Card withBorder mt="lg" data-testid="kitchen-code">
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
        {refused ? (
          <Alert color="red" role="alert">
            {t(errorMessageKey(refused))}
          </Alert>
        ) : null}
        <Button mih={44} loading={busy} onClick={() => actor.send({ type: 'MAKE' })} data-testid="kitchen-code-make">
          {t('cashier.pairKitchen')}
        </Button>
      </Stack>
    </Card>
  );
}
