import { edcIntegrateMachine, type EdcIntegrateContext } from '../../../src/machines/edc/edcIntegrate.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { otherStoreVa, posOnline, storeVa } from './fixtures';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadLinkableVas', output: [storeVa, otherStoreVa] },
  { type: 'xstate.done.actor.loadLinkableVas', output: [] },
  { type: 'xstate.error.actor.loadLinkableVas', error: networkError },
  { type: 'VA.CHOOSE', vaAccountNo: otherStoreVa.va_account_no },
  { type: 'VA.CHOOSE', vaAccountNo: storeVa.va_account_no },
  { type: 'VA.CHOOSE', vaAccountNo: '000000000000000000' },
  { type: 'SUBMIT' },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.integrateEdc', output: { ...posOnline, va_account_no: storeVa.va_account_no } },
  { type: 'xstate.error.actor.integrateEdc', error: serviceError('LINK_EDC_VA_FAIL', 400, { reason: 'OTHER_STORE' }) },
  { type: 'xstate.error.actor.integrateEdc', error: networkError },
];

const project = ((c: EdcIntegrateContext) => ({ chosen: c.chosenVa, refused: c.refused, error: c.errorCode })) as (
  context: never,
) => unknown;

describeModel({
  name: 'edcIntegrate',
  machine: edcIntegrateMachine,
  promiseActors: ['loadLinkableVas', 'integrateEdc'],
  spyActions: ['notifyIntegrated', 'notifyIntegrateFailed'],
  variants: [
    { variant: 'not integrated', input: { posId: posOnline.pos_id, currentVa: null }, events, project },
    { variant: 'integrated', input: { posId: posOnline.pos_id, currentVa: storeVa.va_account_no }, events, project },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const sent = step.invoked.find((call) => call.id === 'integrateEdc')?.input as { vaAccountNo: string; posId: string } | undefined;
      if (sent && (sent.posId !== posOnline.pos_id || step.before?.context.refused.includes(sent.vaAccountNo)))
        throw new Error('sent a refused ShopQR or another machine');
      const toasts = step.actions.map((a) => a.action);
      if (step.event.type === 'xstate.error.actor.integrateEdc' && !toasts.includes('notifyIntegrateFailed'))
        throw new Error('no "integrate fail" toast');
      if (step.after.matches('done') && !toasts.includes('notifyIntegrated')) throw new Error('no success notice');
      // §8 LINK_EDC_VA_FAIL: back to choosing with nothing chosen, the refused ShopQR marked.
      if ((step.event as { error?: { code?: string } }).error?.code === 'LINK_EDC_VA_FAIL') {
        if (
          !step.after.matches('choosing') ||
          step.after.context.chosenVa !== null ||
          !step.after.context.refused.includes(step.before!.context.chosenVa!)
        ) {
          throw new Error('LINK_EDC_VA_FAIL did not ask for another ShopQR');
        }
      }
    }
  },
});
