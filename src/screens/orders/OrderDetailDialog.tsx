import { Badge, Button, Group, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  selectDetail,
  selectDetailError,
  selectDetailFailed,
  selectDetailLoading,
  selectDetailOf,
  selectDetailOpen,
  selectEinvoiceRetrying,
  selectPrinting,
} from '../../machines/orders/selectors';
import { selectable } from '../../machines/orders/einvoice/bulk';
import { parseEivCode, serialText } from '../../rules/einvoiceCode';
import { formatVnd } from '../../rules/vnd';
import { errorMessageKey } from '../../services/errors';
import { ORDER_COMPLETED, WALK_IN_CUSTOMER_ID, type Order, type OrderDetail } from '../../services/orders/schemas';
import { FailureAlert } from '../shared/FailureAlert';
import { LoadingLine } from '../shared/LoadingLine';
import { invoiceCodeText } from './einvoice/code';
import { formatDateTime } from '../shared/table/format';
import type { OrderListActor } from './OrderListScreen';
import { ScrollRegion } from '../shared/ScrollRegion';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/**
 * The detail dialog of /sale-order (doc 2 §2 "detail dialog", §3 Order/invoice and Order products):
 * the order's dishes, totals, customer and payment; printing its bill (a completed order's as a copy);
 * a way to open an order that is not completed.
 */
export function OrderDetailDialog({
  actor,
  editHref,
  onExport,
  correctHref,
  refundHref,
}: {
  actor: OrderListActor;
  editHref: (orderId: number) => string;
  /** A paid order's refund page (D305). */
  refundHref?: (order: Order) => string;
  /** With the e-invoice flag: the export of a completed order without a code (doc 2 §4). */
  onExport?: (order: Order) => void;
  /** With the e-invoice flag: the invoice list opened on this order's invoice, its correction offered (D243). */
  correctHref?: (order: Order) => string | null;
}) {
  const { t } = useTranslation(['orders', 'errors']);
  const open = useSelector(actor, selectDetailOpen);
  const row = useSelector(actor, selectDetailOf);
  const detail = useSelector(actor, selectDetail);
  const loading = useSelector(actor, selectDetailLoading);
  const failed = useSelector(actor, selectDetailFailed);
  const error = useSelector(actor, selectDetailError);
  // The row shows at once; the answer replaces it with the newest figures.
  const order: Order | null = detail?.invoice_data ?? row;
  const close = () => actor.send({ type: 'DETAIL.CLOSE' });

  return (
    <Modal
      opened={open}
      onClose={close}
      title={order ? t('detail.title', { code: order.order_code }) : ''}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('detail.close') }}
    >
      {order ? (
        <Stack gap="md" data-testid="order-detail">
          <OrderDetailFacts order={order} withEinvoice={onExport !== undefined} />
          {loading ? <LoadingLine label={t('detail.loading')} /> : null}
          {failed ? (
            <FailureAlert
              title={t('detail.loadFailed')}
              message={t(errorMessageKey(error))}
              retryLabel={t('detail.retry')}
              onRetry={() => actor.send({ type: 'DETAIL.RETRY' })}
            />
          ) : null}
          {detail ? <OrderDetailLines order={order} lines={detail.products_data} /> : null}
          <OrderDetailPayment order={order} />
          <OrderDetailActions
            actor={actor}
            order={order}
            loaded={Boolean(detail)}
            editHref={editHref}
            onExport={onExport}
            correctHref={correctHref}
            refundHref={refundHref}
            onClose={close}
          />
        </Stack>
      ) : null}
    </Modal>
  );
}

/** Status, table, customer, source and time, and the e-invoice's state and code when there is one. */
function OrderDetailFacts({ order, withEinvoice }: { order: Order; withEinvoice: boolean }) {
  const { t } = useTranslation(['orders', 'errors']);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <Fact label={t('detail.status')} value={t(`status.${order.status}`)} testId="order-detail-status" />
      <Fact label={t('detail.table')} value={order.table_name ?? t('noTable')} />
      <Fact
        label={t('detail.customer')}
        value={order.customer_id === WALK_IN_CUSTOMER_ID ? t('walkIn') : order.name}
        testId="order-detail-customer"
      />
      <Fact label={t('detail.phone')} value={order.phone_number ?? '—'} />
      <Fact label={t('detail.source')} value={t(`source.${order.source}`)} />
      <Fact label={t('detail.updated')} value={formatDateTime(order.updated_at)} />
      {order.einvoice_job && order.eiv_code === null ? (
        <Fact
          label={t('einvoice.auto.fact')}
          value={
            order.einvoice_job.state === 'FAILED'
              ? `${t('einvoice.auto.failed')}: ${t(errorMessageKey(order.einvoice_job.error_code))}`
              : t('einvoice.auto.queued')
          }
          testId="order-detail-einvoice-job"
        />
      ) : null}
      {order.einvoice_job?.state === 'ISSUED' && order.einvoice_job.serial ? (
        <Fact label={t('einvoice.auto.serialFact')} value={serialText(order.einvoice_job.serial)} testId="order-detail-einvoice-serial" />
      ) : null}
      {withEinvoice && order.eiv_code !== null ? (
        <Fact label={t('einvoice.codeFact')} value={invoiceCodeText(t, order.eiv_code)} testId="order-detail-eiv-code" />
      ) : null}
      {withEinvoice && order.eiv_code !== null && parseEivCode(order.eiv_code)?.cqtCode ? (
        <Fact label={t('einvoice.code.cqt')} value={parseEivCode(order.eiv_code)!.cqtCode!} testId="order-detail-cqt-code" />
      ) : null}
    </SimpleGrid>
  );
}

/** The order's dishes; a focusable scrolling region, so on a 375 px screen they scroll sideways (axe scrollable-region-focusable). */
function OrderDetailLines({ order, lines }: { order: Order; lines: OrderDetail['products_data'] }) {
  const { t } = useTranslation(['orders', 'errors']);
  if (lines.length === 0) return <Text size="sm">{t('detail.noLines')}</Text>;
  return (
    <ScrollRegion label={t('detail.linesLabel', { code: order.order_code })}>
      <Table miw={360} aria-label={t('detail.linesLabel', { code: order.order_code })} data-testid="order-detail-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('detail.columns.name')}</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              {t('detail.columns.amount')}
            </Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              {t('detail.columns.price')}
            </Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              {t('detail.columns.lineTotal')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.product_id}>
              <Table.Td>{line.name}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{line.amount}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatVnd(line.price)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatVnd(line.price * line.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** The totals, and whether and how the order was paid. */
function OrderDetailPayment({ order }: { order: Order }) {
  const { t } = useTranslation(['orders', 'errors']);
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Fact label={t('detail.subTotal')} value={formatVnd(order.sub_total)} />
        <Fact label={t('detail.total')} value={formatVnd(order.total_price)} testId="order-detail-total" />
        <Fact label={t('detail.point')} value={String(order.point)} />
      </SimpleGrid>
      <Stack gap={4}>
        <Group gap="xs">
          <Text fw={600} size="sm">
            {t('detail.payment')}
          </Text>
          <Badge variant="light" color={order.payment_status === 1 ? 'green.9' : 'gray'}>
            {order.payment_status === 1 ? t('detail.paid') : t('detail.unpaid')}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Fact label={t('detail.method')} value={t(`method.${order.payment_method ?? 'none'}`)} />
          <Fact label={t('detail.received')} value={formatVnd(order.receive_amount)} />
          <Fact label={t('detail.change')} value={formatVnd(order.return_amount)} />
        </SimpleGrid>
      </Stack>
    </>
  );
}

/** Print, the e-invoice's retry, export or correction, open the order, close. */
function OrderDetailActions({
  actor,
  order,
  loaded,
  editHref,
  onExport,
  correctHref,
  refundHref,
  onClose,
}: {
  actor: OrderListActor;
  order: Order;
  /** Printing waits for the detail's answer. */
  loaded: boolean;
  editHref: (orderId: number) => string;
  onExport?: (order: Order) => void;
  correctHref?: (order: Order) => string | null;
  refundHref?: (order: Order) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['orders', 'errors']);
  const printing = useSelector(actor, selectPrinting);
  const retrying = useSelector(actor, selectEinvoiceRetrying);
  return (
    <Group justify="flex-end" wrap="wrap">
      <Button
        variant="default"
        disabled={!loaded}
        loading={printing}
        onClick={() => actor.send({ type: 'PRINT' })}
        data-testid="order-detail-print"
      >
        {order.status === ORDER_COMPLETED ? t('detail.printCopy') : t('detail.print')}
      </Button>
      {order.einvoice_job?.state === 'FAILED' && order.eiv_code === null ? (
        // D250: the sale service issues it again, dated on the sale's day where the provider allows it (D254), keyed by the order id.
        <Button loading={retrying} onClick={() => actor.send({ type: 'EINVOICE.RETRY' })} data-testid="order-detail-einvoice-retry">
          {t('einvoice.auto.retry')}
        </Button>
      ) : null}
      {onExport && selectable(order) ? (
        <Button variant="default" onClick={() => onExport(order)} data-testid="order-detail-export">
          {t('einvoice.export')}
        </Button>
      ) : null}
      {onExport && order.eiv_code !== null && correctHref?.(order) ? (
        // Decree 70: an issued invoice is never cancelled; a mistake is adjusted or replaced (D243).
        <Button component={Link} to={correctHref(order)!} variant="default" data-testid="order-detail-einvoice-correct">
          {t('einvoice.correct')}
        </Button>
      ) : null}
      {order.status === ORDER_COMPLETED && refundHref ? (
        <Button component={Link} to={refundHref(order)} variant="default" data-testid="order-detail-refund">
          {t('detail.refund')}
        </Button>
      ) : null}
      {order.status !== ORDER_COMPLETED ? (
        <Button component={Link} to={editHref(order.order_id)} variant="default">
          {t('detail.edit')}
        </Button>
      ) : null}
      <Button onClick={onClose}>{t('detail.close')}</Button>
    </Group>
  );
}
