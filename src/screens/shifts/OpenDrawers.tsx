import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectDrawers,
  selectDrawersError,
  selectDrawersLoading,
  type shiftDrawersMachine,
} from '../../machines/shifts/shiftDrawers.machine';
import { DRAWERS_REFRESH_MS } from '../../rules/shifts/drawer';
import { formatVnd } from '../../rules/vnd';
import { errorMessageKey } from '../../services/errors';
import { formatDateTime } from '../shared/table/format';
import { ScrollRegion } from '../shared/ScrollRegion';

/** The owner's every open drawer (D304), read again every DRAWERS_REFRESH_MS: store, opened by, since, expected cash now. */
export function OpenDrawers({ actor }: { actor: ActorRefFrom<typeof shiftDrawersMachine> }) {
  const { t } = useTranslation(['shifts', 'errors']);
  const drawers = useSelector(actor, selectDrawers);
  const error = useSelector(actor, selectDrawersError);
  const loading = useSelector(actor, selectDrawersLoading);
  return (
    <Card withBorder padding="md" data-testid="open-drawers">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3">
            {t('drawers.title')}
          </Title>
          <Button variant="default" loading={loading} onClick={() => actor.send({ type: 'REFRESH' })}>
            {t('drawers.refresh')}
          </Button>
        </Group>
        <Text size="sm">{t('drawers.auto', { seconds: DRAWERS_REFRESH_MS / 1000 })}</Text>
        {error ? (
          <Alert color="red" role="alert" title={t('drawers.failed')}>
            <Text size="sm" c="red.9">
              {t(errorMessageKey(error))}
            </Text>
          </Alert>
        ) : null}
        {drawers && drawers.length === 0 ? <Text size="sm">{t('drawers.empty')}</Text> : null}
        {drawers && drawers.length > 0 ? (
          <ScrollRegion label={t('drawers.title')}>
            <Table striped miw={480}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('drawers.store')}</Table.Th>
                  <Table.Th>{t('drawers.openedBy')}</Table.Th>
                  <Table.Th>{t('drawers.since')}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{t('figures.expected')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {drawers.map((d) => (
                  <Table.Tr key={d.shift_id} data-testid="open-drawer">
                    <Table.Th scope="row" fw={500}>
                      {d.store_name}
                    </Table.Th>
                    <Table.Td>{d.opened_by_name}</Table.Td>
                    <Table.Td>{formatDateTime(d.opened_at)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{formatVnd(d.expected)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        ) : null}
      </Stack>
    </Card>
  );
}
