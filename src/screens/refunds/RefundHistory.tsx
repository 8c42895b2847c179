import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatVnd } from '../../rules/vnd';
import type { Refund } from '../../services/refunds';
import { ScrollRegion } from '../shared/ScrollRegion';
import { formatDateTime } from '../shared/table/format';
import { StatusBadge } from '../shared/table/StatusBadge';

/** A request waiting on the bank waits like a pending one (the shared badge's tones: waiting, done, problem). */
const toneOf = (status: Refund['status']) => (status === 'REQUESTED' ? 'PENDING' : status);

/** The order's refunds, oldest first: when, how much, which way, where it stands, why and by whom. */
export function RefundHistory({ refunds }: { refunds: readonly Refund[] }) {
  const { t } = useTranslation('refunds');
  if (refunds.length === 0) return null;
  return (
    <ScrollRegion label={t('history.caption')}>
      <Table data-testid="refund-history" miw={560}>
        <Table.Caption>{t('history.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('history.time')}</Table.Th>
            <Table.Th>{t('history.amount')}</Table.Th>
            <Table.Th>{t('history.way')}</Table.Th>
            <Table.Th>{t('history.status')}</Table.Th>
            <Table.Th>{t('history.reason')}</Table.Th>
            <Table.Th>{t('history.by')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {refunds.map((r) => (
            <Table.Tr key={r.id} data-testid={`refund-${r.id}`}>
              <Table.Td>{formatDateTime(r.created_at)}</Table.Td>
              <Table.Td>{formatVnd(r.amount)}</Table.Td>
              <Table.Td>{t(`method.${r.method}`)}</Table.Td>
              <Table.Td>
                <StatusBadge status={toneOf(r.status)} label={t(`status.${r.status}`)} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(`reason.${r.reason}`, { defaultValue: r.reason })}</Text>
                {r.note !== '' && (
                  <Text size="xs" c="dimmed">
                    {r.note}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{r.created_by_name}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
