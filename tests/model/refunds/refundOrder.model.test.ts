import { refundFormKit, refundAmount } from '../../../src/machines/refunds/refundForm';
import { refundOrderMachine, type RefundOrderContext } from '../../../src/machines/refunds/refundOrder.machine';
import type { Refund, Refundable } from '../../../src/services/refunds/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

/** D305: a refund chosen, sent once with its key, and followed to the terminal's or bank's answer. */

const line = (item_id: number, price: number, sold: number, refunded = 0) => ({
  item_id,
  product_id: item_id + 100,
  code: `SP${item_id}`,
  name: `Món ${item_id}`,
  price,
  sold,
  refunded,
  refundable: sold - refunded,
});
const refundable: Refundable = {
  order_id: 7,
  invoice_id: 70,
  order_code: 'DH0007',
  total_price: 190_000,
  payment: { id: 9, method: 'CARD', amount: 190_000, serial_number: '18501000000101' },
  refunded_amount: 0,
  refundable_amount: 190_000,
  lines: [line(1, 50_000, 2), line(2, 30_000, 3)],
  refunds: [],
};
const refund: Refund = {
  id: 5,
  order_id: 7,
  invoice_id: 70,
  order_code: 'DH0007',
  payment_id: 9,
  method: 'CARD',
  status: 'PENDING',
  amount: 30_000,
  lines: [{ item_id: 2, product_id: 102, code: 'SP2', name: 'Món 2', price: 30_000, quantity: 1 }],
  reason: 'QUALITY',
  note: '',
  points_reversed: 0,
  serial_number: '18501000000101',
  created_by_name: 'Chủ quán',
  created_at: 1,
  updated_at: 1,
};
const afterRefund: Refundable = {
  ...refundable,
  refunded_amount: 30_000,
  refundable_amount: 160_000,
  lines: [line(1, 50_000, 2), line(2, 30_000, 3, 1)],
  refunds: [refund],
};
const allRefunded: Refundable = {
  ...refundable,
  refunded_amount: 190_000,
  refundable_amount: 0,
  lines: [line(1, 50_000, 2, 2), line(2, 30_000, 3, 3)],
};

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadRefundable', output: refundable },
  { type: 'xstate.done.actor.loadRefundable', output: afterRefund },
  { type: 'xstate.done.actor.loadRefundable', output: allRefunded },
  { type: 'xstate.error.actor.loadRefundable', error: networkError },
  { type: 'RETRY' },
  { type: 'FIELD.CHANGE', field: 'scope', value: 'lines' },
  { type: 'LINE.SET', itemId: 2, quantity: 1 },
  { type: 'LINE.SET', itemId: 2, quantity: 9 },
  { type: 'FIELD.CHANGE', field: 'reason', value: 'QUALITY' },
  { type: 'FIELD.CHANGE', field: 'reason', value: 'OTHER' },
  { type: 'FIELD.CHANGE', field: 'note', value: 'Khách đổi món' },
  { type: 'FIELD.BLUR', field: 'note' },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.sendRefund', output: refund },
  { type: 'xstate.done.actor.sendRefund', output: { ...refund, status: 'SUCCESS' } },
  { type: 'xstate.error.actor.sendRefund', error: networkError },
  { type: 'xstate.error.actor.sendRefund', error: serviceError('REFUND_EXCEEDS_PAID', 409) },
  { type: 'REFUND.UPDATED' },
  { type: 'AGAIN' },
  { type: 'PRINT' },
  { type: 'xstate.done.actor.printRefundReceipt' },
  { type: 'xstate.error.actor.printRefundReceipt', error: { code: 'PRINT_FAILED' } },
  // D310: a staff member's refund waits for the owner's approval (the approvals area's step).
  { type: 'xstate.error.actor.sendRefund', error: serviceError('APPROVAL_REQUIRED', 403, { kind: 'REFUND', pin_set: true }) },
  { type: 'xstate.done.actor.approve', output: { done: true, result: { ...refund, status: 'SUCCESS' } } },
  { type: 'xstate.done.actor.approve', output: { done: false } },
  { type: 'xstate.error.actor.approve', error: networkError },
];

describeModel({
  name: 'refundOrder',
  machine: refundOrderMachine,
  promiseActors: ['loadRefundable', 'sendRefund', 'printRefundReceipt', 'approve'],
  callbackActors: ['watchRefunds'],
  spyActions: ['forgetKey', 'notifyPrintFailed'],
  variants: [
    {
      variant: 'refund',
      input: { invoiceId: 70 },
      events,
      project: ((c: RefundOrderContext) => ({
        left: c.refundable?.refundable_amount ?? null,
        valid: refundFormKit.valid(c.form.values),
        amount: refundAmount(c.refundable, c.form.values),
        shown: Object.keys(refundFormKit.shown(c.form)).sort(),
        error: c.form.saveError ?? c.loadError,
        last: c.last?.id ?? null,
        printable: c.last?.status === 'SUCCESS',
      })) as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as RefundOrderContext | undefined;
      const after = step.after.context as RefundOrderContext;
      const actions = step.actions.map((a) => a.action);
      // A lost answer keeps the key (the same refund is asked again); a refusal or a refund ends it.
      if (step.event.type === 'xstate.error.actor.sendRefund') {
        const lost = (step.event as { error?: { code?: string } }).error?.code === 'NETWORK_ERROR';
        if (lost === actions.includes('forgetKey'))
          throw new Error(`key ${lost ? 'forgotten after a lost answer' : 'kept after a refusal'}`);
        if (before && JSON.stringify(before.form.values) !== JSON.stringify(after.form.values))
          throw new Error('a failed refund lost what was chosen');
      }
      if (step.event.type === 'xstate.done.actor.sendRefund' && !actions.includes('forgetKey'))
        throw new Error('key kept after the refund');
      // D310: the approval step gets the refund chosen on screen, and the approved refund is the one shown.
      for (const call of step.invoked.filter((c) => c.id === 'approve')) {
        const subject = (call.input as { subject: { invoiceId: number; reason: string } }).subject;
        if (subject.invoiceId !== 70 || subject.reason !== before?.form.values.reason)
          throw new Error(`approval for ${JSON.stringify(subject)}`);
      }
      if (step.event.type === 'xstate.done.actor.approve' && step.after.matches('done') && after.last?.id !== refund.id)
        throw new Error('the approved refund is not shown');
      if (step.event.type.endsWith('actor.approve') && before && JSON.stringify(before.form.values) !== JSON.stringify(after.form.values))
        throw new Error('the approval step lost what was chosen');
      // issue 27 §1: only a refund that gave money back prints, and from the order as last read.
      for (const call of step.invoked.filter((c) => c.id === 'printRefundReceipt')) {
        const input = call.input as { refund: Refund; refundable: Refundable | null };
        if (input.refund.status !== 'SUCCESS' || !input.refundable) throw new Error(`printed ${JSON.stringify(input.refund)}`);
      }
      for (const call of step.invoked) {
        if (call.id !== 'sendRefund') continue;
        // Never sent invalid or empty, and never more than is left.
        const amount = refundAmount(after.refundable, after.form.values);
        if (!refundFormKit.valid(after.form.values) || amount <= 0 || amount > (after.refundable?.refundable_amount ?? 0))
          throw new Error(`sent ${JSON.stringify(call.input)}`);
      }
      // Each line's quantity stays within what is left of it.
      for (const l of after.refundable?.lines ?? []) {
        const q = after.form.values.lines[String(l.item_id)] ?? 0;
        if (q < 0 || q > l.refundable) throw new Error(`line ${l.item_id} set to ${q} of ${l.refundable}`);
      }
    }
  },
});
