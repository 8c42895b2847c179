import { qrPaymentMachine, type QrPaymentContext } from '../../../src/machines/orderpayment/qrPayment.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const QR = '00020101021238570010A00000072701270006970436011310000000010010208QRIBFTTA5303704540618500058020VN62110807PHO00416304ABCD';
const BOXES = [{ serial: 'SB2010000001' }, { serial: 'SB2010000004' }];

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadQr', output: { qr: QR, storeId: 7 } },
  { type: 'xstate.error.actor.loadQr', error: serviceError('BAD_REQUEST', 400, { qr: null }) },
  { type: 'xstate.error.actor.loadQr', error: serviceError('BAD_REQUEST', 400, { field: 'merchant_name' }) },
  { type: 'xstate.error.actor.loadQr', error: serviceError('ORDER_PAID', 409) },
  { type: 'xstate.error.actor.loadQr', error: networkError },
  { type: 'RETRY' },
  // D298: the store's active Soundboxes, none, or the list failing.
  { type: 'xstate.done.actor.loadSoundboxes', output: BOXES },
  { type: 'xstate.done.actor.loadSoundboxes', output: [] },
  { type: 'xstate.error.actor.loadSoundboxes', error: networkError },
  { type: 'SOUNDBOX.RELOAD' },
  { type: 'SOUNDBOX.CHOOSE', serial: 'SB2010000004' },
  { type: 'SOUNDBOX.PUSH' },
  { type: 'xstate.done.actor.pushQr', output: { serialNumber: 'SB2010000004', times: 1 } },
  { type: 'xstate.error.actor.pushQr', error: serviceError('TERMINAL_OFFLINE', 409, { status: 'OFFLINE' }) },
  { type: 'xstate.error.actor.pushQr', error: serviceError('QR_NOT_CURRENT', 409, { field: 'qr' }) },
  { type: 'xstate.error.actor.pushQr', error: serviceError('ORDER_PAID', 409) },
];

describeModel({
  name: 'qrPayment',
  machine: qrPaymentMachine,
  promiseActors: ['loadQr', 'loadSoundboxes', 'pushQr'],
  variants: [
    {
      input: { invoiceId: 9041, orderId: 41 },
      events,
      project: ((c: QrPaymentContext) => ({
        qr: c.qr !== null,
        e: c.errorCode,
        n: c.soundboxes.length,
        c: c.chosen,
        p: c.pushedTo,
        pe: c.pushError,
        r: c.renewed,
      })) as (c: never) => unknown,
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
      // D298: a Soundbox is only ever offered from the store's list, and a push names the chosen one.
      if (context.chosen !== null && !context.soundboxes.some((b) => b.serial === context.chosen))
        throw new Error('a Soundbox chosen that the store does not have');
      if (step.after.matches({ shown: 'pushed' }) && context.pushedTo !== context.chosen) throw new Error('pushed to another Soundbox');
      // A QR the service no longer takes is fetched again, never pushed again as it is.
      if (step.event.type === 'xstate.error.actor.pushQr' && error?.data?.field === 'qr' && !step.after.matches('loading'))
        throw new Error('a stale QR kept on screen');
    }
  },
});
