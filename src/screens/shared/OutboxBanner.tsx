import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '@mantine/core/styles/Alert.css';
import type { OutboxEntry } from '../../services/shared/outbox/schemas';
import { errorMessageKey } from '../../services/errors';

export interface OutboxBannerProps {
  online: boolean;
  waiting: number;
  conflict: OutboxEntry | null;
  canResolve: boolean;
  onDiscard: () => void;
  onRetry: () => void;
}

const KINDS = ['order.create', 'order.addProducts', 'order.payCash'] as const;

/**
 * The till's queue as the cashier sees it (issue 28 §3; D339, D341): offline and how many actions
 * wait, with what cannot be done offline (QR, card, link); online with actions still waiting, that
 * they are being sent (never "online" while the queue is not empty); a conflict the service reported,
 * with discard or send again. A live region (role=status) announces each change; nothing is shown
 * while online with an empty queue.
 */
export function OutboxBanner({ online, waiting, conflict, canResolve, onDiscard, onRetry }: OutboxBannerProps) {
  const { t } = useTranslation(['shell', 'errors']);
  if (conflict) {
    const kind = (KINDS as readonly string[]).includes(conflict.kind) ? conflict.kind : 'other';
    return (
      <Alert color="red" variant="light" role="alert" data-testid="outbox-conflict" title={t('shell:outbox.conflictTitle')}>
        <Text size="sm" c="red.9">
          {t('shell:outbox.conflictText', { action: t(`shell:outbox.kind.${kind}`), reason: t(errorMessageKey(conflict.conflict)) })}
        </Text>
        <Group gap="xs" mt="xs" wrap="wrap">
          <Button size="sm" mih={44} color="red" variant="filled" disabled={!canResolve} onClick={onDiscard}>
            {t('shell:outbox.discard')}
          </Button>
          <Button size="sm" mih={44} variant="default" disabled={!canResolve} onClick={onRetry}>
            {t('shell:outbox.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (online && waiting === 0) return <div role="status" aria-live="polite" data-testid="outbox-status" />;
  return (
    <div role="status" aria-live="polite" data-testid="outbox-status">
      <Paper p="xs" radius="sm" bg={online ? 'blue.0' : 'orange.0'} withBorder>
        <Text size="sm" fw={700} c="dark.9">
          {online ? t('shell:outbox.sending', { count: waiting }) : t('shell:outbox.offline', { count: waiting })}
        </Text>
        {online ? null : (
          <Text size="sm" c="dark.7">
            {t('shell:outbox.offlineLimits')}
          </Text>
        )}
      </Paper>
    </div>
  );
}
