import { Alert, Anchor, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { einvoiceListMachine } from '../../../machines/einvoice/einvoiceList.machine';
import {
  NOT_SET_UP,
  selectFilter,
  selectListComingSoon,
  selectNotSetUp,
  selectPdfActor,
  selectCorrectActor,
  selectProvider,
  selectSignActor,
} from '../../../machines/einvoice/list/selectors';
import {
  EINVOICE_PAGE_SIZES,
  EINVOICE_SEARCH_MAX,
  EINVOICE_SERIAL_MAX,
  RELEASED_FILTERS,
  type EinvoiceListRow,
} from '../../../services/einvoice/list/schemas';
import { errorMessageKey } from '../../../services/errors';
import type { ReleasedFilter } from '../../../services/einvoice/core/types';
import type { TimeRange } from '../../../rules/timeRange';
import { DROPDOWN_MAX_HEIGHT } from '../../shared/dropdown';
import { ListTable } from '../../shared/list/ListTable';
import { ListSearch } from '../../shared/list/ListSearch';
import { usePortal } from '../../shared/portal-context';
import { TimeRangeFilter } from '../../shared/table/TimeRangeFilter';
import { useEinvoiceColumns } from './EinvoiceListColumns';
import { InvoicePdfDialog, type InvoicePdfActor } from './InvoicePdfDialog';
import { InvoiceSignDialog, type InvoiceSignActor } from './InvoiceSignDialog';
import { InvoiceCorrectDialog, type InvoiceCorrectActor } from './InvoiceCorrectDialog';
import '../styles';

// A light alert's coloured title is below 4.5:1 on its tint (axe): the title keeps the text colour.
const ALERT_STYLES = { title: { color: 'var(--mantine-color-gray-9)' } };

export type EinvoiceListActor = ActorRefFrom<typeof einvoiceListMachine>;

/**
 * /e-invoice (doc 2 §2 "E-invoice list", §3 E-invoice row, §4 statuses): time range, invoice and symbol
 * search, all/released/unreleased; the invoices with symbol, number, date, buyer, CQT and lookup codes,
 * VAT, total and the CQT status label and colour from the provider's map; a row's PDF, and signing
 * where the provider's rule allows it. Not set up: a link to /e-inv-setting. Provider texts (buyer
 * names, codes) are rendered as text.
 */
export function EinvoiceListScreen({
  actor,
  settingHref,
  nowMs,
  newKey = () => crypto.randomUUID(),
}: {
  actor: EinvoiceListActor;
  settingHref: string;
  nowMs: number;
  /** The key of a correction, one per dialog (D243). */
  newKey?: () => string;
}) {
  const { t } = useTranslation(['einvoice', 'errors']);
  const provider = useSelector(actor, selectProvider);
  const notSetUp = useSelector(actor, selectNotSetUp);
  const comingSoon = useSelector(actor, selectListComingSoon);
  const pdfActor = useSelector(actor, selectPdfActor) as InvoicePdfActor | undefined;
  const signActor = useSelector(actor, selectSignActor) as InvoiceSignActor | undefined;
  const correctActor = useSelector(actor, selectCorrectActor) as InvoiceCorrectActor | undefined;

  const columns = useEinvoiceColumns(actor, newKey);

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        {provider ? (
          <Text size="sm" c="gray.8" data-testid="einvoice-provider">
            {t('list.provider', { name: provider.name })}
          </Text>
        ) : null}
      </Group>
      {notSetUp ? (
        <Alert color="yellow" variant="light" title={t('list.notSetUp.title')} styles={ALERT_STYLES} data-testid="einvoice-not-set-up">
          <Stack gap="xs">
            <Text size="sm">{t(errorMessageKey(NOT_SET_UP))}</Text>
            <Anchor component={Link} to={settingHref} size="sm" data-testid="einvoice-setting-link">
              {t('list.notSetUp.link')}
            </Anchor>
          </Stack>
        </Alert>
      ) : comingSoon ? (
        <Alert color="blue" variant="light" title={t('list.comingSoon.title')} styles={ALERT_STYLES} data-testid="einvoice-coming-soon">
          <Text size="sm">{t('list.comingSoon.body', { name: provider?.name ?? '' })}</Text>
        </Alert>
      ) : (
        <>
          <EinvoiceListFilters actor={actor} nowMs={nowMs} />
          <ListTable<EinvoiceListRow>
            actor={actor}
            label={t('list.tableLabel')}
            columns={columns}
            pageSizes={EINVOICE_PAGE_SIZES}
            emptyText={t('list.empty')}
            resultText={(info) => t('list.resultCount', info)}
            failedTitle={t('list.loadFailed')}
            retryLabel={t('list.retry')}
            testId="einvoice-table"
          />
        </>
      )}
      {pdfActor ? <InvoicePdfDialog actor={pdfActor} /> : null}
      {signActor ? <InvoiceSignDialog actor={signActor} /> : null}
      {correctActor ? <InvoiceCorrectDialog actor={correctActor} /> : null}
    </Stack>
  );
}

/** The time range, the two searches and released/unreleased (doc 2 §2), each a FILTER.SET or the list's search. */
function EinvoiceListFilters({ actor, nowMs }: { actor: EinvoiceListActor; nowMs: number }) {
  const { t } = useTranslation(['einvoice', 'errors']);
  const { language } = usePortal();
  const filter = useSelector(actor, selectFilter);
  const releasedOptions = RELEASED_FILTERS.map((value) => ({ value, label: t(`list.released.${value}`) }));
  const timeValue = filter.range.preset === 'custom' ? filter.range : { preset: filter.range.preset };
  return (
    <section aria-label={t('list.filters')}>
      <Group align="flex-end" gap="md" wrap="wrap">
        <div>
          <TimeRangeFilter
            value={timeValue}
            nowMs={nowMs}
            language={language}
            onChange={(next) => {
              const range: TimeRange =
                next.preset === 'custom' ? { preset: 'custom', from: next.from ?? '', to: next.to ?? '' } : { preset: next.preset };
              actor.send({ type: 'FILTER.SET', filter: { range } });
            }}
          />
        </div>
        <ListSearch
          actor={actor}
          field="q"
          label={t('list.search')}
          description={t('list.searchHint')}
          maxLength={EINVOICE_SEARCH_MAX}
          style={{ flex: '1 1 220px' }}
          data-testid="einvoice-search"
        />
        <ListSearch
          actor={actor}
          field="serial"
          label={t('list.serialSearch')}
          description={t('list.serialHint')}
          maxLength={EINVOICE_SERIAL_MAX}
          style={{ flex: '0 1 180px' }}
          data-testid="einvoice-serial-search"
        />
        <Select
          label={t('list.releasedFilter')}
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          data={releasedOptions}
          value={filter.released}
          allowDeselect={false}
          onChange={(value) => {
            if (value) actor.send({ type: 'FILTER.SET', filter: { released: value as ReleasedFilter } });
          }}
          style={{ flex: '0 1 200px' }}
          data-testid="einvoice-released-filter"
        />
      </Group>
    </section>
  );
}
