import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import './styles';
import { useTranslation } from 'react-i18next';
import { formatVnd } from '../../rules/vnd';
import { DENOMINATIONS } from '../../rules/shifts/drawer';
import type { Movement, Shift } from '../../services/shifts/schemas';
import { formatDateTime } from '../shared/table/format';
import { ScrollRegion } from '../shared/ScrollRegion';
import { closingPaths } from '../../app/closing/paths';

/** One labelled figure (money in VND, core §9). */
export function Figure({ label, value, testId, strong = false }: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} size={strong ? 'lg' : 'md'} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** A signed difference: "+10.000 ₫", "−5.000 ₫", "0 ₫". */
export const formatDifference = (n: number) => (n > 0 ? `+${formatVnd(n)}` : n < 0 ? `−${formatVnd(-n)}` : formatVnd(0));

/** The drawer's figures (D303): float, cash sales, cash refunds (D305), cash in, cash out and the expected cash. */
export function DrawerFigures({ shift }: { shift: Shift }) {
  const { t } = useTranslation('shifts');
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
      <Figure label={t('figures.float')} value={formatVnd(shift.float_amount)} />
      <Figure label={t('figures.cashSales')} value={formatVnd(shift.cash_sales)} testId="shift-cash-sales" />
      <Figure label={t('figures.cashRefunds')} value={formatVnd(shift.cash_refunds)} testId="shift-cash-refunds" />
      <Figure label={t('figures.cashIn')} value={formatVnd(shift.cash_in)} />
      <Figure label={t('figures.cashOut')} value={formatVnd(shift.cash_out)} />
      <Figure label={t('figures.expected')} value={formatVnd(shift.expected)} testId="shift-expected" strong />
    </SimpleGrid>
  );
}

/** Cash in, cash out and cash refunds (D318) of the shift, oldest first. */
export function MovementsTable({ movements }: { movements: readonly Movement[] }) {
  const { t } = useTranslation('shifts');
  if (movements.length === 0) return <Text size="sm">{t('movements.empty')}</Text>;
  return (
    // A region the keyboard can scroll at 375 px (WCAG 2.1.1), as the other tables.
    <ScrollRegion label={t('movements.title')}>
      <Table striped miw={520} data-testid="shift-movements">
        <Table.Caption>{t('movements.title')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('movements.time')}</Table.Th>
            <Table.Th>{t('movements.kind')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('movements.amount')}</Table.Th>
            <Table.Th>{t('movements.reason')}</Table.Th>
            <Table.Th>{t('movements.by')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {movements.map((m) => (
            <Table.Tr key={m.movement_id}>
              <Table.Td>{formatDateTime(m.created_at)}</Table.Td>
              <Table.Td>{t(`kind.${m.kind}`)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatVnd(m.amount)}</Table.Td>
              <Table.Td>{m.note ? `${t(`reason.${m.reason}`)}: ${m.note}` : t(`reason.${m.reason}`)}</Table.Td>
              <Table.Td>{m.created_by_name}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** A closed shift (D303): who and when, expected, counted, the difference and its reason, the notes counted. */
export function ShiftSummary({ shift, title, testId }: { shift: Shift; title: string; testId: string }) {
  const { t } = useTranslation('shifts');
  const counts = shift.counts ?? {};
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text size="sm">
          {t('summary.when', {
            opener: shift.opened_by_name,
            opened: formatDateTime(shift.opened_at),
            closer: shift.closed_by_name ?? '',
            closed: formatDateTime(shift.closed_at),
          })}
        </Text>
        <DrawerFigures shift={shift} />
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <Figure label={t('close.counted')} value={formatVnd(shift.counted)} testId="summary-counted" />
          <Figure label={t('close.difference')} value={formatDifference(shift.difference ?? 0)} testId="summary-difference" strong />
          <Figure label={t('close.reason')} value={shift.close_reason || t('summary.noReason')} testId="summary-reason" />
        </SimpleGrid>
        <Group gap="xs">
          {DENOMINATIONS.filter((d) => (counts[String(d)] ?? 0) > 0).map((d) => (
            <Text key={d} size="sm">
              {t('summary.notes', { count: counts[String(d)], note: formatVnd(d) })}
            </Text>
          ))}
        </Group>
        <MovementsTable movements={shift.movements ?? []} />
        {/* D306: the closed shift's end-of-day report. */}
        <Anchor component={Link} to={closingPaths.shift(shift.shift_id)} data-testid="shift-z-report">
          {t('summary.zReport')}
        </Anchor>
      </Stack>
    </Card>
  );
}
