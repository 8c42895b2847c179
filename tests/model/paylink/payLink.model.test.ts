import { payLinkBody, payLinkMachine, type PayLinkContext } from '../../../src/machines/paylink/payLink.machine';
import { validatePayLinkForm } from '../../../src/machines/paylink/rules/payLink';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import { merchantInfo, openLink } from './fixtures';

const valid = (c: PayLinkContext) => Object.keys(validatePayLinkForm(c.form.values)).length === 0;

describeModel({
  name: 'payLink',
  machine: payLinkMachine,
  promiseActors: ['loadMerchant', 'createLink'],
  spyActions: ['forgetKey', 'notifyCreated', 'notifyCreateFailed', 'linkCreated'],
  variants: [
    {
      input: { merchantRef: '10000001' },
      events: [
        { type: 'xstate.done.actor.loadMerchant', output: merchantInfo },
        { type: 'xstate.error.actor.loadMerchant', error: networkError },
        { type: 'RETRY' },
        { type: 'FIELD.CHANGE', field: 'orderId', value: '   ' },
        { type: 'FIELD.CHANGE', field: 'orderId', value: ' DH01 ' },
        { type: 'FIELD.CHANGE', field: 'amount', value: '999' },
        { type: 'FIELD.CHANGE', field: 'amount', value: '150000' },
        { type: 'FIELD.BLUR', field: 'orderId' },
        { type: 'SUBMIT' },
        { type: 'xstate.done.actor.createLink', output: openLink },
        { type: 'xstate.error.actor.createLink', error: networkError },
        { type: 'xstate.error.actor.createLink', error: serviceError('IDEMPOTENCY_KEY_REUSED', 422) },
        { type: 'xstate.error.actor.createLink', error: serviceError('NOT_FOUND', 404) },
        { type: 'xstate.error.actor.createLink', error: serviceError('BAD_REQUEST', 400, { field: 'amount' }) },
        { type: 'NEW_LINK' },
      ],
      project: ((c: PayLinkContext) => ({
        app: c.appId !== null,
        orderId: c.form.values.orderId === '' ? '' : c.form.values.orderId.trim() === '' ? 'blank' : 'filled',
        amount: c.form.values.amount,
        shown: c.form.showErrors,
        error: c.form.saveError !== null,
        link: c.link !== null,
      })) as (context: never) => unknown,
      limit: 8000,
    },
  ],
  check(outcome) {
    let lastBody: string | null = null;
    let lostAnswer = false;
    for (const step of outcome.steps) {
      const before = step.before?.context as PayLinkContext | undefined;
      const after = step.after.context as PayLinkContext;
      const type = step.event.type;
      const actions = step.actions.map((a) => a.action);
      for (const call of step.invoked) {
        if (call.id === 'loadMerchant' && (call.input as { merchantRef: string }).merchantRef !== '10000001')
          throw new Error('asked for another merchant');
        if (call.id === 'createLink') {
          const body = JSON.stringify((call.input as { body: unknown }).body);
          if (!before || !valid(before)) throw new Error('an invalid link was asked for');
          if (before.appId === null) throw new Error('a link was asked for without the widget id');
          if (body !== JSON.stringify(payLinkBody(before))) throw new Error(`sent ${body}`);
          if (!body.includes('"order_id":"DH01"') || !body.includes('"amount":150000'))
            throw new Error('the order id was not trimmed or the amount not a number');
          if (lostAnswer && body !== lastBody) throw new Error('a retry after a lost answer changed the body');
          lastBody = body;
        }
      }
      if (type === 'xstate.error.actor.createLink') {
        const code = (step.event as unknown as { error: { code: string } }).error.code;
        if (code === 'NETWORK_ERROR') {
          if (actions.includes('forgetKey')) throw new Error('a lost answer dropped the key (a retry would make a second link)');
          if (!step.after.hasTag('uncertain')) throw new Error('a lost answer unlocked the form');
          lostAnswer = true;
        } else {
          if (!actions.includes('forgetKey')) throw new Error('a definite outcome kept the key');
          if (JSON.stringify(after.form.values) !== JSON.stringify(before?.form.values)) throw new Error('a refusal lost what was typed');
          lostAnswer = false;
        }
        if (code === 'BAD_REQUEST' && !actions.includes('notifyCreateFailed')) throw new Error('a refusal said nothing');
      }
      if (type === 'xstate.done.actor.createLink') {
        for (const needed of ['forgetKey', 'notifyCreated', 'linkCreated'])
          if (!actions.includes(needed)) throw new Error(`a link made did not ${needed}`);
        lostAnswer = false;
      }
      if (
        type === 'NEW_LINK' &&
        (after.link !== null || after.form.values.orderId !== '' || after.form.values.amount !== '' || after.form.showErrors)
      )
        throw new Error('"create another link" kept something of the old one');
      if (type === 'SUBMIT' && step.before?.matches('editing') && before && !valid(before) && !after.form.showErrors)
        throw new Error('an invalid submit was silent');
    }
  },
});
