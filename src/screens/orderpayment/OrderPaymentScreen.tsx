import { memo, useMemo } from 'react';
import { Alert, Anchor, Button, Card, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { PAYMENT_TABS, type orderPaymentMachine, type PaymentTab } from '../../machines/orderpayment/orderPayment.machine';
import {
  selectCardChild,
  selectLinkChild,
  selectCashChild,
  selectChecking,
  selectDetail,
  selectLoadFailed,
  selectLoading,
  selectPaid,
  selectPrinting,
  selectQrChild,
  selectTab,
} from '../../machines/orderpayment/selectors';
import { errorMessageKey } from '../../services/errors';
import type { InvoiceDetail } from '../../services/orderpayment/schemas';
import { FailureAlert } from '../shared/FailureAlert';
import type { CopyOutcome } from '../shared/PaymentLinkResult';
import { LoadingScreen } from '../shared/LoadingScreen';
import { formatDateTime, formatVnd } from '../shared/table/format';
import { CardPanel, CashPanel, LinkPanel, QrPanel, type CardActor, type CashActor, type LinkActor, type QrActor } from './WayPanels';
import { READABLE_ALERT } from './alert-styles';

export type OrderPaymentActor = ActorRefFrom<typeof orderPaymentMachine>;

/** The invoice: drawn once, not again at each change of way (D377; its detail stays the same object). */
const InvoiceSummary = memo(function InvoiceSummary({ detail }: { detail: InvoiceDetail }) {
  const { t } = useTranslation('orderpayment');
  const invoice = detail.invoice_data;
  return (
    <Card withBorder padding="md" data-testid="payment-invoice">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700} data-testid="payment-order-code">
            {t('invoice.code', { code: invoice.invoice_code ?? invoice.order_code })}
          </Text>
          <Text size="sm" c="dimmed">
            {formatDateTime(invoice.updated_at)}
          </Text>
        </Group>
        <Text size="sm">
          {t('invoice.position')}: {invoice.table_name ?? t('invoice.noTable')}
        </Text>
        <Table.ScrollContainer minWidth={280}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invoice.item')}</Table.Th>
                <Table.Th ta="right">{t('invoice.quantity')}</Table.Th>
                <Table.Th ta="right">{t('invoice.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.products_data.map((line) => (
                <Table.Tr key={line.product_id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.name}</Table.Td>
                  <Table.Td ta="right">{line.amount}</Table.Td>
                  <Table.Td ta="right">{formatVnd(line.price * line.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between">
          <Text>{t('invoice.subTotal')}</Text>
          <Text>{formatVnd(invoice.sub_total ?? invoice.total_price)}</Text>
        </Group>
        <Group justify="space-between">
          <Text>{t('invoice.point')}</Text>
          <Text>{invoice.point ?? 0}</Text>
        </Group>
        <Group justify="space-between">
          <Text fw={700}>{t('invoice.total')}</Text>
          <Text fw={700} size="lg" data-testid="payment-total">
            {formatVnd(invoice.total_price)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
});

export interface OrderPaymentScreenProps {
  actor: OrderPaymentActor;
  hotline: string;
  onBackToOrder: () => void;
  onOpenDisplay: () => void;
  /** The pairing page for a display on another device. */
  pairHref: string;
  /** Told after the link tab's copy (the route toasts it, doc 2 §8 copied / copy_fail). */
  onLinkCopy?: (outcome: CopyOutcome) => void;
  /** The till's outbox cannot reach the service (D339): QR, card and link are refused, cash still works. */
  offline?: boolean;
}

/** The ways that need the service at the moment of paying (D339): refused while the till is offline. */
const ONLINE_ONLY: readonly PaymentTab[] = ['qr', 'card', 'link'];

interface WayPanelProps extends Pick<OrderPaymentScreenProps, 'actor' | 'hotline' | 'onOpenDisplay' | 'pairHref' | 'onLinkCopy'> {
  tab: PaymentTab | null;
  offline: boolean;
  invoice: InvoiceDetail['invoice_data'];
}

/** The chosen way's panel; offline, QR, card and link say plainly that they need the service (D339). */
function WayPanel({ actor, tab, offline, invoice, hotline, onOpenDisplay, pairHref, onLinkCopy }: WayPanelProps) {
  const { t } = useTranslation('orderpayment');
  const cash = useSelector(actor, selectCashChild) as CashActor | undefined;
  const qr = useSelector(actor, selectQrChild) as QrActor | undefined;
  const card = useSelector(actor, selectCardChild) as CardActor | undefined;
  const link = useSelector(actor, selectLinkChild) as LinkActor | undefined;
  return (
    <>
      {tab === 'cash' && cash && <CashPanel actor={cash} total={invoice.total_price} />}
      {offline && tab !== null && ONLINE_ONLY.includes(tab) ? (
        <Alert styles={READABLE_ALERT} color="orange" role="alert" title={t('offline.title')} data-testid="payment-offline-refused">
          {t('offline.refused')}
        </Alert>
      ) : null}
      {!offline && tab === 'qr' && qr && (
        <QrPanel actor={qr} amount={invoice.total_price} orderCode={invoice.order_code} onOpenDisplay={onOpenDisplay} pairHref={pairHref} />
      )}
      {!offline && tab === 'card' && card && <CardPanel actor={card} hotline={hotline} />}
      {!offline && tab === 'link' && link && <LinkPanel actor={link} onCopy={onLinkCopy} />}
    </>
  );
}

/**
 * /sale-order/payment/{order_id} (doc 2 §2 Order payment panel): the back link to the order, the
 * invoice, the ways to pay as tabs, and once paid the success message with Home and Print.
 */
export function OrderPaymentScreen({
  actor,
  hotline,
  onBackToOrder,
  onOpenDisplay,
  pairHref,
  onLinkCopy,
  offline = false,
}: OrderPaymentScreenProps) {
  const { t } = useTranslation(['orderpayment', 'errors']);
  const loading = useSelector(actor, selectLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const detail = useSelector(actor, selectDetail);
  const tab = useSelector(actor, selectTab);
  const paid = useSelector(actor, selectPaid);
  const printing = useSelector(actor, selectPrinting);
  const method = useSelector(actor, (s) => s.context.method);
  const checking = useSelector(actor, selectChecking);
  const ways = useMemo(() => PAYMENT_TABS.map((way) => ({ value: way, label: t(`tabs.${way}`) })), [t]);

  if (failed)
    return (
      <Stack p="md">
        <FailureAlert
          title={t('load.failed')}
          message={t(errorMessageKey(errorCode))}
          retryLabel={t('retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
          testId="payment-load-failed"
        />
      </Stack>
    );
  if (loading || !detail) return <LoadingScreen />;
  const invoice = detail.invoice_data;

  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }} maw={960}>
      <Anchor component="button" type="button" onClick={onBackToOrder} data-testid="payment-back" style={{ alignSelf: 'flex-start' }}>
        {t('backToOrder', { code: invoice.order_code })}
      </Anchor>
      <Title order={1} size="h3">
        {t('title')}
      </Title>
      <Group align="flex-start" grow wrap="wrap" gap="md" preventGrowOverflow={false}>
        <div style={{ minWidth: 280, flex: 1 }}>
          <InvoiceSummary detail={detail} />
        </div>
        <Card withBorder padding="md" style={{ minWidth: 280, flex: 1 }}>
          {paid ? (
            <Stack gap="sm" role="status" data-testid="payment-success">
              <Alert styles={READABLE_ALERT} color="green" title={t('success.title')}>
                {t('success.body', { code: invoice.order_code, method: method ? t(`method.${method}`) : t('method.unknown') })}
              </Alert>
              <Group>
                <Button onClick={() => actor.send({ type: 'HOME' })} data-testid="payment-home">
                  {t('success.home')}
                </Button>
                <Button variant="default" onClick={() => actor.send({ type: 'PRINT' })} loading={printing} data-testid="payment-print">
                  {t('success.print')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Stack gap="md">
              <SegmentedControl
                fullWidth
                aria-label={t('tabs.label')}
                value={tab ?? 'cash'}
                onChange={(value) => actor.send({ type: 'TAB.SELECT', tab: value as PaymentTab })}
                data={ways}
                data-testid="payment-tabs"
              />
              {checking && (
                <Text size="sm" c="dimmed" role="status">
                  {t('checkingStatus')}
                </Text>
              )}
              <WayPanel
                actor={actor}
                tab={tab}
                offline={offline}
                invoice={invoice}
                hotline={hotline}
                onOpenDisplay={onOpenDisplay}
                pairHref={pairHref}
                onLinkCopy={onLinkCopy}
              />
            </Stack>
          )}
        </Card>
      </Group>
    </Stack>
  );
}
