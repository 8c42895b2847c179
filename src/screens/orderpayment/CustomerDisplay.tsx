import { Box, Group, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useTranslation } from 'react-i18next';
import type { DisplayMessage, DisplayPay } from '../../services/display';
import { formatDateTime, formatVnd } from '../shared/table/format';
import { QrImage } from '../shared/QrImage';

/** What the guest does to pay: scan the QR, use the card terminal, or pay in cash; and how much. */
function PayInstruction({ pay, orderCode }: { pay: DisplayPay; orderCode: string }) {
  const { t } = useTranslation('orderpayment');
  return (
    <Stack align="center" gap="sm" miw={260}>
      {pay.method === 'QR' && pay.qr ? (
        <>
          <Text size="lg" fw={700}>
            {t('display.scan')}
          </Text>
          <QrImage
            payload={pay.qr}
            alt={t('qr.alt', { code: orderCode })}
            testId="customer-display-qr"
            style={{ width: 320, maxWidth: '100%', height: 'auto' }}
          />
        </>
      ) : pay.method === 'CARD' ? (
        <Text size="xl" fw={700} data-testid="customer-display-card">
          {t('display.card')}
        </Text>
      ) : (
        <Text size="xl" fw={700}>
          {t('display.cash')}
        </Text>
      )}
      <Text size="xl" fw={700}>
        {formatVnd(pay.amount)}
      </Text>
    </Stack>
  );
}

/**
 * The guest's full-screen view of the payment (doc 2 §2, "With query customer set"): the order summary
 * (invoice code, position = table, time, point, sub-total, total) and the QR or the card instruction,
 * then the success screen. It shows what the cashier's screen last published; no shell, no cookie
 * banner over it. Customer data never reaches it.
 */
export function CustomerDisplay({ message }: { message: DisplayMessage | null }) {
  const { t } = useTranslation('orderpayment');
  const order = message?.order;
  return (
    <Box
      component="section"
      aria-label={t('display.label')}
      data-testid="customer-display"
      data-kind={message?.kind ?? 'idle'}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1000,
        overflow: 'auto',
        background: 'linear-gradient(135deg, #e7f5ff 0%, #ffffff 60%)',
        padding: 'clamp(12px, 3vw, 48px)',
      }}
    >
      {!order ? (
        <Stack align="center" justify="center" h="100%">
          <Title order={1}>{t('display.welcome')}</Title>
        </Stack>
      ) : message.kind === 'success' ? (
        <Stack align="center" justify="center" h="100%" role="status" data-testid="customer-display-success">
          <Title order={1} c="green.9">
            {t('display.successTitle')}
          </Title>
          <Text size="xl">{t('display.successBody', { amount: formatVnd(order.total) })}</Text>
        </Stack>
      ) : (
        <Group align="flex-start" justify="center" gap="xl" wrap="wrap">
          <Stack gap="xs" miw={260} style={{ flex: 1, maxWidth: 520 }}>
            <Title order={1} size="h2">
              {t('display.orderTitle')}
            </Title>
            <Text data-testid="customer-display-code">{t('invoice.code', { code: order.order_code })}</Text>
            <Text>
              {t('invoice.position')}: {order.table_name ?? t('invoice.noTable')}
            </Text>
            <Text>
              {t('display.time')}: {formatDateTime(order.updated_at)}
            </Text>
            <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {order.lines.map((line, index) => (
                <Group key={index} component="li" justify="space-between" wrap="nowrap">
                  <Text style={{ overflowWrap: 'anywhere' }}>
                    {line.amount} × {line.name}
                  </Text>
                  <Text>{formatVnd(line.amount * line.price)}</Text>
                </Group>
              ))}
            </Stack>
            <Group justify="space-between">
              <Text>{t('invoice.point')}</Text>
              <Text>{order.point}</Text>
            </Group>
            <Group justify="space-between">
              <Text>{t('invoice.subTotal')}</Text>
              <Text>{formatVnd(order.sub_total)}</Text>
            </Group>
            <Group justify="space-between">
              <Text fw={700} size="xl">
                {t('invoice.total')}
              </Text>
              <Text fw={700} size="xl" data-testid="customer-display-total">
                {formatVnd(order.total)}
              </Text>
            </Group>
          </Stack>
          {message.kind === 'pay' && message.pay && <PayInstruction pay={message.pay} orderCode={order.order_code} />}
        </Group>
      )}
    </Box>
  );
}
