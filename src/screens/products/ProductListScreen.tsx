import { DROPDOWN_MAX_HEIGHT } from '../shared/dropdown';
import { useMemo } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { productListMachine } from '../../machines/products/productList.machine';
import { selectStatusFilter, selectStopping, selectStopConfirming, selectStopTarget } from '../../machines/products/selectors';
import { formatVndNumber } from '../../rules/vnd';
import type { VatRateTable } from '../../rules/vatRates';
import { useTaxClassLabel } from './taxClassLabel';
import { PRODUCT_CLOSED, PRODUCT_SEARCH_MAX, type Product, type ProductStatus } from '../../services/products/schemas';
import { ChipList } from '../shared/Chips';
import { ListTable } from '../shared/list/ListTable';
import { ListSearch } from '../shared/list/ListSearch';
import { RowButton } from '../shared/list/RowButton';
import type { DataColumn } from '../shared/table/DataTable';
import { ProductPhoto } from './ProductPhoto';
import { PAGE_SIZES } from '../../rules/listPaging';

export type ProductListActor = ActorRefFrom<typeof productListMachine>;

/**
 * /sale-product (doc 2 §2, §3 Product, §4): search (sent 800 ms after the last key), status filter,
 * the products with image, name, code, price, categories as chips and status; edit, and stop-sale
 * (disabled for a product already discontinued) after a confirmation. Product texts are rendered as text.
 */
export function ProductListScreen({
  actor,
  addHref,
  editHref,
  loadImage,
  vatRates,
  now,
}: {
  actor: ProductListActor;
  addHref: string;
  editHref: (code: string) => string;
  loadImage: (url: string) => Promise<Blob>;
  /** The dated VAT table of config.json (D226) and the moment whose rates the VAT column shows. */
  vatRates: VatRateTable;
  now: number;
}) {
  const { t } = useTranslation(['products', 'errors']);
  const columns = useProductColumns({ actor, editHref, loadImage, vatRates, now });

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        <Button component={Link} to={addHref}>
          {t('list.add')}
        </Button>
      </Group>
      <ProductListFilters actor={actor} />
      <ListTable<Product>
        actor={actor}
        label={t('list.tableLabel')}
        columns={columns}
        pageSizes={PAGE_SIZES}
        emptyText={t('list.empty')}
        resultText={(info) => t('list.resultCount', info)}
        failedTitle={t('list.loadFailed')}
        retryLabel={t('list.retry')}
        testId="product-table"
      />
      <StopSaleDialog actor={actor} />
    </Stack>
  );
}

/** The list's columns: image, name, code, price, today's VAT rate, categories, status, edit and stop-sale. */
function useProductColumns({
  actor,
  editHref,
  loadImage,
  vatRates,
  now,
}: {
  actor: ProductListActor;
  editHref: (code: string) => string;
  loadImage: (url: string) => Promise<Blob>;
  vatRates: VatRateTable;
  now: number;
}): DataColumn<Product>[] {
  const { t } = useTranslation(['products', 'errors']);
  const taxClassLabel = useTaxClassLabel(vatRates, now);
  return useMemo<DataColumn<Product>[]>(
    () => [
      {
        key: 'image',
        header: t('list.columns.image'),
        cell: (r) =>
          r.img ? (
            <ProductPhoto
              url={r.img}
              load={loadImage}
              alt={t('list.imageAlt', { name: r.name })}
              loadingText={t('list.imageLoading')}
              failedText={t('list.imageFailed')}
              size={40}
            />
          ) : (
            <Text size="xs" c="dimmed">
              {t('list.noImage')}
            </Text>
          ),
      },
      { key: 'name', header: t('list.columns.name'), cell: (r) => r.name, rowHeader: true, minWidth: 180 },
      { key: 'code', header: t('list.columns.code'), cell: (r) => r.code },
      { key: 'price', header: t('list.columns.price'), cell: (r) => formatVndNumber(r.price), align: 'right' },
      {
        key: 'tax',
        header: t('list.columns.tax'),
        // The rate today, with the class it comes from (D226).
        cell: (r) => (
          <Stack gap={0}>
            <Text size="sm">{taxClassLabel.code(r.tax_class)}</Text>
            <Text size="xs" c="dimmed">
              {t(`taxClass.${r.tax_class}`)}
            </Text>
          </Stack>
        ),
        minWidth: 140,
      },
      {
        key: 'categories',
        header: t('list.columns.categories'),
        cell: (r) => (
          <ChipList
            items={r.categories.map((c) => ({ id: c.category_id, label: c.category_name }))}
            label={t('list.categoriesOf', { name: r.name })}
          />
        ),
        minWidth: 160,
      },
      { key: 'status', header: t('list.columns.status'), cell: (r) => t(`status.${r.status}`) },
      {
        key: 'actions',
        header: t('list.columns.actions'),
        cell: (r) => (
          <Group gap={4} wrap="nowrap">
            <RowButton kind="edit" label={t('list.editLabel', { name: r.name })} to={editHref(r.code)}>
              {t('list.edit')}
            </RowButton>
            <RowButton
              kind="delete"
              label={t('list.stopLabel', { name: r.name })}
              disabled={r.status === PRODUCT_CLOSED}
              onClick={() => actor.send({ type: 'STOP.ASK', row: r })}
            >
              {t('list.stop')}
            </RowButton>
          </Group>
        ),
      },
    ],
    [t, actor, editHref, loadImage, taxClassLabel],
  );
}

/** The search and the status filter. */
function ProductListFilters({ actor }: { actor: ProductListActor }) {
  const { t } = useTranslation(['products', 'errors']);
  const status = useSelector(actor, selectStatusFilter);
  const statusOptions = [
    { value: 'all', label: t('list.allStatuses') },
    ...([0, 1, 2] as const).map((s) => ({ value: String(s), label: t(`status.${s}`) })),
  ];

  return (
    <Group align="flex-end" wrap="wrap">
      <ListSearch
        actor={actor}
        field="q"
        label={t('list.search')}
        description={t('list.searchHint')}
        maxLength={PRODUCT_SEARCH_MAX}
        style={{ flex: '1 1 240px' }}
        data-testid="product-search"
      />
      <Select
        label={t('list.status')}
        maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
        data={statusOptions}
        value={status === null ? 'all' : String(status)}
        allowDeselect={false}
        onChange={(value) =>
          actor.send({
            type: 'FILTER.SET',
            filter: { status: value === null || value === 'all' ? null : (Number(value) as ProductStatus) },
          })
        }
        style={{ flex: '0 1 200px' }}
        data-testid="product-status-filter"
      />
    </Group>
  );
}

/** Stop-sale asks first; the dialog stays while the stop is under way. */
function StopSaleDialog({ actor }: { actor: ProductListActor }) {
  const { t } = useTranslation(['products', 'errors']);
  const stopTarget = useSelector(actor, selectStopTarget);
  const confirming = useSelector(actor, selectStopConfirming);
  const stopping = useSelector(actor, selectStopping);

  return (
    <Modal
      opened={confirming}
      onClose={() => {
        if (!stopping) actor.send({ type: 'STOP.CANCEL' });
      }}
      title={t('stop.title')}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{stopTarget ? t('stop.body', { name: stopTarget.name, code: stopTarget.code }) : null}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => actor.send({ type: 'STOP.CANCEL' })} disabled={stopping}>
            {t('stop.cancel')}
          </Button>
          <Button color="red.9" loading={stopping} onClick={() => actor.send({ type: 'STOP.CONFIRM' })}>
            {t('stop.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
