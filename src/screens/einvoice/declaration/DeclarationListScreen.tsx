import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import {
  selectDeclarationApproved,
  selectDeclarationEmpty,
  selectDeclarationErrorCode,
  selectDeclarationFailed,
  selectDeclarationLoading,
  selectDeclarationNotSetUp,
  selectDeclarationProvider,
  selectDeclarationRecords,
  type declarationListMachine,
} from '../../../machines/einvoice/declarationList.machine';
import { errorMessageKey } from '../../../services/errors';
import type { DeclarationRecord } from '../../../services/einvoice/core/types';
import { FailureAlert } from '../../shared/FailureAlert';
import { formatDateTime } from '../../shared/table/format';
import { providerName } from '../sso/providerNames';
import '../styles';
import { ScrollRegion } from '../../shared/ScrollRegion';

export type DeclarationListActor = ActorRefFrom<typeof declarationListMachine>;

export interface DeclarationListScreenProps {
  actor: DeclarationListActor;
  /** The provider's own portal, where a declaration is made and signed (D200); null when none is set up. */
  addHref: string | null;
  settingHref: string;
}

/** Text shade 9 (or near-black) on a pale background: AA contrast at badge size, as the shared status badge does. */
const LOOKS: Record<string, { c: string; bg: string }> = {
  APPROVED: { c: 'teal.9', bg: 'teal.0' },
  PENDING: { c: 'dark.8', bg: 'yellow.2' },
  REJECTED: { c: 'red.9', bg: 'red.0' },
};
const NEUTRAL = { c: 'dark.8', bg: 'gray.1' };

/** A provider's words for the tax authority's answer, in the user's language when known, else as written. */
function useStatusText() {
  const { t } = useTranslation('einvoice');
  return (value: string) => {
    const key = `declaration.values.${value.toUpperCase()}`;
    const text = t(key);
    return text === key ? value : text;
  };
}

/** /e-inv-declaration (doc 2 §2): the declaration records from 1 January to today, newest first, and add. */
export function DeclarationListScreen({ actor, addHref, settingHref }: DeclarationListScreenProps) {
  const { t } = useTranslation(['einvoice', 'errors']);
  const loading = useSelector(actor, selectDeclarationLoading);
  const failed = useSelector(actor, selectDeclarationFailed);
  const empty = useSelector(actor, selectDeclarationEmpty);
  const notSetUp = useSelector(actor, selectDeclarationNotSetUp);
  const records = useSelector(actor, selectDeclarationRecords);
  const approved = useSelector(actor, selectDeclarationApproved);
  const provider = useSelector(actor, selectDeclarationProvider);
  const code = useSelector(actor, selectDeclarationErrorCode);
  const statusText = useStatusText();

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h3">
          {t('declaration.title')}
        </Title>
        {provider && addHref ? (
          <Group gap="sm">
            <Button variant="default" onClick={() => actor.send({ type: 'REFRESH' })} disabled={loading}>
              {t('declaration.refresh')}
            </Button>
            <Button component="a" href={addHref} target="_blank" rel="noopener noreferrer" data-testid="declaration-add">
              {t('declaration.add', { provider: providerName(provider) })}
            </Button>
          </Group>
        ) : null}
      </Group>
      {provider ? (
        <Text size="sm" c="dimmed">
          {t('declaration.range', { provider: providerName(provider) })}
        </Text>
      ) : null}
      {notSetUp ? (
        <Alert
          color="yellow"
          role="alert"
          title={t('declaration.notSetUpTitle')}
          styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}
        >
          <Stack gap="xs">
            <Text size="sm">{t('declaration.notSetUp')}</Text>
            <Anchor component={Link} to={settingHref} c="dark.9" fw={600} underline="always">
              {t('declaration.goToSetting')}
            </Anchor>
          </Stack>
        </Alert>
      ) : null}
      {failed ? (
        <FailureAlert
          title={t('declaration.failedTitle')}
          message={t(errorMessageKey(code))}
          retryLabel={t('declaration.retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
          testId="declaration-failed"
        />
      ) : null}
      {loading ? <Loader aria-label={t('declaration.loading')} /> : null}
      {!loading && approved !== null ? (
        <Group gap="xs">
          <Text size="sm">{t('declaration.statusLabel')}</Text>
          <Badge variant="light" {...(approved ? LOOKS.APPROVED! : LOOKS.PENDING!)} data-testid="declaration-approved">
            {approved ? t('declaration.approved') : t('declaration.pending')}
          </Badge>
        </Group>
      ) : null}
      {!loading && empty ? <Text>{t('declaration.empty')}</Text> : null}
      {!loading && records.length > 0 ? <DeclarationTable records={records} statusText={statusText} /> : null}
    </Stack>
  );
}

function DeclarationTable({ records, statusText }: { records: DeclarationRecord[]; statusText: (value: string) => string }) {
  const { t } = useTranslation('einvoice');
  return (
    // Focusable so the keyboard can scroll it sideways on a narrow screen.
    <ScrollRegion label={t('declaration.caption')}>
      <Table striped withTableBorder miw={900} data-testid="declaration-table">
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {t('declaration.caption')}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('declaration.columns.type')}</Table.Th>
            <Table.Th scope="col">{t('declaration.columns.email')}</Table.Th>
            <Table.Th scope="col">{t('declaration.columns.createDate')}</Table.Th>
            <Table.Th scope="col">{t('declaration.columns.statusSent')}</Table.Th>
            <Table.Th scope="col">{t('declaration.columns.statusReply')}</Table.Th>
            <Table.Th scope="col">{t('declaration.columns.sender')}</Table.Th>
            <Table.Th scope="col">{t('declaration.columns.sentDate')}</Table.Th>
            <Table.Th scope="col">{t('declaration.columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record, index) => (
            <Table.Tr key={`${record.createDate}-${index}`}>
              <Table.Td>{record.type}</Table.Td>
              <Table.Td>{record.email}</Table.Td>
              <Table.Td>{formatDateTime(record.createDate)}</Table.Td>
              <Table.Td>{statusText(record.statusSent)}</Table.Td>
              <Table.Td>{statusText(record.statusReply)}</Table.Td>
              <Table.Td>{record.sender}</Table.Td>
              <Table.Td>{formatDateTime(record.sentDate)}</Table.Td>
              <Table.Td>
                <Badge variant="light" {...(LOOKS[record.status.toUpperCase()] ?? NEUTRAL)}>
                  {statusText(record.status)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

export default DeclarationListScreen;
