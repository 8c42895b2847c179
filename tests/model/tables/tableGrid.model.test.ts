import { renameBody, tableGridMachine, type TableGridContext } from '../../../src/machines/tables/tableGrid.machine';
import { tableQrText, tidyTableName, validateTableName } from '../../../src/rules/tables/table';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { ban1, ban3, withoutWebsite, withWebsite } from './fixtures';

const DEBOUNCE = 'xstate.after.searchDebounce.tableGrid.search.debouncing';
const NOTICE = 'xstate.after.createdNotice.tableGrid.create.created';
const SAVE_DELAY = 'xstate.after.qrSaveDelay.tableGrid.qr.waiting';

const GRID = ['xstate.done.actor.loadTables', 'xstate.error.actor.loadTables', 'REFRESH', 'RETRY'];
const SEARCH = ['SEARCH.TYPE', 'SEARCH.SUBMIT', DEBOUNCE];
// FIELD.CHANGE is in both lists: each variant samples only its own form's field (createName, editName).
const CREATE = [
  'FIELD.CHANGE',
  'CREATE.SUBMIT',
  'CREATE.DISMISS',
  'xstate.done.actor.createTable',
  'xstate.error.actor.createTable',
  NOTICE,
];
const EDIT = [
  'EDIT.OPEN',
  'FIELD.CHANGE',
  'EDIT.SAVE',
  'EDIT.REMOVE',
  'EDIT.CLOSE',
  'REMOVE.CONFIRM',
  'REMOVE.CANCEL',
  'xstate.done.actor.renameTable',
  'xstate.error.actor.renameTable',
  'xstate.done.actor.removeTable',
  'xstate.error.actor.removeTable',
];
const QR = [
  'QR.OPEN',
  'QR.SAVE',
  'QR.CLOSE',
  SAVE_DELAY,
  'xstate.done.actor.loadWebsite',
  'xstate.error.actor.loadWebsite',
  'xstate.done.actor.saveQrImage',
  'xstate.error.actor.saveQrImage',
];
const BILL = ['BILL.OPEN', 'xstate.done.actor.openBill', 'xstate.error.actor.openBill'];
const except = (...keep: string[][]) => [...GRID, ...SEARCH, ...CREATE, ...EDIT, ...QR, ...BILL].filter((e) => !keep.flat().includes(e));

function projection(c: TableGridContext) {
  return {
    q: c.q,
    draft: c.typed.q,
    newName: validateTableName(c.createForm.values.createName) === null ? 'ok' : c.createForm.values.createName === '' ? 'empty' : 'bad',
    shown: c.createForm.showErrors,
    createError: c.createForm.saveError !== null,
    editing: c.editing
      ? {
          id: c.editing.table_id,
          valid: validateTableName(c.editForm.values.editName) === null,
          shown: c.editForm.showErrors,
          error: c.editForm.saveError,
        }
      : null,
    qrTable: c.qrTable?.table_id ?? null,
    website: c.website === undefined ? 'unknown' : c.website === null ? 'none' : 'set',
    opening: c.opening,
    loadError: c.loadError !== null,
  };
}

const variants: Array<{ variant: string; events: SampleEvent[]; ignore: string[]; limit?: number }> = [
  {
    variant: 'grid',
    events: [
      { type: 'xstate.done.actor.loadTables', output: [ban1, ban3] },
      { type: 'xstate.error.actor.loadTables', error: networkError },
      { type: 'REFRESH' },
      { type: 'RETRY' },
    ],
    ignore: except(GRID),
  },
  {
    variant: 'search',
    events: [
      { type: 'xstate.done.actor.loadTables', output: [ban1] },
      { type: 'SEARCH.TYPE', field: 'q', value: '  Bàn   1 ' },
      { type: 'SEARCH.TYPE', field: 'q', value: '' },
      { type: 'SEARCH.SUBMIT' },
      { type: DEBOUNCE },
    ],
    ignore: except(SEARCH, ['xstate.done.actor.loadTables']),
  },
  {
    variant: 'create',
    events: [
      { type: 'FIELD.CHANGE', field: 'createName', value: '  Bàn   16 ' },
      { type: 'FIELD.CHANGE', field: 'createName', value: '   ' },
      { type: 'CREATE.SUBMIT' },
      { type: 'xstate.done.actor.createTable', output: { table_id: 99 } },
      { type: 'xstate.error.actor.createTable', error: serviceError('NAME_CODE_EXIST', 409) },
      { type: 'CREATE.DISMISS' },
      { type: NOTICE },
    ],
    ignore: except(CREATE),
  },
  {
    variant: 'edit',
    events: [
      { type: 'EDIT.OPEN', table: ban1 },
      { type: 'FIELD.CHANGE', field: 'editName', value: 'Bàn VIP' },
      { type: 'FIELD.CHANGE', field: 'editName', value: '' },
      { type: 'EDIT.SAVE' },
      { type: 'EDIT.REMOVE' },
      { type: 'EDIT.CLOSE' },
      { type: 'REMOVE.CONFIRM' },
      { type: 'REMOVE.CANCEL' },
      { type: 'xstate.done.actor.renameTable', output: { ...ban1, table_name: 'Bàn VIP' } },
      { type: 'xstate.error.actor.renameTable', error: serviceError('NAME_CODE_EXIST', 409) },
      { type: 'xstate.error.actor.renameTable', error: serviceError('NOT_FOUND', 404) },
      { type: 'xstate.done.actor.removeTable', output: undefined },
      { type: 'xstate.error.actor.removeTable', error: serviceError('TABLE_HAS_ORDER', 409) },
      { type: 'xstate.error.actor.removeTable', error: serviceError('NOT_FOUND', 404) },
    ],
    ignore: except(EDIT),
  },
  {
    variant: 'qr',
    events: [
      { type: 'QR.OPEN', table: ban1 },
      { type: 'QR.OPEN', table: ban3 },
      { type: 'xstate.done.actor.loadWebsite', output: withWebsite },
      { type: 'xstate.done.actor.loadWebsite', output: withoutWebsite },
      { type: 'xstate.error.actor.loadWebsite', error: networkError },
      { type: 'QR.SAVE' },
      { type: 'QR.CLOSE' },
      { type: SAVE_DELAY },
      { type: 'xstate.done.actor.saveQrImage', output: undefined },
      { type: 'xstate.error.actor.saveQrImage', error: new Error('canvas') },
    ],
    ignore: except(QR),
  },
  {
    variant: 'bill',
    events: [
      { type: 'BILL.OPEN', table: ban1 },
      { type: 'BILL.OPEN', table: ban3 },
      { type: 'xstate.done.actor.openBill', output: { order_id: 777 } },
      { type: 'xstate.error.actor.openBill', error: serviceError('NOT_FOUND', 404) },
    ],
    ignore: except(BILL),
  },
];

describeModel({
  name: 'tableGrid',
  machine: tableGridMachine,
  promiseActors: ['loadTables', 'createTable', 'renameTable', 'removeTable', 'loadWebsite', 'saveQrImage', 'openBill'],
  spyActions: [
    'goToOrder',
    'notifyCreateFailed',
    'notifyRenamed',
    'notifyRenameFailed',
    'notifyRemoved',
    'notifyRemoveFailed',
    'notifyNoWebsite',
    'notifyQrFailed',
    'notifySaveFailed',
    'notifyOpenFailed',
  ],
  variants: variants.map((v) => ({ ...v, project: projection as (context: never) => unknown })),
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as TableGridContext | undefined;
      const after = step.after.context as TableGridContext;
      const type = step.event.type;
      const actions = step.actions.map((a) => a.action);
      const reloaded = step.invoked.some((c) => c.id === 'loadTables');
      for (const call of step.invoked) {
        if (call.id === 'createTable') {
          if (!before || validateTableName(before.createForm.values.createName) !== null) throw new Error('an invalid name was sent');
          const body = call.input as { table_name: string; max_slot: number };
          if (body.table_name !== tidyTableName(before.createForm.values.createName))
            throw new Error('sent something other than what was typed');
        }
        if (call.id === 'renameTable') {
          const input = call.input as { id: number; body: unknown };
          if (!before?.editing || JSON.stringify(input.body) !== JSON.stringify(renameBody(before.editForm.values.editName)))
            throw new Error('rename body');
          if ((input.body as { max_slot: number }).max_slot !== 0) throw new Error('doc 2 §5: a rename sends max_slot 0');
        }
        if (call.id === 'saveQrImage') {
          const input = call.input as { text: string; size: number };
          const expected = tableQrText(after.website, after.qrTable!.table_id, after.qrTable!.order_id);
          if (input.text !== expected || input.size !== 600) throw new Error(`saved ${JSON.stringify(input)}`);
          if (
            !input.text.endsWith(
              after.qrTable!.order_id
                ? `/order/${after.qrTable!.table_id}/${after.qrTable!.order_id}`
                : `/order/${after.qrTable!.table_id}`,
            )
          )
            throw new Error('the QR does not name the table (and its open bill)');
        }
        if (call.id === 'openBill' && (call.input as { table_id: number }).table_id !== after.opening)
          throw new Error('opened another table');
      }
      if (type === 'SEARCH.TYPE' && reloaded) throw new Error('a key press loaded the grid before the debounce');
      if ((type === DEBOUNCE || type === 'SEARCH.SUBMIT') && before) {
        const changed = before.q !== after.q;
        if (changed !== reloaded) throw new Error('a search changed without a reload, or reloaded unchanged');
        if (after.q !== after.q.trim()) throw new Error('an untidied search was sent');
      }
      if (
        type === 'CREATE.SUBMIT' &&
        before &&
        validateTableName(before.createForm.values.createName) !== null &&
        !after.createForm.showErrors
      )
        throw new Error('an invalid name was silent');
      if (type === 'xstate.error.actor.createTable') {
        if (!before || before.createForm.values.createName !== after.createForm.values.createName)
          throw new Error('a refused create lost what was typed');
        if (!actions.includes('notifyCreateFailed')) throw new Error('doc 2 §8: a failed create toasts');
      }
      if (type === 'xstate.done.actor.createTable' && (after.createForm.values.createName !== '' || after.created === null))
        throw new Error('no notice after create');
      if ((type === NOTICE || type === 'CREATE.DISMISS') && before?.created && !reloaded)
        throw new Error('doc 2 §2: the grid refetches after the notice');
      if (/^xstate\.(done|error)\.actor\.(rename|remove)Table$/.test(type)) {
        const kept = step.after.matches({ edit: 'open' });
        if (!kept && !reloaded) throw new Error('a change closed the popup without reloading the grid');
        if (kept && (after.editForm.saveError === null || after.editForm.values.editName !== before?.editForm.values.editName))
          throw new Error('a refusal lost the name or said nothing');
      }
      if (type === 'xstate.done.actor.loadWebsite' && !step.after.matches({ qr: 'shown' }) && !actions.includes('notifyNoWebsite'))
        throw new Error('no website, no message');
      if (type === 'BILL.OPEN') {
        const table = (step.event as unknown as { table: typeof ban1 }).table;
        if (table.order_id !== null) {
          if (step.invoked.some((c) => c.id === 'openBill')) throw new Error('a table with a bill opened another');
          const go = step.actions.find((a) => a.action === 'goToOrder');
          if ((go?.params as { orderId: number } | undefined)?.orderId !== table.order_id)
            throw new Error('view detail did not go to the bill');
        }
      }
      if (type === 'xstate.done.actor.openBill') {
        const go = step.actions.find((a) => a.action === 'goToOrder');
        if ((go?.params as { orderId: number } | undefined)?.orderId !== 777) throw new Error('a new bill did not open its order page');
      }
    }
  },
});
