import { Alert, Button, Checkbox, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { bulkExportMachine } from '../../../machines/orders/bulkExport.machine';
import { progressOf, selectable } from '../../../machines/orders/einvoice/bulk';
import { errorMessageKey } from '../../../services/errors';
import type { Order } from '../../../services/orders/schemas';
import { formatDate } from '../../shared/table/format';
import { invoiceCodeText } from './code';
import './styles';
import { ScrollRegion } from '../../shared/ScrollRegion';

export type BulkExportActor = ActorRefFrom<typeof bulkExportMachine>;
type Snap = SnapshotFrom<typeof bulkExportMachine>;

const selectPicked = (s: Snap) => s.context.picked;
const selectPicking = (s: Snap) => s.hasTag('picking');

/** The checkbox of one row (doc 2 §6: only with the flag and an active set-up; only an order that can be exported). */
export function PickCheckbox({ actor, order }: { actor: BulkExportActor; order: Order }) {
  const { t } = useTranslation('orders');
  const picked = useSelector(actor, (s) => s.context.picked.some((p) => p.orderId === order.order_id));
  const picking = useSelector(actor, selectPicking);
  if (!selectable(order)) return null;
  return (
    <Checkbox
      aria-label={t('einvoice.pickLabel', { code: order.order_code })}
      checked={picked}
      disabled={!picking}
      onChange={() => actor.send({ type: 'PICK.TOGGLE', order })}
      data-testid="order-pick"
    />
  );
}

/** The header checkbox: every order of the page that can be exported. */
export function PickPageCheckbox({ actor, rows }: { actor: BulkExportActor; rows: readonly Order[] }) {
  const { t } = useTranslation('orders');
  const picked = useSelector(actor, selectPicked);
  const picking = useSelector(actor, selectPicking);
  const candidates = rows.filter(selectable);
  const on = candidates.filter((o) => picked.some((p) => p.orderId === o.order_id)).length;
  return (
    <Checkbox
      aria-label={t('einvoice.pickPage')}
      checked={candidates.length > 0 && on === candidates.length}
      indeterminate={on > 0 && on < candidates.length}
      disabled={!picking || candidates.length === 0}
      onChange={() => actor.send({ type: 'PICK.PAGE', orders: rows, on: on < candidates.length })}
      data-testid="order-pick-page"
    />
  );
}

/** The bar above the list while orders are picked: how many, start, clear. */
export function BulkBar({ actor }: { actor: BulkExportActor }) {
  const { t } = useTranslation('orders');
  const picked = useSelector(actor, selectPicked);
  const picking = useSelector(actor, selectPicking);
  if (!picking || picked.length === 0) return null;
  return (
    <Group gap="sm" wrap="wrap" data-testid="bulk-bar">
      <Text size="sm" role="status">
        {t('einvoice.bulk.picked', { count: picked.length })}
      </Text>
      <Button onClick={() => actor.send({ type: 'START' })} data-testid="bulk-start">
        {t('einvoice.bulk.start')}
      </Button>
      <Button variant="default" onClick={() => actor.send({ type: 'PICK.CLEAR' })}>
        {t('einvoice.bulk.clear')}
      </Button>
    </Group>
  );
}

const OUTCOME_COLOUR = { pending: 'gray.8', exported: 'green.9', skipped: 'gray.8', failed: 'red.9' } as const;

/**
 * The run (doc 2 §4 bulk export): progress as done/total with percent, the order under way, the stop
 * with its message, and each order's outcome with a retry of the failed ones.
 */
export function BulkRunDialog({ actor }: { actor: BulkExportActor }) {
  const { t } = useTranslation(['orders', 'errors']);
  const open = useSelector(actor, (s) => s.hasTag('resultsOpen'));
  const running = useSelector(actor, (s) => s.hasTag('running'));
  const stopped = useSelector(actor, (s) => s.hasTag('stopped'));
  const finished = useSelector(actor, (s) => s.hasTag('finished'));
  const run = useSelector(actor, (s) => s.context.run);
  const stopCode = useSelector(actor, (s) => s.context.stopCode);
  const stopRequested = useSelector(actor, (s) => s.context.stopRequested);
  if (!open || run === null) return null;
  const progress = progressOf(run);
  const close = () => actor.send({ type: 'CLOSE' });
  const retryable = run.items.some((item) => item.status === 'failed' || item.status === 'pending');

  return (
    <Modal
      opened
      onClose={running ? () => undefined : close}
      withCloseButton={!running}
      closeOnEscape={!running}
      closeOnClickOutside={false}
      title={t('einvoice.bulk.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('einvoice.bulk.close') }}
    >
      <Stack gap="md" data-testid="bulk-run">
        <Stack gap={4}>
          <Text size="sm" data-testid="bulk-progress">
            {t('einvoice.bulk.progress', { ...progress })}
          </Text>
          <Progress value={progress.percent} aria-label={t('einvoice.bulk.progressLabel')} />
        </Stack>
        {running ? (
          <Text size="sm" role="status">
            {t('einvoice.bulk.running')}
          </Text>
        ) : null}
        {stopped ? (
          <Alert
            color={stopCode === null ? 'yellow' : 'red'}
            variant="light"
            role="alert"
            title={t('einvoice.bulk.stopped')}
            data-testid="bulk-stopped"
          >
            <Text size="sm">{stopCode === null ? t('einvoice.bulk.stoppedByUser') : t(errorMessageKey(stopCode))}</Text>
          </Alert>
        ) : null}
        {finished ? (
          <Alert color="green" variant="light" title={t('einvoice.bulk.finished')} data-testid="bulk-finished">
            <Text size="sm">{t('einvoice.bulk.finishedBody', { ...progress })}</Text>
          </Alert>
        ) : null}
        <BulkResultsTable items={run.items} />
        <Group justify="flex-end" wrap="wrap">
          {running ? (
            <Button variant="default" disabled={stopRequested} onClick={() => actor.send({ type: 'STOP' })} data-testid="bulk-stop">
              {t('einvoice.bulk.stop')}
            </Button>
          ) : null}
          {stopped && retryable ? (
            <Button onClick={() => actor.send({ type: 'RETRY' })} data-testid="bulk-retry">
              {t('einvoice.bulk.retry')}
            </Button>
          ) : null}
          {!running ? (
            <Button variant={stopped && retryable ? 'default' : 'filled'} onClick={close} data-testid="bulk-close">
              {t('einvoice.bulk.close')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}

/** Each order of the run with its outcome, and the invoice's code or the refusal. */
function BulkResultsTable({ items }: { items: NonNullable<Snap['context']['run']>['items'] }) {
  const { t } = useTranslation(['orders', 'errors']);
  // A plain scrolling region: focusable, so its rows are reachable by keyboard (axe scrollable-region-focusable).
  return (
    <ScrollRegion label={t('einvoice.bulk.results')} maxHeight={320}>
      <Table miw={360} aria-label={t('einvoice.bulk.results')} data-testid="bulk-results">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('einvoice.bulk.columns.order')}</Table.Th>
            <Table.Th scope="col">{t('einvoice.bulk.columns.outcome')}</Table.Th>
            <Table.Th scope="col">{t('einvoice.bulk.columns.detail')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.orderId} data-testid="bulk-result" data-status={item.status}>
              <Table.Th scope="row" fw={400}>
                {item.orderCode}
              </Table.Th>
              <Table.Td>
                <Text size="sm" c={OUTCOME_COLOUR[item.status]}>
                  {t(`einvoice.bulk.outcome.${item.status}`)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {item.error !== null
                    ? t(errorMessageKey(item.error))
                    : item.eivCode !== null
                      ? invoiceCodeText(t, item.eivCode, item.serial)
                      : ''}
                </Text>
                {item.status === 'exported' && typeof item.datedToday === 'number' ? (
                  <Text size="sm" fw={500} data-testid="bulk-dated-today">
                    {t('einvoice.bulk.datedToday', { date: formatDate(item.datedToday) })}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
