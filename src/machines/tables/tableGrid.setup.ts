import { assign, fromPromise, raise, setup } from 'xstate';
import type { SaleMerchant, Table, TableBody, TableListQuery } from '../../services/tables/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';
import { tableSearchText, tidyTableName, validateTableName } from '../../rules/tables/table';
import { LIST_SEARCH_DEBOUNCE_MS } from '../../rules/listPaging';
import type { SearchEvent, Typed } from '../shared/list/search';

export interface EditDraft {
  table: Table;
  name: string;
  /** Field message shows after the first save. */
  showErrors: boolean;
  /** Why the last rename or remove was refused (catalogue code). */
  error: string | null;
}

export interface TableGridContext {
  tables: Table[];
  /** The search as applied (sent). */
  q: string;
  /** What the search box shows (the applied search is `q`). */
  typed: Typed;
  loadError: string | null;
  newName: string;
  showNewNameError: boolean;
  createError: string | null;
  /** The name of the table just created (the notice names it). */
  created: string | null;
  editing: EditDraft | null;
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
  | { type: 'CREATE.CHANGE'; value: string }
  | { type: 'CREATE.SUBMIT' }
  | { type: 'CREATE.DISMISS' }
  | { type: 'EDIT.OPEN'; table: Table }
  | { type: 'EDIT.CHANGE'; value: string }
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
    setNewName: assign((_, params: { value: string }) => ({ newName: params.value, createError: null })),
    revealNewNameError: assign({ showNewNameError: true }),
    startCreate: assign({ createError: null }),
    created: assign(({ context }) => ({
      created: tidyTableName(context.newName),
      newName: '',
      showNewNameError: false,
      createError: null,
    })),
    assignCreateError: assign((_, params: { error: unknown }) => ({ createError: errorCode(params.error) })),
    clearCreated: assign({ created: null }),
    openEdit: assign((_, params: { table: Table }) => ({
      editing: { table: params.table, name: params.table.table_name, showErrors: false, error: null },
    })),
    setEditName: assign(({ context }, params: { value: string }) => ({
      editing: context.editing ? { ...context.editing, name: params.value, error: null } : null,
    })),
    revealEditError: assign(({ context }) => ({ editing: context.editing ? { ...context.editing, showErrors: true } : null })),
    assignEditError: assign(({ context }, params: { error: unknown }) => ({
      editing: context.editing ? { ...context.editing, error: errorCode(params.error) } : null,
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
    newNameValid: ({ context }) => validateTableName(context.newName) === null,
    editNameValid: ({ context }) => context.editing !== null && validateTableName(context.editing.name) === null,
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
