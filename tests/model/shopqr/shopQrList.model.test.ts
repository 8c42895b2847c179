import { shopQrList, shopQrListMachine, type ShopQrDetailContext } from '../../../src/machines/shopqr/shopQrList.machine';
import type { ShopQrDetail, ShopQrRow } from '../../../src/services/shopqr/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeListModel } from '../shared/list';

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
const other: ShopQrRow = { ...row, channel_id: 4, va_account_no: '969910000001000002' };
const detail: ShopQrDetail = { ...row, qr_base64: 'iVBORw0KGgoAAAANSUhEUg==', qr_payload: '000201' };
const twoPages = { rows: [row, other], totalPage: 2, page: 1, pageSize: 10 };
const emptyPage = { rows: [], totalPage: 0, page: 1, pageSize: 10 };
const lastRowPage = { rows: [row], totalPage: 2, page: 2, pageSize: 10 };

describeListModel<ShopQrRow>({
  name: 'shopQrList',
  machine: shopQrListMachine,
  list: shopQrList,
  samples: {
    page: twoPages,
    emptyPage,
    lastRowPage,
    loadError: networkError,
    pageSize: { accepted: 25, refused: 7 },
    delete: { row, errors: [serviceError('CHANNEL_NOT_FOUND', 404), networkError] },
  },
  promiseActors: ['loadShopQr'],
  variants: [
    {
      variant: 'detail',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'DETAIL.OPEN', row },
        { type: 'DETAIL.RETRY' },
        { type: 'DETAIL.CLOSE' },
        { type: 'xstate.done.actor.loadShopQr', output: detail },
        { type: 'xstate.error.actor.loadShopQr', error: serviceError('VA_NOT_FOUND', 404) },
        // A delete that goes through closes the detail too.
        { type: 'DELETE.ASK', row },
        { type: 'DELETE.CONFIRM' },
        { type: 'xstate.done.actor.deleteRow', output: undefined },
      ],
    },
  ],
  project: ((c: ShopQrDetailContext) => ({ detail: c.detailOf !== null })) as (context: never) => unknown,
  check(outcome) {
    for (const step of outcome.steps) {
      const after = step.after.context as ShopQrDetailContext;
      if (step.event.type === 'xstate.done.actor.deleteRow' && after.detailOf !== null)
        throw new Error('the detail of a deleted code stayed open');
      for (const call of step.invoked) {
        if (call.id === 'deleteRow' && (call.input as { channelId: number }).channelId !== row.channel_id)
          throw new Error('deleted another row');
        if (call.id === 'loadShopQr' && (call.input as { vaAccountNo: string }).vaAccountNo !== row.va_account_no)
          throw new Error('loaded another detail');
      }
      // A failed delete keeps the dialog open with the reason (deletion 'keep').
      if (
        step.event.type === 'xstate.error.actor.deleteRow' &&
        (!step.after.hasTag('confirming') || (step.after.context as { deleteError: unknown }).deleteError === null)
      ) {
        throw new Error('a failed delete closed the dialog or hid the reason');
      }
    }
  },
});
