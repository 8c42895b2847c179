import { ssoLinkMachine, type SsoLinkContext } from '../../../src/machines/einvoice/ssoLink.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

/** doc 2 §4 SSO link, §8, §9 (popup 460×600, poll 500 ms, check 400 ms after it closes). */

const popup = { closed: () => false, close: () => {}, focus: () => {} };

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.openPopup', output: popup },
  { type: 'xstate.done.actor.openPopup', output: null },
  { type: 'xstate.error.actor.openPopup', error: new Error('blocked by the browser') },
  { type: 'xstate.done.actor.checkPopup', output: false },
  { type: 'xstate.done.actor.checkPopup', output: true },
  { type: 'xstate.error.actor.checkPopup', error: new Error('cross-origin') },
  { type: 'xstate.done.actor.checkLink', output: true },
  { type: 'xstate.done.actor.checkLink', output: false },
  { type: 'xstate.error.actor.checkLink', error: serviceError('EINV_SSO_UNSUPPORTED') },
  { type: 'xstate.error.actor.checkLink', error: networkError },
  { type: 'RETRY' },
  { type: 'BACK' },
  { type: 'CANCEL' },
  { type: 'FOCUS' },
  { type: 'CONFIRM' },
];

const project = ((c: SsoLinkContext) => ({ open: c.popup !== null, linked: c.linked, error: c.errorCode })) as (context: never) => unknown;

describeModel({
  name: 'ssoLink',
  machine: ssoLinkMachine,
  promiseActors: ['openPopup', 'checkPopup', 'checkLink'],
  spyActions: ['closePopup', 'focusPopup'],
  variants: [
    { variant: 'm-invoice', input: { provider: 'm-invoice', taxNo: '0108123455' }, events, project },
    { variant: 'viettel', input: { provider: 'viettel', taxNo: '0108123455' }, events, project, limit: 2000 },
  ],
  check(outcome) {
    let open = false;
    for (const step of outcome.steps) {
      const ctx = step.after.context as SsoLinkContext;
      for (const call of step.invoked) {
        const input = call.input as Record<string, unknown>;
        if (call.id === 'openPopup' && (input.provider !== ctx.provider || input.taxNo !== ctx.taxNo))
          throw new Error('opened for another account');
        if (call.id === 'checkLink' && input.provider !== ctx.provider) throw new Error('checked another provider');
        if (call.id === 'checkLink' && !step.event.type.startsWith('xstate.after.checkDelay'))
          throw new Error('checked before the 400 ms delay');
        if (call.id === 'checkPopup' && !step.event.type.startsWith('xstate.after.pollPopup'))
          throw new Error('looked at the popup outside the 500 ms poll');
      }
      if (step.event.type === 'xstate.done.actor.openPopup' && (step.event as { output?: unknown }).output) open = true;
      const closed = step.actions.filter((a) => a.action === 'closePopup');
      if (open && step.before?.hasTag('waiting') && !step.after.hasTag('waiting')) {
        if (closed.length !== 1) throw new Error('left the wait without closing the popup');
        open = false;
      }
      if (step.after.status === 'done') {
        const linked = (step.after.output as { linked: boolean }).linked;
        if (linked !== (step.event.type === 'CONFIRM')) throw new Error('output linked disagrees with how the flow ended');
      }
      if (step.after.hasTag('linked') && !step.event.type.startsWith('xstate.done.actor.checkLink'))
        throw new Error('linked without a check');
    }
  },
});
