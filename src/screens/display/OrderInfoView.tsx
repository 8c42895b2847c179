import { Group, Stack, Table, Text, Title } from '@mantine/core';
import './styles';
import { useTranslation } from 'react-i18next';
import type { DisplayMessage, DisplayPay } from '../../services/display/messages';
import { formatDateTime, formatVnd } from '../shared/table/format';
import { QrImage } from '../shared/QrImage';
import classes from './display.module.css';

/** While paying: the amount and the VietQR, or the card or cash instruction. */
function PayCard({ pay, orderCode }: { pay: DisplayPay; orderCode: string }) {
  const { t } = useTranslation('display');
  return (
    <section className={classes.card} aria-labelledby="display-pay-title" data-testid={`display-pay-${pay.method.toLowerCase()}`}>
      <Stack gap="sm" align="center" ta="center">
        <Title order={2} size="h2" id="display-pay-title">
          {pay.method === 'QR' ? t('pay.qrTitle') : pay.method === 'CARD' ? t('pay.cardTitle') : t('pay.cashTitle')}
        </Title>
        <Text>{t('pay.amount')}</Text>
        <span className={classes.total} data-testid="display-pay-amount">
          {formatVnd(pay.amount)}
        </span>
        {pay.method === 'QR' && pay.qr ? (
          <QrImage
            payload={pay.qr}
            className={classes.qr}
            alt={t('pay.qrAlt', { amount: formatVnd(pay.amount), code: orderCode })}
            testId="display-qr"
          />
        ) : null}
        <Text size="lg">{pay.method === 'QR' ? t('pay.qrHint') : pay.method === 'CARD' ? t('pay.cardHint') : t('pay.cashHint')}</Text>
      </Stack>
    </section>
  );
}

/**
 * /ecr-order-info (doc 2 §2 order payment panel, query `customer`): the invoice summary (invoice code,
 * position = table name, time from updated_at, point, sub_total, total) and, while paying, the VietQR
 * drawn from the message's EMV string, or the card or cash instruction. Every text from the order is
 * rendered as text.
 */
export function OrderInfoView({ message }: { message: DisplayMessage }) {
  const { t } = useTranslation('display');
  const order = message.order;
  if (!order) return null;
  const pay = message.kind === 'pay' ? message.pay : undefined;

  return (
    <div className={classes.orderGrid} data-testid="display-order-info">
      <section className={classes.card} aria-labelledby="display-order-title">
        <Stack gap="sm">
          <Title order={1} size="h2" id="display-order-title">
            {t('order.title')}
          </Title>
          <Group gap="xl" wrap="wrap">
            <Text>
              {t('order.code')}:{' '}
              <Text span fw={700} data-testid="display-order-code">
                {order.order_code}
              </Text>
            </Text>
            <Text>
              {t('order.position')}:{' '}
              <Text span fw={700} data-testid="display-order-table">
                {order.table_name ?? t('order.noTable')}
              </Text>
            </Text>
            <Text>
              {t('order.time')}:{' '}
              <Text span fw={700}>
                {formatDateTime(order.updated_at)}
              </Text>
            </Text>
          </Group>
          {order.lines.length === 0 ? (
            <Text>{t('order.noLines')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table aria-label={t('order.linesLabel')} data-testid="display-order-lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('order.item')}</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>{t('order.qty')}</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>{t('order.price')}</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>{t('order.lineTotal')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {order.lines.map((line, i) => (
                    <Table.Tr key={i}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.name}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{line.amount}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{formatVnd(line.price)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{formatVnd(line.price * line.amount)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group justify="space-between">
            <Text>{t('order.point')}</Text>
            <Text fw={600} data-testid="display-order-point">
              {order.point}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text>{t('order.subTotal')}</Text>
            <Text fw={600}>{formatVnd(order.sub_total)}</Text>
          </Group>
          <Group justify="space-between" align="baseline">
            <Text fw={700}>{t('order.total')}</Text>
            <span className={classes.total} data-testid="display-order-total">
              {formatVnd(order.total)}
            </span>
          </Group>
        </Stack>
      </section>
      {pay ? <PayCard pay={pay} orderCode={order.order_code} /> : null}
    </div>
  );
}
