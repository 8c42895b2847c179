import { linkPaymentMachine, type LinkPaymentContext } from '../../../src/machines/orderpayment/linkPayment.machine';
import type { MerchantInfo, PaymentLink } from '../../../src/services/checkout';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const widget = { id: 'wdg_0123456789ab' } as MerchantInfo['widget'];
const info = { widget } as MerchantInfo;
const link: PaymentLink = {
  id: 'pl_0123456789abcdef',
  url: 'http://127.0.0.1:5280/checkout/?appId=wdg_0123456789ab&orderId=PHO0041&amount=185000&sig=x',
  app_id: 'wdg_0123456789ab',
  merchant_id: '10000001',
  order_id: 'PHO0041',
  amount: 185_000,
  invoice_id: 9041,
  status: 'OPEN',
  created_at: 1_795_000_000,
  expires_at: 1_795_086_400,
  paid_at: null,
  method: null,
};

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadMerchant', output: info },
  { type: 'xstate.error.actor.loadMerchant', error: networkError },
  { type: 'xstate.done.actor.createOrderLink', output: link },
  { type: 'xstate.error.actor.createOrderLink', error: serviceError('ORDER_PAID', 409) },
  { type: 'xstate.error.actor.createOrderLink', error: networkError },
  { type: 'xstate.error.actor.createOrderLink', error: serviceError('NOT_FOUND', 404) },
  { type: 'RETRY' },
];

const input = { orderId: 41, invoiceId: 9041, orderCode: 'PHO0041', total: 185_000 };

describeModel({
  name: 'linkPayment',
  machine: linkPaymentMachine,
  promiseActors: ['loadMerchant', 'createOrderLink'],
  variants: [
    {
      input,
      events,
      project: ((c: LinkPaymentContext) => ({ app: c.appId !== null, link: c.link !== null, e: c.errorCode })) as (c: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const context = step.after.context as LinkPaymentContext;
      if (step.after.matches('shown') && context.link === null) throw new Error('shown without a link');
      for (const call of step.invoked.filter((c) => c.id === 'createOrderLink')) {
        const sent = call.input as Record<string, unknown>;
        // The link pays exactly this order: its invoice, code and total, with the widget id read first.
        if (
          sent.invoiceId !== 9041 ||
          sent.orderCode !== 'PHO0041' ||
          sent.total !== 185_000 ||
          sent.orderId !== 41 ||
          sent.appId !== 'wdg_0123456789ab'
        )
          throw new Error(`asked for another link: ${JSON.stringify(sent)}`);
      }
      if (step.event.type === 'xstate.error.actor.createOrderLink') {
        const code = (step.event as unknown as { error: { code: string } }).error.code;
        if (code === 'ORDER_PAID' && step.after.status !== 'done') throw new Error('a paid order kept its link tab open');
        if (code === 'NETWORK_ERROR' && !step.after.hasTag('uncertain')) throw new Error('a lost answer was not said as such');
      }
    }
  },
});
