import { assign, fromPromise, raise, setup } from 'xstate';
import type { SaleMerchant, Table, TableBody, TableListQuery } from '../../services/tables/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';
import { tableSearchText, tidyTableName, validateTableName } from '../../rules/tables/table';
import { LIST_SEARCH_DEBOUNCE_MS } from '../../rules/listPaging';
import type { SearchEvent, Typed } from '../shared/list/search';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';
import type { TableNameProblem } from '../../rules/tables/table';

/**
 * The two small forms of the grid on the shared form toolkit (D283): the add-table name and the
 * rename popup's name. Distinct field names keep the one FIELD.CHANGE dialect unambiguous in this
 * parallel machine: each region takes only its own field. A message shows after the first submit
 * (no `showOnBlur`, no `immediate`), as before.
 */
export interface CreateValues {
  createName: string;
}
export interface EditValues {
  editName: string;
}
export const createFormKit = defineForm<CreateValues, 'createName', TableNameProblem>({ rules: { createName: validateTableName } });
export const editFormKit = defineForm<EditValues, 'editName', TableNameProblem>({ rules: { editName: validateTableName } });
export type CreateForm = FormState<CreateValues>;
/** The rename popup's form; `saveError` is why the last rename or remove was refused (catalogue code). */
export type EditForm = FormState<EditValues>;

export interface TableGridContext {
  tables: Table[];
  /** The search as applied (sent). */
  q: string;
  /** What the search box shows (the applied search is `q`). */
  typed: Typed;
  loadError: string | null;
  /** The add-table name; `saveError` is why the last create failed (what was typed stays). */
  createForm: CreateForm;
  /** The name of the table just created (the notice names it). */
  created: string | null;
  /** The table the update popup is open for, and its form. */
  editing: Table | null;
  editForm: EditForm;
  qrTable: Table | null;
  /** The ordering website: undefined until asked, null when the merchant has none. */
  website: string | null | undefined;
  /** The table whose bill is being opened. */
  opening: number | null;
}

export type TableGridEvent =
  | { type: 'REFRESH' }
  | { type: 'RETRY' }
  | SearchEvent
  | FormFieldEvent<CreateValues>
  | FormFieldEvent<EditValues>
  | { type: 'CREATE.SUBMIT' }
  | { type: 'CREATE.DISMISS' }
  | { type: 'EDIT.OPEN'; table: Table }
  | { type: 'EDIT.SAVE' }
  | { type: 'EDIT.REMOVE' }
  | { type: 'EDIT.CLOSE' }
  | { type: 'REMOVE.CONFIRM' }
  | { type: 'REMOVE.CANCEL' }
  | { type: 'QR.OPEN'; table: Table }
  | { type: 'QR.SAVE' }
  | { type: 'QR.CLOSE' }
  | { type: 'BILL.OPEN'; table: Table };

/** doc 2 §9: the table-created notice closes after 3 s; the QR image is saved 200 ms after the click. */
export const TABLE_CREATED_NOTICE_MS = 3000;
export const QR_SAVE_DELAY_MS = 200;
/** doc 2 §9: QR image export 600 px, shown 220 px. */
export const QR_EXPORT_SIZE = 600;
export const QR_SHOWN_SIZE = 220;
/** doc 2 §5: a rename sends max_slot 0, available_slot 0, is_available true. */
export const renameBody = (name: string): TableBody => ({
  table_name: tidyTableName(name),
  max_slot: 0,
  available_slot: 0,
  is_available: true,
});
/** A new table: its name, no seats counted (the spec's form asks only the name). */
export const createBody = (name: string): TableBody => ({
  table_name: tidyTableName(name),
  max_slot: 0,
  available_slot: 0,
  is_available: true,
});

/** The tableGrid machine's setup: context, events, actors, actions, guards and delays (the flow is ./tableGrid.machine.ts). */
export const tableGridSetup = setup({
  types: {
    context: {} as TableGridContext,
    events: {} as TableGridEvent,
    tags: {} as 'loading' | 'creating' | 'saving' | 'removing' | 'exporting' | 'opening' | 'qrLoading',
  },
  actors: {
    loadTables: fromPromise<Table[], TableListQuery>(async () => {
      throw notProvided('loadTables');
    }),
    createTable: fromPromise<{ table_id: number }, TableBody>(async () => {
      throw notProvided('createTable');
    }),
    renameTable: fromPromise<Table, { id: number; body: TableBody }>(async () => {
      throw notProvided('renameTable');
    }),
    removeTable: fromPromise<void, { id: number }>(async () => {
      throw notProvided('removeTable');
    }),
    loadWebsite: fromPromise<SaleMerchant, void>(async () => {
      throw notProvided('loadWebsite');
    }),
    saveQrImage: fromPromise<void, { text: string; tableName: string; size: number }>(async () => {
      throw notProvided('saveQrImage');
    }),
    openBill: fromPromise<{ order_id: number }, { table_id: number }>(async () => {
      throw notProvided('openBill');
    }),
  },
  actions: {
    assignTables: assign((_, params: { tables: Table[] }) => ({ tables: params.tables, loadError: null })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCode(params.error) })),
    typeSearch: assign((_, params: { value: string }) => ({ typed: { q: params.value } })),
    applySearch: assign(({ context }) => ({ q: tableSearchText(context.typed.q) })),
    raiseRefresh: raise({ type: 'REFRESH' as const }),
    changeCreateForm: assign(({ context }, params: { value: string }) => ({
      createForm: createFormKit.change(context.createForm, 'createName', params.value),
    })),
    revealNewNameError: assign(({ context }) => ({ createForm: createFormKit.refuse(context.createForm) })),
    // Only the last failure is cleared: the message still waits for a refused submit, as before.
    startCreate: assign(({ context }) => ({ createForm: { ...context.createForm, saveError: null } })),
    created: assign(({ context }) => ({
      created: tidyTableName(context.createForm.values.createName),
      createForm: createFormKit.initial({ createName: '' }),
    })),
    assignCreateError: assign(({ context }, params: { error: unknown }) => ({
      createForm: createFormKit.failed(context.createForm, params.error),
    })),
    clearCreated: assign({ created: null }),
    openEdit: assign((_, params: { table: Table }) => ({
      editing: params.table,
      editForm: editFormKit.initial({ editName: params.table.table_name }),
    })),
    changeEditForm: assign(({ context }, params: { value: string }) => ({
      editForm: editFormKit.change(context.editForm, 'editName', params.value),
    })),
    revealEditError: assign(({ context }) => ({ editForm: editFormKit.refuse(context.editForm) })),
    assignEditError: assign(({ context }, params: { error: unknown }) => ({
      editForm: editFormKit.failed(context.editForm, params.error),
    })),
    closeEdit: assign({ editing: null }),
    openQr: assign((_, params: { table: Table }) => ({ qrTable: params.table })),
    assignWebsite: assign((_, params: { merchant: SaleMerchant }) => ({ website: params.merchant.website?.trim() || null })),
    closeQr: assign({ qrTable: null }),
    startOpening: assign((_, params: { table: Table }) => ({ opening: params.table.table_id })),
    stopOpening: assign({ opening: null }),
    // Provided by the app: navigation and toasts (doc 2 §8).
    goToOrder: (_, _params: { orderId: number }) => {},
    notifyCreateFailed: (_, _params: { code: string }) => {},
    notifyRenamed: (_, _params: { name: string }) => {},
    notifyRenameFailed: (_, _params: { code: string }) => {},
    notifyRemoved: (_, _params: { name: string }) => {},
    notifyRemoveFailed: (_, _params: { code: string }) => {},
    notifyNoWebsite: () => {},
    notifyQrFailed: (_, _params: { code: string }) => {},
    notifySaveFailed: (_, _params: { code: string }) => {},
    notifyOpenFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    newNameValid: ({ context }) => createFormKit.valid(context.createForm.values),
    editNameValid: ({ context }) => context.editing !== null && editFormKit.valid(context.editForm.values),
    // FIELD.CHANGE is routed by its field: each region takes only its own form's name (D283).
    isCreateName: ({ event }) => event.type === 'FIELD.CHANGE' && event.field === 'createName',
    isEditName: ({ event }) => event.type === 'FIELD.CHANGE' && event.field === 'editName',
    searchChanged: ({ context }) => tableSearchText(context.typed.q) !== context.q,
    websiteKnown: ({ context }) => typeof context.website === 'string',
    hasWebsite: (_, params: { merchant: SaleMerchant }) => !!params.merchant.website?.trim(),
    billOpen: (_, params: { table: Table }) => params.table.order_id !== null,
    tableGone: (_, params: { error: unknown }) => errorCode(params.error) === 'NOT_FOUND',
  },
  delays: {
    searchDebounce: LIST_SEARCH_DEBOUNCE_MS,
    createdNotice: TABLE_CREATED_NOTICE_MS,
    qrSaveDelay: QR_SAVE_DELAY_MS,
  },
});
