import { LoadingLine } from '../shared/LoadingLine';
import { RowActions, RowButton } from '../shared/list/RowButton';
import { useMemo } from 'react';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { feedbackListMachine } from '../../machines/feedback/feedbackList.machine';
import { FEEDBACK_TYPES, type FeedbackRow, type FeedbackType } from '../../services/feedback/schemas';
import { ListTable } from '../shared/list/ListTable';
import type { DataColumn } from '../shared/table/DataTable';
import { formatDateTime } from '../shared/table/format';
import { FeedbackImage } from './FeedbackImage';
import { serviceMessage } from './labels';
import classes from './feedback.module.css';
import { PAGE_SIZES } from '../../rules/listPaging';

export type FeedbackListActor = ActorRefFrom<typeof feedbackListMachine>;

export interface FeedbackListLinks {
  tab: (type: FeedbackType) => string;
  create: (type: FeedbackType) => string;
  update: (type: FeedbackType, id: number) => string;
}

/** /feedback/{tab} (core §2 Feedback): the tabs (links, so the address holds the tab), the list, detail and delete. */
export function FeedbackListScreen({
  actor,
  type,
  links,
  loadImage,
}: {
  actor: FeedbackListActor;
  type: FeedbackType;
  links: FeedbackListLinks;
  loadImage: (url: string) => Promise<Blob>;
}) {
  const { t } = useTranslation(['feedback', 'errors', 'table']);
  const columns = useFeedbackColumns(actor, t, type, links);

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Button component={Link} to={links.create(type)}>
          {t('add')}
        </Button>
      </Group>
      <nav aria-label={t('tabsLabel')}>
        <Group gap="xs" wrap="wrap">
          {FEEDBACK_TYPES.map((tab) => (
            <Button
              key={tab}
              component={Link}
              to={links.tab(tab)}
              variant={tab === type ? 'filled' : 'default'}
              aria-current={tab === type ? 'page' : undefined}
              data-testid={`feedback-tab-${tab}`}
            >
              {t(`type.${tab}`)}
            </Button>
          ))}
        </Group>
      </nav>
      <ListTable<FeedbackRow>
        actor={actor}
        label={`${t('tableLabel')}: ${t(`type.${type}`)}`}
        columns={columns}
        pageSizes={PAGE_SIZES}
        emptyText={t('empty')}
        resultText={(info) => t('resultCount', info)}
        failedTitle={t('loadFailed')}
        failedMessage={(code) => serviceMessage(t, code ?? 'UNKNOWN_ERROR')}
        retryLabel={t('retry')}
        deleteDialog={{
          title: t('delete.title'),
          body: (r) => t('delete.question', { store: r.store_name }),
          confirmLabel: t('delete.confirm'),
          cancelLabel: t('delete.cancel'),
          closeLabel: t('detail.close'),
        }}
        testId="feedback-table"
      />
      <FeedbackDetailModal actor={actor} t={t} links={links} loadImage={loadImage} />
    </Stack>
  );
}

/** The table's columns for a tab: OTHER has no content, CHECK no terminal. */
function useFeedbackColumns(actor: FeedbackListActor, t: TFunction, type: FeedbackType, links: FeedbackListLinks) {
  const contentText = (row: FeedbackRow) => (row.content ? t(`content.${row.content}`, { defaultValue: row.content }) : '');
  return useMemo<DataColumn<FeedbackRow>[]>(
    () => [
      { key: 'created_at', header: t('columns.created_at'), rowHeader: true, cell: (r) => formatDateTime(r.created_at), minWidth: 150 },
      { key: 'store_name', header: t('columns.store_name'), cell: (r) => r.store_name, minWidth: 150 },
      ...(type === 'OTHER' ? [] : [{ key: 'content', header: t('columns.content'), cell: contentText, minWidth: 130 }]),
      ...(type === 'CHECK'
        ? []
        : [{ key: 'serial_number', header: t('columns.serial_number'), cell: (r: FeedbackRow) => r.serial_number ?? '', minWidth: 150 }]),
      {
        key: 'description',
        header: t('columns.description'),
        cell: (r) => <span className={classes.description}>{r.description}</span>,
        minWidth: 200,
      },
      { key: 'images', header: t('columns.images'), align: 'right', cell: (r) => r.images.length },
      {
        key: 'actions',
        header: t('columns.actions'),
        cell: (r) => (
          <RowActions>
            <RowButton kind="open" label={t('actions.detail', { id: r.id })} onClick={() => actor.send({ type: 'DETAIL.OPEN', row: r })}>
              {t('actions.detailShort')}
            </RowButton>
            <RowButton kind="edit" label={t('actions.edit', { id: r.id })} to={links.update(r.type, r.id)}>
              {t('actions.editShort')}
            </RowButton>
            <RowButton kind="delete" label={t('actions.delete', { id: r.id })} onClick={() => actor.send({ type: 'DELETE.ASK', row: r })}>
              {t('actions.deleteShort')}
            </RowButton>
          </RowActions>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [actor, t, type, links],
  );
}

/** The detail dialog: the row at once, its images once the detail has loaded, and a link to edit it. */
function FeedbackDetailModal({
  actor,
  t,
  links,
  loadImage,
}: {
  actor: FeedbackListActor;
  t: TFunction;
  links: FeedbackListLinks;
  loadImage: (url: string) => Promise<Blob>;
}) {
  const detailOf = useSelector(actor, (s) => s.context.detailOf);
  const detail = useSelector(actor, (s) => s.context.detail);
  const detailError = useSelector(actor, (s) => s.context.detailError);
  return (
    <Modal
      opened={detailOf !== null}
      onClose={() => actor.send({ type: 'DETAIL.CLOSE' })}
      title={t('detail.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('detail.close') }}
    >
      <FeedbackDetail
        row={detail ?? detailOf}
        loaded={detail !== null}
        errorCode={detailError}
        onRetry={() => actor.send({ type: 'DETAIL.RETRY' })}
        loadImage={loadImage}
      />
      <Group justify="flex-end" mt="md">
        {detail ? (
          <Button variant="default" component={Link} to={links.update(detail.type, detail.id)}>
            {t('actions.editShort')}
          </Button>
        ) : null}
        <Button variant="default" onClick={() => actor.send({ type: 'DETAIL.CLOSE' })}>
          {t('detail.close')}
        </Button>
      </Group>
    </Modal>
  );
}

function FeedbackDetail({
  row,
  loaded,
  errorCode,
  onRetry,
  loadImage,
}: {
  row: FeedbackRow | null;
  loaded: boolean;
  errorCode: string | null;
  onRetry: () => void;
  loadImage: (url: string) => Promise<Blob>;
}) {
  const { t } = useTranslation(['feedback', 'errors']);
  if (!row) return null;
  const fields: Array<[string, string]> = [
    [t('columns.created_at'), formatDateTime(row.created_at)],
    [t('columns.store_name'), row.store_name],
    [t('columns.content'), row.content ? t(`content.${row.content}`, { defaultValue: row.content }) : ''],
    [t('columns.serial_number'), row.serial_number ?? ''],
    [t('columns.description'), row.description],
  ];
  return (
    <Stack gap="md" data-testid="feedback-detail">
      <dl className={classes.fields}>
        {fields
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {loaded ? (
        <Stack gap="sm">
          {row.images.map((url, i) => (
            <FeedbackImage
              key={url}
              url={url}
              load={loadImage}
              alt={t('detail.imageAlt', { n: i + 1 })}
              loadingText={t('detail.imageLoading', { n: i + 1 })}
              failedText={t('detail.imageFailed', { n: i + 1 })}
              className={classes.photo}
            />
          ))}
        </Stack>
      ) : errorCode ? (
        <Stack gap="xs" role="alert">
          <Text c="red.9">{t('detail.failed')}</Text>
          <Text size="sm">{serviceMessage(t, errorCode)}</Text>
          <Group>
            <Button variant="default" size="xs" onClick={onRetry}>
              {t('retry')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <LoadingLine label={t('detail.loading')} />
      )}
    </Stack>
  );
}
