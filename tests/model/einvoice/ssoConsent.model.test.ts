import { ssoConsentMachine, type SsoConsentContext } from '../../../src/machines/einvoice/ssoConsent.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

/** doc 2 §2 /login-merchant-account, §4 SSO link, §8 SSO consent failure, §9 consent delay 500 ms. */

const request = { provider: 'm-invoice', taxNo: '0108123455' };

const events: SampleEvent[] = [
  { type: 'ALLOW' },
  { type: 'REFUSE' },
  { type: 'CLOSE' },
  { type: 'xstate.done.actor.signIn', output: undefined },
  { type: 'xstate.error.actor.signIn', error: serviceError('EINV_SSO_FAILED') },
  { type: 'xstate.error.actor.signIn', error: serviceError('PERMISSION_DENY', 403) },
  { type: 'xstate.error.actor.signIn', error: networkError },
];

const project = ((c: SsoConsentContext) => ({ error: c.errorCode, outcome: c.outcome })) as (context: never) => unknown;

describeModel({
  name: 'ssoConsent',
  machine: ssoConsentMachine,
  promiseActors: ['signIn'],
  spyActions: ['closeWindow'],
  variants: [
    { variant: 'owner', input: { request, signedIn: true, owner: true }, events, project },
    { variant: 'staff', input: { request, signedIn: true, owner: false }, events, project },
    { variant: 'signed out', input: { request, signedIn: false, owner: false }, events, project },
    { variant: 'no request', input: { request: null, signedIn: true, owner: true }, events, project },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      for (const call of step.invoked) {
        if (call.id !== 'signIn') continue;
        if (!step.event.type.startsWith('xstate.after.consentDelay')) throw new Error('signed in without the 500 ms consent delay');
        if (JSON.stringify(call.input) !== JSON.stringify(request)) throw new Error('signed in with another request');
      }
      const ctx = step.after.context as SsoConsentContext;
      if (step.invoked.length > 0 && (!ctx.signedIn || !ctx.owner || ctx.request === null))
        throw new Error('called the service it cannot serve');
      const closed = step.actions.filter((a) => a.action === 'closeWindow').length;
      if (closed !== (step.after.hasTag('closing') && !step.before?.hasTag('closing') ? 1 : 0))
        throw new Error('window closed at the wrong time');
      if (step.event.type === 'REFUSE' && step.invoked.length > 0) throw new Error('refusing called the service');
    }
  },
});
