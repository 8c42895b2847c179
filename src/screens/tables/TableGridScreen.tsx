import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { QrImage } from '../shared/QrImage';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { TABLE_NAME_MAX_LENGTH, TABLE_SEARCH_MAX_LENGTH } from '../../rules/tables/table';
import {
  selectConfirmingRemove,
  selectCreatedNotice,
  selectCreating,
  selectEditBusy,
  selectEditing,
  selectEditForm,
  selectEditOpen,
  selectGridFailed,
  selectGridLoading,
  selectLoadError,
  selectCreateForm,
  selectOpening,
  selectQrExporting,
  selectQrLoading,
  selectQrTable,
  selectQrText,
  selectRemoving,
  selectRenaming,
  selectSearch,
  selectTables,
} from '../../machines/tables/selectors';
import { QR_SHOWN_SIZE, createFormKit, editFormKit, type tableGridMachine } from '../../machines/tables/tableGrid.machine';
import { catalogueCode, errorMessageKey } from '../../services/errors';
import type { Table } from '../../services/tables/schemas';
import { FailureAlert } from '../shared/FailureAlert';
import { formatVnd } from '../shared/table/format';
import { BasketIcon, EditIcon, QrIcon } from './icons';
import { SubmitForm } from '../shared/form/SubmitForm';
import { useFormFields } from '../shared/form/use-form-fields';
import type { TableNameProblem } from '../../rules/tables/table';
import { ListSearch } from '../shared/list/ListSearch';
import classes from './TableGridScreen.module.css';

export type TableGridActor = ActorRefFrom<typeof tableGridMachine>;

/** doc 2 §2: card height 172. */
const CARD_HEIGHT = 172;
const COLS = { base: 1, xs: 2, md: 3, lg: 4 };

/**
 * /sale-table (doc 2 §2 Table management): a card per table (name, basket badge with the open bill's
 * dish count, total, QR, create bill or view detail), three skeleton cards while loading, the
 * add-table card, the update popup and the QR popup. Table names are rendered as text.
 */
export function TableGridScreen({ actor }: { actor: TableGridActor }) {
  const { t } = useTranslation(['tables', 'errors']);
  const tables = useSelector(actor, selectTables);
  const loading = useSelector(actor, selectGridLoading);
  const failed = useSelector(actor, selectGridFailed);
  const loadError = useSelector(actor, selectLoadError);
  const search = useSelector(actor, selectSearch);

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <Title order={1} size="h2">
          {t('grid.title')}
        </Title>
        <ListSearch
          actor={actor}
          field="q"
          label={t('grid.search')}
          placeholder={t('grid.searchPlaceholder')}
          maxLength={TABLE_SEARCH_MAX_LENGTH * 2}
          className={classes.search}
          w="100%"
          data-testid="table-search"
        />
      </Group>
      {failed ? (
        <FailureAlert
          title={t('grid.loadFailed')}
          message={t(errorMessageKey(loadError))}
          retryLabel={t('grid.retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
          testId="table-load-failed"
        />
      ) : null}
      <SimpleGrid cols={COLS} spacing="md" aria-busy={loading} data-testid="table-grid">
        <AddTableCard actor={actor} />
        {loading
          ? [0, 1, 2].map((i) => <Skeleton key={i} height={CARD_HEIGHT} radius="md" data-testid="table-skeleton" />)
          : tables.map((table) => <TableCard key={table.table_id} actor={actor} table={table} />)}
      </SimpleGrid>
      {!loading && !failed && tables.length === 0 ? (
        <Text c="dimmed" data-testid="table-empty">
          {search ? t('grid.noMatch', { q: search }) : t('grid.empty')}
        </Text>
      ) : null}
      <EditDialog actor={actor} />
      <QrDialog actor={actor} />
    </Stack>
  );
}

function TableCard({ actor, table }: { actor: TableGridActor; table: Table }) {
  const { t } = useTranslation('tables');
  const opening = useSelector(actor, selectOpening);
  const open = table.order_id !== null;
  return (
    <Card withBorder radius="md" padding="md" h={CARD_HEIGHT} data-testid="table-card" data-table-id={table.table_id}>
      <Stack justify="space-between" h="100%" gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} lineClamp={2} style={{ wordBreak: 'break-word' }} data-testid="table-name">
            {table.table_name}
          </Text>
          <Group gap={4} wrap="nowrap">
            {open ? (
              <Badge
                radius="sm"
                styles={{ root: { backgroundColor: '#fff4e6', color: '#9c3a00', border: 'none' } }}
                leftSection={<BasketIcon />}
                data-testid="table-basket"
              >
                <span aria-hidden="true">{table.product_amount}</span>
                <VisuallyHidden>{t('card.dishes', { count: table.product_amount })}</VisuallyHidden>
              </Badge>
            ) : null}
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t('card.edit', { name: table.table_name })}
              onClick={() => actor.send({ type: 'EDIT.OPEN', table })}
            >
              <EditIcon />
            </ActionIcon>
          </Group>
        </Group>
        <Text size="sm" c={open ? undefined : 'dimmed'} data-testid="table-total">
          {open ? t('card.total', { total: formatVnd(table.total_price) }) : t('card.free')}
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('card.qr', { name: table.table_name })}
            onClick={() => actor.send({ type: 'QR.OPEN', table })}
            data-testid="table-qr"
          >
            <QrIcon />
          </ActionIcon>
          <Button
            variant={open ? 'light' : 'filled'}
            loading={opening === table.table_id}
            disabled={opening !== null && opening !== table.table_id}
            aria-label={open ? t('card.viewLabel', { name: table.table_name }) : t('card.createBillLabel', { name: table.table_name })}
            onClick={() => actor.send({ type: 'BILL.OPEN', table })}
            data-testid="table-bill"
          >
            {open ? t('card.view') : t('card.createBill')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function nameMessage(t: (key: string, values?: Record<string, unknown>) => string, problem: string | null): string | undefined {
  if (problem === 'required') return t('form.nameRequired');
  if (problem === 'tooLong') return t('form.nameTooLong', { max: TABLE_NAME_MAX_LENGTH });
  if (problem === 'invalid') return t('form.noControl');
  return undefined;
}

/** Both forms word a name's problem alike; a service code beside the field is not used here (no `fieldCodes`). */
function nameMessages(t: (key: string, values?: Record<string, unknown>) => string) {
  return {
    rule: (_field: string, code: TableNameProblem) => nameMessage(t, code) ?? '',
    service: (code: string) => refusalText(t, code) ?? '',
  };
}

function refusalText(t: (key: string, values?: Record<string, unknown>) => string, code: string | null): string | null {
  if (code === null) return null;
  const known = catalogueCode(code);
  if (known === 'NAME_CODE_EXIST') return t('form.nameTaken');
  if (code === 'TABLE_HAS_ORDER') return t('form.hasOrder');
  return t(errorMessageKey(code));
}

function AddTableCard({ actor }: { actor: TableGridActor }) {
  const { t } = useTranslation(['tables', 'errors']);
  const form = useSelector(actor, selectCreateForm);
  const fields = useFormFields(actor, form, createFormKit, nameMessages(t));
  // No ref: the focus stays where it is on a refused submit, as before.
  const name = fields.text('createName');
  const creating = useSelector(actor, selectCreating);
  const created = useSelector(actor, selectCreatedNotice);
  const refusal = refusalText(t, form.saveError);
  return (
    <Card withBorder radius="md" padding="md" mih={CARD_HEIGHT} style={{ borderStyle: 'dashed' }} data-testid="table-add">
      <SubmitForm onSubmit={() => actor.send({ type: 'CREATE.SUBMIT' })}>
        <Stack gap="xs">
          <TextInput
            label={t('form.newTable')}
            placeholder={t('form.namePlaceholder')}
            value={name.value}
            readOnly={creating}
            maxLength={TABLE_NAME_MAX_LENGTH * 2}
            error={name.error ?? refusal ?? undefined}
            onChange={name.onChange}
            onBlur={name.onBlur}
            data-testid="table-add-name"
          />
          <Button type="submit" loading={creating} data-testid="table-add-submit">
            {t('form.add')}
          </Button>
          {created !== null ? (
            <Alert
              color="green"
              variant="light"
              role="status"
              p="xs"
              data-testid="table-created"
              withCloseButton
              closeButtonLabel={t('form.closeNotice')}
              onClose={() => actor.send({ type: 'CREATE.DISMISS' })}
            >
              <Text size="sm">{t('form.created', { name: created })}</Text>
            </Alert>
          ) : null}
        </Stack>
      </SubmitForm>
    </Card>
  );
}

function EditDialog({ actor }: { actor: TableGridActor }) {
  const { t } = useTranslation(['tables', 'errors']);
  const open = useSelector(actor, selectEditOpen);
  const editing = useSelector(actor, selectEditing);
  const form = useSelector(actor, selectEditForm);
  const fields = useFormFields(actor, form, editFormKit, nameMessages(t));
  // No ref: a refused save leaves the focus where it is, as before.
  const name = fields.text('editName');
  const confirming = useSelector(actor, selectConfirmingRemove);
  const busy = useSelector(actor, selectEditBusy);
  const renaming = useSelector(actor, selectRenaming);
  const removing = useSelector(actor, selectRemoving);
  const close = () => {
    if (!busy) actor.send({ type: 'EDIT.CLOSE' });
  };
  const refusal = refusalText(t, editing ? form.saveError : null);
  return (
    <Modal opened={open} onClose={close} title={t('edit.title')} closeButtonProps={{ 'aria-label': t('edit.close') }} centered>
      {editing ? (
        confirming || removing ? (
          <Stack gap="sm">
            <Text>{t('edit.removeBody', { name: editing.table_name })}</Text>
            <Group justify="flex-end">
              <Button variant="default" disabled={removing} onClick={() => actor.send({ type: 'REMOVE.CANCEL' })}>
                {t('edit.cancel')}
              </Button>
              <Button
                color="red"
                loading={removing}
                onClick={() => actor.send({ type: 'REMOVE.CONFIRM' })}
                data-testid="table-remove-confirm"
              >
                {t('edit.removeConfirm')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <SubmitForm onSubmit={() => actor.send({ type: 'EDIT.SAVE' })}>
            <Stack gap="sm">
              <TextInput
                label={t('edit.name')}
                required
                data-autofocus
                value={name.value}
                readOnly={busy}
                maxLength={TABLE_NAME_MAX_LENGTH * 2}
                error={name.error}
                onChange={name.onChange}
                onBlur={name.onBlur}
                data-testid="table-edit-name"
              />
              {refusal ? (
                <Alert color="red" role="alert" data-testid="table-edit-error">
                  <Text size="sm">{refusal}</Text>
                </Alert>
              ) : null}
              <Group justify="space-between">
                <Button
                  color="red"
                  variant="outline"
                  disabled={busy}
                  onClick={() => actor.send({ type: 'EDIT.REMOVE' })}
                  data-testid="table-remove"
                >
                  {t('edit.remove')}
                </Button>
                <Group gap="xs">
                  <Button variant="default" disabled={busy} onClick={close}>
                    {t('edit.cancel')}
                  </Button>
                  <Button type="submit" loading={renaming} data-testid="table-edit-save">
                    {t('edit.save')}
                  </Button>
                </Group>
              </Group>
            </Stack>
          </SubmitForm>
        )
      ) : null}
    </Modal>
  );
}

function QrDialog({ actor }: { actor: TableGridActor }) {
  const { t } = useTranslation('tables');
  const table = useSelector(actor, selectQrTable);
  const loading = useSelector(actor, selectQrLoading);
  const exporting = useSelector(actor, selectQrExporting);
  const text = useSelector(actor, selectQrText);
  return (
    <Modal
      opened={table !== null}
      onClose={() => actor.send({ type: 'QR.CLOSE' })}
      title={table ? t('qr.title', { name: table.table_name }) : ''}
      closeButtonProps={{ 'aria-label': t('qr.close') }}
      centered
      size="auto"
    >
      <Stack align="center" gap="sm" miw={260}>
        {loading || !text || !table ? (
          <Loader aria-label={t('qr.loading')} />
        ) : (
          <>
            <Box bg="white" p={0}>
              <QrImage payload={text} alt={t('qr.alt', { name: table.table_name })} testId="table-qr-image" pixels={QR_SHOWN_SIZE} />
            </Box>
            <Text size="xs" c="dimmed" ta="center" style={{ wordBreak: 'break-all' }} data-testid="table-qr-text">
              {text}
            </Text>
            <Text size="sm" ta="center" maw={300}>
              {table.order_id !== null ? t('qr.withBill') : t('qr.withoutBill')}
            </Text>
            <Group>
              <Button onClick={() => actor.send({ type: 'QR.SAVE' })} loading={exporting} data-testid="table-qr-save">
                {t('qr.save')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
