import {
  ePaymentSetupMachine,
  setupBody,
  setupProblems,
  type EPaymentSetupContext,
} from '../../../src/machines/settings/ePaymentSetup.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { emptySetup, savedSetup } from './fixtures';

const refusal = serviceError('VALIDATION_ERROR', 400, {
  errors: [
    { field: 'ipn_url', msg: 'must be an https URL' },
    { field: 'ewallet.access_key', msg: 'x' },
  ],
});

/** A first setup: nothing stored; links typed (one wrong), the e-wallet switched on and filled, keys revealed. */
const firstEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadPaymentSetup', output: emptySetup },
  { type: 'xstate.error.actor.loadPaymentSetup', error: networkError },
  { type: 'RETRY' },
  { type: 'FIELD.CHANGE', field: 'redirectUrl', value: 'https://shop.vn/ok' },
  { type: 'FIELD.CHANGE', field: 'cancelUrl', value: 'https://shop.vn/cancel' },
  { type: 'FIELD.CHANGE', field: 'ipnUrl', value: 'http://shop.vn/ipn' },
  { type: 'FIELD.CHANGE', field: 'ipnUrl', value: 'https://shop.vn/ipn' },
  { type: 'FIELD.CHANGE', field: 'qrOn', value: true },
  { type: 'FIELD.CHANGE', field: 'qr.channelId', value: 'POS-01' },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.savePaymentSetup' },
  { type: 'xstate.error.actor.savePaymentSetup', error: refusal },
  { type: 'xstate.done.actor.reloadPaymentSetup', output: { ...emptySetup, ...savedSetup } },
  { type: 'xstate.error.actor.reloadPaymentSetup', error: networkError },
];

/** Keys already stored: the e-wallet on, a key typed and revealed, another left empty (kept). */
const storedEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadPaymentSetup', output: savedSetup },
  { type: 'FIELD.CHANGE', field: 'ewallet.accessKey', value: 'short' },
  { type: 'FIELD.CHANGE', field: 'ewallet.accessKey', value: 'AK-new-key-1234' },
  { type: 'KEY.REVEAL', key: 'accessKey' },
  { type: 'FIELD.CHANGE', field: 'ewalletOn', value: false },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.savePaymentSetup' },
  { type: 'xstate.done.actor.reloadPaymentSetup', output: savedSetup },
];

function project(c: EPaymentSetupContext) {
  return {
    problems: setupProblems(c).join(),
    ewalletOn: c.form.values.ewalletOn,
    qrOn: c.form.values.qrOn,
    typedKey: c.form.values['ewallet.accessKey'].length,
    reveal: c.reveal.accessKey,
    show: c.form.showErrors,
    refused: Object.keys(c.form.saveFieldErrors).join(),
    errors: [c.loadError !== null, c.form.saveError !== null],
  };
}

describeModel({
  name: 'ePaymentSetup',
  machine: ePaymentSetupMachine,
  promiseActors: ['loadPaymentSetup', 'savePaymentSetup'],
  spyActions: ['notifySaved', 'notifySaveFailed'],
  variants: [
    {
      variant: 'first setup',
      events: firstEvents,
      ignore: ['KEY.REVEAL'],
      project: project as (context: never) => unknown,
      limit: 8000,
    },
    {
      variant: 'keys stored',
      events: storedEvents,
      ignore: [
        'RETRY',
        'xstate.error.actor.loadPaymentSetup',
        'xstate.error.actor.savePaymentSetup',
        'xstate.error.actor.reloadPaymentSetup',
      ],
      project: project as (context: never) => unknown,
      limit: 8000,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const after = step.after.context as EPaymentSetupContext;
      const before = step.before?.context as EPaymentSetupContext | undefined;
      const actions = step.actions.map((a) => a.action);
      for (const call of step.invoked) {
        if (call.id !== 'savePaymentSetup') continue;
        if (!before || setupProblems(before).length > 0) throw new Error('an incomplete setup was sent');
        const body = call.input as ReturnType<typeof setupBody>;
        if (JSON.stringify(body) !== JSON.stringify(setupBody(before))) throw new Error('sent something else than the form');
        // A key is sent only as typed in this visit; a stored one never leaves as its mask.
        if (JSON.stringify(body).includes('••••')) throw new Error('a mask was sent as a key');
        if (body.data.some((d) => d.id === before.ids.ewallet) !== before.form.values.ewalletOn)
          throw new Error('the e-wallet switch and the body disagree');
      }
      if (step.event.type === 'xstate.error.actor.savePaymentSetup' && before) {
        if (JSON.stringify(setupBody(before)) !== JSON.stringify(setupBody(after))) throw new Error('a refused save lost what was typed');
        if (!actions.includes('notifySaveFailed')) throw new Error('a refused save was silent (D163)');
        if (!after.form.saveFieldErrors.ipnUrl || !after.form.saveFieldErrors['ewallet.accessKey'])
          throw new Error('the refused fields are not marked');
      }
      if (step.event.type === 'xstate.done.actor.savePaymentSetup' && !actions.includes('notifySaved'))
        throw new Error('a save without its toast');
      if (
        step.event.type === 'xstate.done.actor.reloadPaymentSetup' &&
        (after.form.values['ewallet.accessKey'] || after.form.values['ewallet.secretKey'])
      )
        throw new Error('typed keys kept after a save');
      if (step.event.type === 'SUBMIT' && before && setupProblems(before).length > 0 && !after.form.showErrors)
        throw new Error('an invalid save was silent');
    }
  },
});
