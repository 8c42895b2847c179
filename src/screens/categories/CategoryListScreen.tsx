import { useMemo } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { categoryFormKit, type categoryListMachine } from '../../machines/categories/categoryList.machine';
import { selectCreateForm, selectCreateOpen, selectCreateSaving } from '../../machines/categories/selectors';
import { selectPage, selectPageSize } from '../../machines/shared/list/selectors';
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX, type Category } from '../../services/categories/schemas';
import { catalogueCode, errorMessageKey } from '../../services/errors';
import { Chip } from '../shared/Chips';
import { ListTable } from '../shared/list/ListTable';
import { RowButton } from '../shared/list/RowButton';
import type { DataColumn } from '../shared/table/DataTable';
import { PAGE_SIZES } from '../../rules/listPaging';
import { SubmitForm } from '../shared/form/SubmitForm';
import { useFormFields } from '../shared/form/use-form-fields';

export type CategoryListActor = ActorRefFrom<typeof categoryListMachine>;

/**
 * /category (doc 2 §2, §3 Category): index, name (a chip in its colour) and description, paged;
 * add in a dialog, delete after a confirmation. Category texts are rendered as text.
 */
export function CategoryListScreen({ actor }: { actor: CategoryListActor }) {
  const { t } = useTranslation(['categories', 'errors']);
  const page = useSelector(actor, selectPage);
  const pageSize = useSelector(actor, selectPageSize);

  const columns = useMemo<DataColumn<Category>[]>(
    () => [
      { key: 'index', header: t('list.columns.index'), cell: (_r, i) => (page - 1) * pageSize + i + 1, align: 'right' },
      {
        key: 'name',
        header: t('list.columns.name'),
        cell: (r) => <Chip id={r.category_id} label={r.category_name} />,
        rowHeader: true,
        minWidth: 160,
      },
      { key: 'description', header: t('list.columns.description'), cell: (r) => r.description, minWidth: 220 },
      {
        key: 'actions',
        header: t('list.columns.actions'),
        cell: (r) => (
          <RowButton
            kind="delete"
            label={t('list.deleteLabel', { name: r.category_name })}
            onClick={() => actor.send({ type: 'DELETE.ASK', row: r })}
          >
            {t('list.delete')}
          </RowButton>
        ),
      },
    ],
    [t, actor, page, pageSize],
  );

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        <Button onClick={() => actor.send({ type: 'CREATE.OPEN' })}>{t('list.add')}</Button>
      </Group>
      <ListTable<Category>
        actor={actor}
        label={t('list.tableLabel')}
        columns={columns}
        pageSizes={PAGE_SIZES}
        emptyText={t('list.empty')}
        resultText={(info) => t('list.resultCount', info)}
        failedTitle={t('list.loadFailed')}
        retryLabel={t('list.retry')}
        deleteDialog={{
          title: t('delete.title'),
          body: (r) => t('delete.body', { name: r.category_name }),
          confirmLabel: t('delete.confirm'),
          cancelLabel: t('delete.cancel'),
        }}
        testId="category-table"
      />
      <CreateDialog actor={actor} />
    </Stack>
  );
}

function CreateDialog({ actor }: { actor: CategoryListActor }) {
  const { t } = useTranslation(['categories', 'errors']);
  const open = useSelector(actor, selectCreateOpen);
  const saving = useSelector(actor, selectCreateSaving);
  const form = useSelector(actor, selectCreateForm);
  const fields = useFormFields(actor, form, categoryFormKit, {
    rule: (field, code) => t(code, { max: field === 'name' ? CATEGORY_NAME_MAX : CATEGORY_DESCRIPTION_MAX }),
    service: (code) => t(errorMessageKey(code)),
  });
  // No refs: a refused submit leaves the focus where it is, as before.
  const name = fields.text('name');
  const description = fields.text('description');
  const createError = form.saveError;
  const cancel = () => {
    if (!saving) actor.send({ type: 'CREATE.CANCEL' });
  };
  const refusal =
    createError === null ? null : catalogueCode(createError) === 'NAME_CODE_EXIST' ? t('form.nameTaken') : t(errorMessageKey(createError));
  return (
    <Modal opened={open} onClose={cancel} title={t('form.title')} closeButtonProps={{ 'aria-label': t('form.close') }} centered>
      <SubmitForm onSubmit={() => actor.send({ type: 'CREATE.SUBMIT' })}>
        <Stack gap="sm">
          <TextInput
            label={t('form.name')}
            required
            data-autofocus
            value={name.value}
            maxLength={CATEGORY_NAME_MAX * 2}
            readOnly={saving}
            error={name.error}
            onChange={name.onChange}
            onBlur={name.onBlur}
          />
          <Textarea
            label={t('form.description')}
            description={t('form.descriptionHint', { max: CATEGORY_DESCRIPTION_MAX })}
            rows={3}
            value={description.value}
            readOnly={saving}
            error={description.error}
            onChange={description.onChange}
            onBlur={description.onBlur}
          />
          {refusal ? (
            <Alert color="red" title={t('form.failTitle')} role="alert" data-testid="category-create-error">
              <Text size="sm">{refusal}</Text>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel} disabled={saving}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Modal>
  );
}
