import { requestBody, shopQrAddKit, shopQrAddMachine, type ShopQrAddContext } from '../../../src/machines/shopqr/shopQrAdd.machine';
import type { ShopQrRow } from '../../../src/services/shopqr/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const verified = { id: 1, name: '0100000011', holder_name: 'NGUYEN VAN MINH', bank_code: 'VCB', is_internal_transfer: true };
const unverified = { id: 2, name: '1000000102', holder_name: 'NGUYEN VAN MINH', bank_code: 'MB', is_internal_transfer: false };
const staff = [
  { id: 11, staff_id: 'NV002', full_name: 'Phạm Đức Anh', store_id: 1, store_name: 'Phố Cổ - Hàng Bạc' },
  { id: 12, staff_id: 'NV003', full_name: 'Vũ Ngọc Ánh', store_id: 2, store_name: 'Phố Cổ - Tràng Tiền' },
];
const created: ShopQrRow = {
  channel_id: 9,
  va_type: 'BILL',
  va_account_no: '969910000001000004',
  bank_account_no: verified.name,
  bank_code: 'VCB',
  holder_name: verified.holder_name,
  channel: 'IN_STORE',
  amount: 150000,
  store_id: 1,
  store_name: 'Phố Cổ - Hàng Bạc',
  staff_id: 'NV002',
  staff_name: 'Phạm Đức Anh',
  created_at: '2026-11-22T10:00:00+07:00',
};

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadAddOptions', output: { bankAccounts: [verified, unverified], staff } },
  { type: 'xstate.done.actor.loadAddOptions', output: { bankAccounts: [unverified], staff } },
  { type: 'xstate.error.actor.loadAddOptions', error: networkError },
  { type: 'FIELD.CHANGE', field: 'type', value: 'STORE' },
  { type: 'FIELD.CHANGE', field: 'type', value: 'STAFF' },
  { type: 'FIELD.CHANGE', field: 'type', value: 'BILL' },
  { type: 'FIELD.CHANGE', field: 'bankAccount', value: null },
  { type: 'FIELD.CHANGE', field: 'bankAccount', value: verified.name },
  { type: 'FIELD.CHANGE', field: 'store', value: { id: '1', name: 'Phố Cổ - Hàng Bạc' } },
  { type: 'FIELD.CHANGE', field: 'staff', value: 'NV002' },
  { type: 'FIELD.CHANGE', field: 'channel', value: 'IN_STORE' },
  { type: 'FIELD.CHANGE', field: 'amount', value: '150000' },
  { type: 'FIELD.CHANGE', field: 'amount', value: '0' },
  { type: 'FIELD.BLUR', field: 'amount' },
  { type: 'SUBMIT' },
  { type: 'RETRY' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.createShopQr', output: created },
  { type: 'xstate.error.actor.createShopQr', error: serviceError('CHANNEL_EXIST', 409) },
  { type: 'xstate.error.actor.createShopQr', error: serviceError('STAFF_LINK_VA', 409, { staff_id: 'NV002', staff_name: 'Phạm Đức Anh' }) },
];

/** What decides the next step: the type, whether the form would pass, messages shown, the last refusal. */
function project(c: ShopQrAddContext) {
  return {
    type: c.form.values.type,
    valid: shopQrAddKit.valid(c.form.values),
    showErrors: c.form.showErrors,
    submitError: c.submitError?.code ?? null,
  };
}

describeModel({
  name: 'shopQrAdd',
  machine: shopQrAddMachine,
  promiseActors: ['loadAddOptions', 'createShopQr'],
  spyActions: ['notifyCreated'],
  variants: [{ events, project: project as (context: never) => unknown }],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as ShopQrAddContext | undefined;
      const after = step.after.context as ShopQrAddContext;
      for (const call of step.invoked) {
        if (call.id !== 'createShopQr') continue;
        // Only a valid form is sent, and only the fields its type uses.
        if (!shopQrAddKit.valid(after.form.values)) throw new Error(`sent an invalid form ${JSON.stringify(after.form.values)}`);
        const body = call.input as ReturnType<typeof requestBody>;
        if (JSON.stringify(body) !== JSON.stringify(requestBody(after.form.values))) throw new Error('the request differs from the form');
        if (body.type !== 'STORE' && body.store_id !== null) throw new Error('store sent for a staff code');
        if (body.type !== 'BILL' && (body.amount !== null || body.channel !== null)) throw new Error('amount sent outside BILL');
        if (body.type === 'BILL' && !(typeof body.amount === 'number' && body.amount > 0)) throw new Error(`bill amount ${body.amount}`);
        if (!after.bankAccounts.some((a) => a.name === body.bank_account_no && a.is_internal_transfer))
          throw new Error('unverified account sent');
      }
      if (!before) continue;
      // A server refusal keeps every typed value.
      if (
        step.event.type === 'xstate.error.actor.createShopQr' &&
        JSON.stringify(before.form.values) !== JSON.stringify(after.form.values)
      ) {
        throw new Error('the refusal changed the form');
      }
      if (
        step.event.type === 'xstate.error.actor.createShopQr' &&
        after.submitError?.code !== (step.event as unknown as { error: { code: string } }).error.code
      ) {
        throw new Error('the refusal is not shown');
      }
      const notified = step.actions.filter((a) => a.action === 'notifyCreated').length;
      if (notified !== (step.after.matches('created') && !step.before?.matches('created') ? 1 : 0))
        throw new Error(`notifyCreated ran ${notified} times`);
      if (after.bankAccounts.some((a) => !a.is_internal_transfer)) throw new Error('an unverified account is offered');
    }
  },
});
