import { Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { EdcDevice } from '../../services/edc/schemas';
import { ActivationPanel } from './ActivationPanel';
import { ConnectionBadge } from './ConnectionBadge';
import { ConnectionPanel } from './ConnectionPanel';
import { IntegratePanel } from './IntegratePanel';
import type { ActivationActor, ConnectionActor, EdcListActor } from './actors';

export interface EdcDetailProps {
  device: EdcDevice | null;
  /** The list; the detail's flows are its children. */
  actor: EdcListActor;
  onClose: () => void;
  /** D87: false for a staff-type user (no integrate or activate button). */
  canManage?: boolean;
}

/** One machine: its facts, TID/MID pairs, connection check, integration and (Soundbox) activation. */
export function EdcDetail({ device, actor, onClose, canManage = true }: EdcDetailProps) {
  const { t } = useTranslation('edc');
  const connection = useSelector(actor, (s) => s.children.connection as ConnectionActor | undefined);
  const activation = useSelector(actor, (s) => s.children.activation as ActivationActor | undefined);
  return (
    <Modal
      opened={device !== null}
      onClose={onClose}
      size="lg"
      title={device ? t('detail.title', { type: t(`type.${device.type_edc}`), serial: device.serial_number }) : ''}
      closeButtonProps={{ 'aria-label': t('detail.close') }}
    >
      {device ? (
        <Stack gap="lg" key={device.serial_number}>
          <Facts device={device} />
          <Pairs device={device} />
          {connection ? (
            <ConnectionPanel
              actor={connection}
              // The list shows the last known state: reload it when a check finds another.
              onAnswer={(status) => {
                if (device.status !== null && status !== device.status) actor.send({ type: 'REFRESH' });
              }}
            />
          ) : null}
          <IntegratePanel device={device} actor={actor} canManage={canManage} />
          {device.type_edc === 2 && activation ? <ActivationPanel device={device} actor={activation} canManage={canManage} /> : null}
        </Stack>
      ) : null}
    </Modal>
  );
}

function Facts({ device }: { device: EdcDevice }) {
  const { t } = useTranslation('edc');
  const rows: Array<[string, React.ReactNode]> = [
    [t('detail.serial'), device.serial_number],
    [t('detail.posId'), device.pos_id],
    [t('detail.store'), device.store_name ?? t('noStore')],
    [t('detail.shopqr'), device.va_account_no ?? t('notIntegrated')],
    [
      t('detail.status'),
      <span key="status" data-testid="known-status">
        <ConnectionBadge status={device.status} />
      </span>,
    ],
  ];
  return (
    <section aria-label={t('detail.facts')}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" component="dl" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={500}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </section>
  );
}

function Pairs({ device }: { device: EdcDevice }) {
  const { t } = useTranslation('edc');
  return (
    <Stack gap="xs" component="section" aria-labelledby="edc-pairs-title">
      <Title order={3} size="h4" id="edc-pairs-title">
        {t('detail.pairsTitle')}
      </Title>
      {device.aggregated_data.length === 0 ? (
        <Text size="sm">{t('detail.noPairs')}</Text>
      ) : (
        <Table withTableBorder striped aria-label={t('detail.pairsLabel', { serial: device.serial_number })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('detail.tid')}</Table.Th>
              <Table.Th scope="col">{t('detail.mid')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {device.aggregated_data.map((pair) => (
              <Table.Tr key={`${pair.tid}-${pair.mid}`}>
                <Table.Td>{pair.tid}</Table.Td>
                <Table.Td>{pair.mid}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
