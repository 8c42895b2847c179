import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { AnyActorRef } from 'xstate';
import {
  selectConfirming,
  selectDeleteError,
  selectDeleting,
  selectErrorCode,
  selectFailed,
  selectLoading,
  selectPage,
  selectPageSize,
  selectRows,
  selectTarget,
  selectTotalPages,
  type ListSnapshot,
} from '../../../machines/shared/list/selectors';
import type { ListCommand } from '../../../machines/shared/list/types';
import { errorMessageKey } from '../../../services/errors';
import { FailureAlert } from '../FailureAlert';
import { DataTable, type DataTableProps } from '../table/DataTable';
import '../table/styles';

/**
 * Any list machine built with defineList (src/machines/shared/list) on the shared table: the
 * failure with its retry, the rows with paging and page size, the empty text, and (when the list
 * deletes) the confirmation dialog. A list screen adds its title, filters and columns.
 */

/** What ListTable needs of a list actor; `ActorRefFrom<typeof someListMachine>` fits. */
export interface ListActor<Row> extends Pick<AnyActorRef, 'subscribe'> {
  // A method, so an area actor accepting more events than these still fits.
  send(event: ListCommand<Row, never, never>): void;
  getSnapshot(): ListSnapshot<Row>;
}

export interface ListView<Row> {
  rows: Row[];
  page: number;
  pageSize: number;
  totalPages: number;
  loading: boolean;
  failed: boolean;
  errorCode: string | null;
}

/** The list's rows and status for a screen that lays the table out itself. */
export function useListView<Row>(actor: ListActor<Row>): ListView<Row> {
  return {
    rows: useSelector(actor, selectRows<Row>),
    page: useSelector(actor, selectPage),
    pageSize: useSelector(actor, selectPageSize),
    totalPages: useSelector(actor, selectTotalPages),
    loading: useSelector(actor, selectLoading),
    failed: useSelector(actor, selectFailed),
    errorCode: useSelector(actor, selectErrorCode),
  };
}

export interface DeleteDialogTexts<Row> {
  title: string;
  /** The question, naming the row. */
  body: (row: Row) => ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The dialog's × button; give it a name other than cancelLabel when both must be told apart. */
  closeLabel?: string;
  /** A failure kept in the dialog (deletionRegion('keep')): its title and text (the catalogue's by default). */
  failedTitle?: string;
  failedMessage?: (code: string) => ReactNode;
  failedTestId?: string;
}

export interface ListTableProps<Row> extends Pick<
  DataTableProps<Row>,
  | 'label'
  | 'columns'
  | 'emptyText'
  | 'sort'
  | 'onSortChange'
  | 'totalAmount'
  | 'totalText'
  | 'exportable'
  | 'onExport'
  | 'exporting'
  | 'testId'
> {
  actor: ListActor<Row>;
  pageSizes: readonly number[];
  /** The live region's text once rows are in. */
  resultText?: (info: { count: number; page: number; pages: number }) => string;
  /** The load failure: title and text (the catalogue's by default), and the retry button. */
  failedTitle?: string;
  failedMessage?: (code: string | null) => ReactNode;
  retryLabel?: string;
  /** The delete confirmation, for lists with a deletion region. */
  deleteDialog?: DeleteDialogTexts<Row>;
  /** The person is about to open this page: a chance to fetch it early (the reports, D145). */
  onPageIntent?: (page: number) => void;
}

export function ListTable<Row>(props: ListTableProps<Row>) {
  const { actor, deleteDialog } = props;
  const { t } = useTranslation(['table', 'errors']);
  const view = useListView(actor);
  const failedMessage = props.failedMessage ?? ((code: string | null) => t(errorMessageKey(code ?? 'UNKNOWN_ERROR')));
  return (
    <>
      {view.failed ? (
        <FailureAlert
          title={props.failedTitle ?? t('table:list.loadFailed')}
          message={failedMessage(view.errorCode)}
          retryLabel={props.retryLabel ?? t('table:list.retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
        />
      ) : null}
      <DataTable<Row>
        label={props.label}
        columns={props.columns}
        rows={view.failed ? [] : view.rows}
        loading={view.loading}
        sort={props.sort}
        onSortChange={props.onSortChange}
        paging={{
          page: view.page,
          totalPages: view.totalPages,
          onPageChange: (page) => actor.send({ type: 'PAGE.SET', page }),
          onPageIntent: props.onPageIntent,
          pageSize: view.pageSize,
          pageSizeOptions: props.pageSizes,
          onPageSizeChange: (pageSize) => actor.send({ type: 'PAGE_SIZE.SELECT', pageSize }),
        }}
        emptyText={props.emptyText}
        resultText={props.resultText?.({ count: view.rows.length, page: view.page, pages: view.totalPages })}
        totalAmount={props.totalAmount}
        totalText={props.totalText}
        exportable={props.exportable}
        onExport={props.onExport}
        exporting={props.exporting}
        testId={props.testId}
      />
      {deleteDialog ? <DeleteDialog actor={actor} texts={deleteDialog} /> : null}
    </>
  );
}

/** Delete with confirmation: open while the list asks or deletes; buttons disabled while it deletes. */
export function DeleteDialog<Row>({ actor, texts }: { actor: ListActor<Row>; texts: DeleteDialogTexts<Row> }) {
  const { t } = useTranslation(['table', 'errors']);
  const open = useSelector(actor, selectConfirming);
  const busy = useSelector(actor, selectDeleting);
  const target = useSelector(actor, selectTarget<Row>);
  const code = useSelector(actor, selectDeleteError);
  const cancel = () => actor.send({ type: 'DELETE.CANCEL' });
  const cancelLabel = texts.cancelLabel ?? t('table:list.cancel');
  return (
    <Modal
      opened={open && target !== null}
      onClose={busy ? () => {} : cancel}
      title={texts.title}
      centered
      closeButtonProps={{ 'aria-label': texts.closeLabel ?? cancelLabel }}
    >
      <Stack gap="md">
        <Text size="sm">{target ? texts.body(target) : null}</Text>
        {code ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={texts.failedTitle ?? t('table:list.deleteFailed')}
            data-testid={texts.failedTestId}
          >
            <Text size="sm" c="red.9">
              {texts.failedMessage ? texts.failedMessage(code) : t(errorMessageKey(code))}
            </Text>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button color="red.9" onClick={() => actor.send({ type: 'DELETE.CONFIRM' })} loading={busy}>
            {texts.confirmLabel ?? t('table:list.confirmDelete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
