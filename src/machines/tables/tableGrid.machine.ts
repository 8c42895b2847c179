import { errorCode } from '../../rules/serviceError';
import { tableQrText, type TableNameProblem } from '../../rules/tables/table';
import { tableGridSetup, QR_EXPORT_SIZE, renameBody, createBody, createFormKit, editFormKit, type TableGridEvent } from './tableGrid.setup';

/** The name a FIELD.CHANGE carries (both forms' only field is a text). */
const fieldValue = (event: TableGridEvent): string => (event.type === 'FIELD.CHANGE' ? event.value : '');

export * from './tableGrid.setup';

/**
 * /sale-table (doc 2 §2 Table management, §4 table, §5 table create and rename, §8, §9), food and
 * beverage merchants only. Five regions side by side:
 *   - `grid`: every table of the merchant as a card (three skeletons while loading), with its open
 *     bill's dish count and total; REFRESH reloads it (after a create, rename, remove, or a failed
 *     bill);
 *   - `search`: the search box, applied 800 ms after the last key (doc 2 §9) or at once on Enter;
 *   - `create`: the add-table card. Enter submits; an empty name is refused without a call; a
 *     success shows a notice that closes after 3 s (doc 2 §9), then the grid is refetched; a failure
 *     keeps what was typed and raises the "Create Order Fail" toast (doc 2 §8);
 *   - `edit`: the update popup, rename (name required; the body doc 2 §5 gives) or remove after a
 *     confirmation (refused while a bill is open: TABLE_HAS_ORDER);
 *   - `qr`: the QR popup. It needs the ordering website (GET /saas/merchant); without one the popup
 *     does not open and require_setting_eorder_website is shown. The QR encodes
 *     `{website}order/{table_id}[/{order_id}]`; save-as-image waits 200 ms, then renders 600 px;
 *   - `bill`: the card's button: no open bill → POST /order {table_id} then the order page (a table
 *     that got a bill meanwhile answers that bill: two tabs never make two); open bill → the order page.
 * No I/O here: actors, navigation and toasts are provided by src/app/tables.
 */
export const tableGridMachine = tableGridSetup.createMachine({
  id: 'tableGrid',
  type: 'parallel',
  context: {
    tables: [],
    q: '',
    typed: { q: '' },
    loadError: null,
    createForm: createFormKit.initial({ createName: '' }),
    created: null,
    editing: null,
    editForm: editFormKit.initial({ editName: '' }),
    qrTable: null,
    website: undefined,
    opening: null,
  },
  states: {
    grid: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          description: 'GET /fnb/table with the applied search; three skeleton cards. A newer REFRESH stops this request.',
          invoke: {
            id: 'loadTables',
            src: 'loadTables',
            input: ({ context }) => ({ q: context.q }),
            onDone: { target: 'loaded', actions: { type: 'assignTables', params: ({ event }) => ({ tables: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
          },
          on: { REFRESH: { target: 'loading', reenter: true } },
        },
        loaded: { on: { REFRESH: 'loading' } },
        failed: { on: { RETRY: 'loading', REFRESH: 'loading' } },
      },
    },
    search: {
      initial: 'idle',
      description: 'The search box: applied 800 ms after the last key (doc 2 §9), or at once on Enter; an unchanged search loads nothing.',
      states: {
        idle: {
          on: {
            'SEARCH.TYPE': {
              target: 'debouncing',
              actions: { type: 'typeSearch', params: ({ event }) => ({ value: event.value }) },
            },
          },
        },
        debouncing: {
          after: {
            searchDebounce: [{ guard: 'searchChanged', target: 'idle', actions: ['applySearch', 'raiseRefresh'] }, { target: 'idle' }],
          },
          on: {
            'SEARCH.TYPE': {
              target: 'debouncing',
              reenter: true,
              actions: { type: 'typeSearch', params: ({ event }) => ({ value: event.value }) },
            },
            'SEARCH.SUBMIT': [{ guard: 'searchChanged', target: 'idle', actions: ['applySearch', 'raiseRefresh'] }, { target: 'idle' }],
          },
        },
      },
    },
    create: {
      initial: 'idle',
      states: {
        idle: {
          description: 'The add-table card: a name box; Enter submits (doc 2 §5). The message shows after the first submit.',
          on: {
            'FIELD.CHANGE': {
              guard: 'isCreateName',
              actions: { type: 'changeCreateForm', params: ({ event }) => ({ value: fieldValue(event) }) },
            },
            'CREATE.SUBMIT': [{ guard: 'newNameValid', target: 'saving', actions: 'startCreate' }, { actions: 'revealNewNameError' }],
          },
        },
        saving: {
          tags: ['creating'],
          description: 'POST /fnb/table; the box is read-only.',
          invoke: {
            id: 'createTable',
            src: 'createTable',
            input: ({ context }) => createBody(context.createForm.values.createName),
            onDone: { target: 'created', actions: 'created' },
            onError: {
              target: 'idle',
              description:
                'Refused (a name already used: NAME_CODE_EXIST) or failed: what was typed stays; toast "Create Order Fail" (doc 2 §8).',
              actions: [
                { type: 'assignCreateError', params: ({ event }) => ({ error: event.error }) },
                { type: 'notifyCreateFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
              ],
            },
          },
        },
        created: {
          description: 'The success notice, closed after 3 s (doc 2 §9) or by the person; then the grid is refetched.',
          after: { createdNotice: { target: 'idle', actions: ['clearCreated', 'raiseRefresh'] } },
          on: {
            'CREATE.DISMISS': { target: 'idle', actions: ['clearCreated', 'raiseRefresh'] },
            'FIELD.CHANGE': {
              guard: 'isCreateName',
              actions: { type: 'changeCreateForm', params: ({ event }) => ({ value: fieldValue(event) }) },
            },
          },
        },
      },
    },
    edit: {
      initial: 'closed',
      states: {
        closed: { on: { 'EDIT.OPEN': { target: 'open', actions: { type: 'openEdit', params: ({ event }) => ({ table: event.table }) } } } },
        open: {
          description: 'The update popup: rename (name required) or remove.',
          on: {
            'FIELD.CHANGE': {
              guard: 'isEditName',
              actions: { type: 'changeEditForm', params: ({ event }) => ({ value: fieldValue(event) }) },
            },
            'EDIT.SAVE': [{ guard: 'editNameValid', target: 'renaming' }, { actions: 'revealEditError' }],
            'EDIT.REMOVE': 'confirmingRemove',
            'EDIT.CLOSE': { target: 'closed', actions: 'closeEdit' },
          },
        },
        confirmingRemove: {
          on: { 'REMOVE.CONFIRM': 'removing', 'REMOVE.CANCEL': 'open', 'EDIT.CLOSE': { target: 'closed', actions: 'closeEdit' } },
        },
        renaming: {
          tags: ['saving'],
          description: 'PUT /fnb/table/{id} with max_slot 0, available_slot 0, is_available true (doc 2 §5).',
          invoke: {
            id: 'renameTable',
            src: 'renameTable',
            input: ({ context }) => ({ id: context.editing!.table_id, body: renameBody(context.editForm.values.editName) }),
            onDone: {
              target: 'closed',
              actions: [{ type: 'notifyRenamed', params: ({ event }) => ({ name: event.output.table_name }) }, 'closeEdit', 'raiseRefresh'],
            },
            onError: [
              {
                guard: { type: 'tableGone', params: ({ event }) => ({ error: event.error }) },
                target: 'closed',
                description: 'Removed meanwhile (another tab): the popup closes and the grid reloads.',
                actions: [
                  { type: 'notifyRenameFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
                  'closeEdit',
                  'raiseRefresh',
                ],
              },
              {
                target: 'open',
                description: 'Refused (name taken) or failed: the popup keeps what was typed and says why.',
                actions: [
                  { type: 'assignEditError', params: ({ event }) => ({ error: event.error }) },
                  { type: 'notifyRenameFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
                ],
              },
            ],
          },
        },
        removing: {
          tags: ['removing'],
          description: 'DELETE /fnb/table/{id}; refused while the table has an open bill (TABLE_HAS_ORDER).',
          invoke: {
            id: 'removeTable',
            src: 'removeTable',
            input: ({ context }) => ({ id: context.editing!.table_id }),
            onDone: {
              target: 'closed',
              actions: [
                { type: 'notifyRemoved', params: ({ context }) => ({ name: context.editing!.table_name }) },
                'closeEdit',
                'raiseRefresh',
              ],
            },
            onError: [
              {
                guard: { type: 'tableGone', params: ({ event }) => ({ error: event.error }) },
                target: 'closed',
                actions: [
                  { type: 'notifyRemoveFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
                  'closeEdit',
                  'raiseRefresh',
                ],
              },
              {
                target: 'open',
                actions: [
                  { type: 'assignEditError', params: ({ event }) => ({ error: event.error }) },
                  { type: 'notifyRemoveFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
                ],
              },
            ],
          },
        },
      },
    },
    qr: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'QR.OPEN': [
              { guard: 'websiteKnown', target: 'shown', actions: { type: 'openQr', params: ({ event }) => ({ table: event.table }) } },
              { target: 'loadingWebsite', actions: { type: 'openQr', params: ({ event }) => ({ table: event.table }) } },
            ],
          },
        },
        loadingWebsite: {
          tags: ['qrLoading'],
          description:
            'GET /saas/merchant: the ordering website. Asked again while the merchant has none (it may have been set meanwhile).',
          invoke: {
            id: 'loadWebsite',
            src: 'loadWebsite',
            onDone: [
              {
                guard: { type: 'hasWebsite', params: ({ event }) => ({ merchant: event.output }) },
                target: 'shown',
                actions: { type: 'assignWebsite', params: ({ event }) => ({ merchant: event.output }) },
              },
              {
                target: 'closed',
                description: 'No ordering website: require_setting_eorder_website (doc 2 §8); the popup does not open.',
                actions: [{ type: 'assignWebsite', params: ({ event }) => ({ merchant: event.output }) }, 'closeQr', 'notifyNoWebsite'],
              },
            ],
            onError: {
              target: 'closed',
              actions: ['closeQr', { type: 'notifyQrFailed', params: ({ event }) => ({ code: errorCode(event.error) }) }],
            },
          },
          on: { 'QR.CLOSE': { target: 'closed', actions: 'closeQr' } },
        },
        shown: {
          description: 'The QR popup: {website}order/{table_id}[/{order_id}] at 220 px, with save-as-image.',
          on: { 'QR.SAVE': 'waiting', 'QR.CLOSE': { target: 'closed', actions: 'closeQr' } },
        },
        waiting: {
          tags: ['exporting'],
          description: 'doc 2 §9: the image is made 200 ms after the click.',
          after: { qrSaveDelay: 'exporting' },
          on: { 'QR.CLOSE': { target: 'closed', actions: 'closeQr' } },
        },
        exporting: {
          tags: ['exporting'],
          description: 'A 600 px PNG of the same text, downloaded as a file named after the table.',
          invoke: {
            id: 'saveQrImage',
            src: 'saveQrImage',
            input: ({ context }) => ({
              text: tableQrText(context.website, context.qrTable!.table_id, context.qrTable!.order_id) ?? '',
              tableName: context.qrTable!.table_name,
              size: QR_EXPORT_SIZE,
            }),
            onDone: 'shown',
            onError: { target: 'shown', actions: { type: 'notifySaveFailed', params: ({ event }) => ({ code: errorCode(event.error) }) } },
          },
          on: { 'QR.CLOSE': { target: 'closed', actions: 'closeQr' } },
        },
      },
    },
    bill: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'BILL.OPEN': [
              {
                guard: { type: 'billOpen', params: ({ event }) => ({ table: event.table }) },
                description: 'An open bill: its order page (view detail).',
                actions: { type: 'goToOrder', params: ({ event }) => ({ orderId: event.table.order_id! }) },
              },
              { target: 'opening', actions: { type: 'startOpening', params: ({ event }) => ({ table: event.table }) } },
            ],
          },
        },
        opening: {
          tags: ['opening'],
          description: 'POST /order {table_id}, then the order page. A table that got a bill meanwhile answers that bill (never two).',
          invoke: {
            id: 'openBill',
            src: 'openBill',
            input: ({ context }) => ({ table_id: context.opening! }),
            onDone: {
              target: 'idle',
              actions: ['stopOpening', { type: 'goToOrder', params: ({ event }) => ({ orderId: event.output.order_id }) }],
            },
            onError: {
              target: 'idle',
              description: 'Refused (the table was removed) or failed: say why and reload the grid.',
              actions: [
                'stopOpening',
                { type: 'notifyOpenFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
                'raiseRefresh',
              ],
            },
          },
        },
      },
    },
  },
});

export type TableNameError = TableNameProblem | null;
