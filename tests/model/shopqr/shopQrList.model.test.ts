import { shopQrListMachine, type ShopQrListContext } from '../../../src/machines/shopqr/shopQrList.machine';
import type { ShopQrDetail, ShopQrRow } from '../../../src/services/shopqr/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const row: ShopQrRow = {
  channel_id: 3,
  va_type: 'STORE',
  va_account_no: '969910000001000001',
  bank_account_no: '0100000011',
  bank_code: 'VCB',
  holder_name: 'NGUYEN VAN MINH',
  channel: null,
  amount: null,
  store_id: 1,
  store_name: 'Phố Cổ - Hàng Bạc',
  staff_id: null,
  staff_name: null,
  created_at: '2026-11-22T10:00:00+07:00',
};
const detail: ShopQrDetail = { ...row, qr_base64: 'iVBORw0KGgoAAAANSUhEUg==', qr_payload: '000201' };
const twoPages = { rows: [row], totalPage: 2, page: 1, pageSize: 10 };
const empty = { rows: [], totalPage: 0, page: 1, pageSize: 10 };

const listEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadShopQrs', output: twoPages },
  { type: 'xstate.done.actor.loadShopQrs', output: empty },
  { type: 'xstate.error.actor.loadShopQrs', error: networkError },
  { type: 'PAGE.SET', page: 2 },
  { type: 'PAGE_SIZE.SELECT', pageSize: 25 },
  { type: 'RETRY' },
  { type: 'REFRESH' },
];

const itemEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadShopQrs', output: twoPages },
  { type: 'DETAIL.OPEN', row },
  { type: 'DETAIL.RETRY' },
  { type: 'DETAIL.CLOSE' },
  { type: 'xstate.done.actor.loadShopQr', output: detail },
  { type: 'xstate.error.actor.loadShopQr', error: serviceError('VA_NOT_FOUND', 404) },
  { type: 'DELETE.REQUEST', row },
  { type: 'DELETE.CONFIRM' },
  { type: 'DELETE.CANCEL' },
  { type: 'xstate.done.actor.deleteShopQr', output: undefined },
  { type: 'xstate.error.actor.deleteShopQr', error: serviceError('CHANNEL_NOT_FOUND', 404) },
  { type: 'xstate.error.actor.deleteShopQr', error: networkError },
];

const LIST_ONLY = ['PAGE.SET', 'PAGE_SIZE.SELECT', 'RETRY', 'xstate.error.actor.loadShopQrs'];
const ITEM_ONLY = ['DETAIL.OPEN', 'DETAIL.RETRY', 'DETAIL.CLOSE', 'DELETE.REQUEST', 'DELETE.CONFIRM', 'DELETE.CANCEL'];

function project(c: ShopQrListContext) {
  return { page: c.page, pageSize: c.pageSize, totalPage: c.totalPage, detail: c.detailOf !== null, deleting: c.deleting !== null, deleteError: c.deleteError };
}

describeModel({
  name: 'shopQrList',
  machine: shopQrListMachine,
  promiseActors: ['loadShopQrs', 'loadShopQr', 'deleteShopQr'],
  spyActions: ['notifyDeleted'],
  variants: [
    { variant: 'paging', events: listEvents, ignore: ITEM_ONLY, project: project as (context: never) => unknown },
    // Answers to the list's own reloads stay in the mix so a delete's refresh can land.
    { variant: 'detail and delete', events: itemEvents, ignore: LIST_ONLY, project: project as (context: never) => unknown },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const after = step.after.context as ShopQrListContext;
      for (const call of step.invoked) {
        if (call.id === 'loadShopQrs') {
          const input = call.input as { page: number; pageSize: number };
          if (input.page !== after.page || input.pageSize !== after.pageSize) throw new Error(`loaded ${JSON.stringify(input)} while showing page ${after.page}`);
        }
        if (call.id === 'deleteShopQr' && (call.input as { channelId: number }).channelId !== row.channel_id) throw new Error('deleted another row');
      }
      const deleted = step.event.type === 'xstate.done.actor.deleteShopQr';
      if (deleted !== step.actions.some((a) => a.action === 'notifyDeleted')) throw new Error('success toast out of step with the delete');
      // A delete that went through reloads the list and closes its dialogs.
      if (deleted && (!step.after.matches({ list: 'loading' }) || after.deleting !== null || !step.after.matches({ detail: 'closed' }))) {
        throw new Error('the list was not reloaded after a delete');
      }
      if (step.event.type === 'xstate.error.actor.deleteShopQr') {
        if (!step.after.matches({ deletion: 'confirming' }) || after.deleteError === null) throw new Error('a failed delete closed the dialog or hid the reason');
        // Only a code that is gone already reloads the list; after a network error it may still be there.
        const gone = (step.event as unknown as { error: { code: string } }).error.code === 'CHANNEL_NOT_FOUND';
        if (gone !== step.invoked.some((c) => c.id === 'loadShopQrs')) throw new Error(`reload after ${after.deleteError} was ${!gone}`);
      }
    }
  },
});
