import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { RECON_GROUPS, type ReconGroup } from '../../rules/reconciliation';
import { formatVnd, formatVnDateTime } from './format';
import type { ReconDay, ReconRow } from '../../services/reconciliation/schemas';
import { ScrollRegion } from '../shared/ScrollRegion';

/** One group's rows (issue 27 §5; refunds signed and badged, D320): the order, the way, when it was paid, the bank's record, amount, fee, net credited, credit date. */
function GroupTable({ group, rows, t }: { group: ReconGroup; rows: ReconRow[]; t: TFunction }) {
  const flagged = group === 'OURS_ONLY';
  const headingId = `recon-${group}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid={`recon-group-${group}`}>
      <Title order={2} size="h4" id={headingId}>
        {flagged ? '⚠ ' : ''}
        {t(`group.${group}`)} ({rows.length})
      </Title>
      <Text size="sm">{t(`groupHint.${group}`)}</Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('groupEmpty')}
        </Text>
      ) : (
        <ScrollRegion label={t(`group.${group}`)}>
          <Table striped withTableBorder miw={860}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('col.order')}</Table.Th>
                <Table.Th scope="col">{t('col.method')}</Table.Th>
                <Table.Th scope="col">{t('col.paidAt')}</Table.Th>
                <Table.Th scope="col">{t('col.bank')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('col.amount')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('col.fee')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('col.credited')}
                </Table.Th>
                <Table.Th scope="col">{t('col.creditDate')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr
                  key={`${r.kind}-${r.payment_id ?? r.refund_id ?? ''}-${r.bank_id ?? ''}`}
                  data-testid="recon-row"
                  data-group={r.group}
                  data-order={r.order_code ?? ''}
                >
                  <Table.Th scope="row" fw={500}>
                    {r.order_code ?? r.reference ?? '—'}
                    {r.kind === 'REFUND' ? (
                      <Badge ml="xs" color="dark" variant="filled" data-testid="recon-refund">
                        {t('kind.REFUND')}
                      </Badge>
                    ) : null}
                    {flagged ? (
                      <Badge ml="xs" color="red" variant="filled" data-testid="recon-flag" title={t('flagLong')}>
                        ⚠ {t('flag')}
                      </Badge>
                    ) : null}
                  </Table.Th>
                  <Table.Td>{r.method ? t(`method.${r.method}`) : t(`channel.${r.channel}`)}</Table.Td>
                  <Table.Td>{r.paid_at === null ? '—' : formatVnDateTime(r.paid_at * 1000)}</Table.Td>
                  <Table.Td>{r.bank_id ?? t('noBankRecord')}</Table.Td>
                  <Table.Td ta="right">{formatVnd(r.amount)}</Table.Td>
                  <Table.Td ta="right">{formatVnd(r.fee)}</Table.Td>
                  <Table.Td ta="right">{formatVnd(r.credited)}</Table.Td>
                  <Table.Td>{r.credit_date === null ? t('notCredited') : formatVnDateTime(r.credit_date * 1000)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </Stack>
  );
}

/** The day's totals per group and for the whole day: count, gross, fees, net credited (integer đồng). */
function Totals({ result, t }: { result: ReconDay; t: TFunction }) {
  const lines = [...RECON_GROUPS, 'ALL' as const];
  return (
    <Stack gap="xs" component="section" aria-labelledby="recon-totals">
      <Title order={2} size="h4" id="recon-totals">
        {t('totals.title')}
      </Title>
      <ScrollRegion label={t('totals.title')}>
        <Table withTableBorder miw={560} data-testid="recon-totals">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('totals.group')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('totals.count')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('totals.gross')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('totals.fee')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('totals.net')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((g) => {
              const x = result.totals[g];
              return (
                <Table.Tr key={g} data-testid={`recon-total-${g}`} fw={g === 'ALL' ? 700 : undefined}>
                  <Table.Th scope="row">{g === 'ALL' ? t('totals.all') : t(`group.${g}`)}</Table.Th>
                  <Table.Td ta="right">{x.count}</Table.Td>
                  <Table.Td ta="right">{formatVnd(x.gross)}</Table.Td>
                  <Table.Td ta="right">{formatVnd(x.fee)}</Table.Td>
                  <Table.Td ta="right">{formatVnd(x.net)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </Stack>
  );
}

export function ReconTables({ result, t }: { result: ReconDay; t: TFunction }) {
  return (
    <Stack gap="lg">
      {RECON_GROUPS.map((g) => (
        <GroupTable key={g} group={g} rows={result.rows.filter((r) => r.group === g)} t={t} />
      ))}
      <Totals result={result} t={t} />
    </Stack>
  );
}
