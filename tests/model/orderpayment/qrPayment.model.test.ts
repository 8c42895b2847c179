import { qrPaymentMachine, type QrPaymentContext } from '../../../src/machines/orderpayment/qrPayment.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const QR = '00020101021238570010A00000072701270006970436011310000000010010208QRIBFTTA5303704540618500058020VN62110807PHO00416304ABCD';

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadQr', output: QR },
  { type: 'xstate.error.actor.loadQr', error: serviceError('BAD_REQUEST', 400, { qr: null }) },
  { type: 'xstate.error.actor.loadQr', error: serviceError('BAD_REQUEST', 400, { field: 'merchant_name' }) },
  { type: 'xstate.error.actor.loadQr', error: serviceError('ORDER_PAID', 409) },
  { type: 'xstate.error.actor.loadQr', error: networkError },
  { type: 'RETRY' },
];

describeModel({
  name: 'qrPayment',
  machine: qrPaymentMachine,
  promiseActors: ['loadQr'],
  variants: [
    {
      input: { invoiceId: 9041 },
      events,
      project: ((c: QrPaymentContext) => ({ qr: c.qr !== null, e: c.errorCode })) as (c: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const context = step.after.context as QrPaymentContext;
      if (step.after.matches('shown') && context.qr === null) throw new Error('shown without a QR');
      // doc 2 §8: BAD_REQUEST without a QR is "no account to receive", not a generic failure.
      const error = (step.event as { error?: { data?: { field?: string } } }).error;
      if (step.after.matches('failed') && context.errorCode === 'BAD_REQUEST' && !error?.data?.field)
        throw new Error('no-QR BAD_REQUEST shown as a failure');
      if (step.after.matches('noAccount') && error?.data?.field) throw new Error('a bad field taken for a missing account');
    }
  },
});
