import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import type { Approval, PinState } from '../../services/approvals/schemas';
import { approvalGateMachine, type PerformInput } from './approvalGate.machine';

/** D310, D316: the gated flow reads the gate's output from its done event (the refund page shows the refund it made). */
function gate(perform: (input: PerformInput) => Promise<unknown>) {
  return createActor(
    approvalGateMachine.provide({
      actors: {
        loadPinState: fromPromise<PinState, void>(async () => ({ is_set: true, set_at: 1, locked_until: null })),
        perform: fromPromise<unknown, PerformInput>(({ input }) => perform(input)),
        ask: fromPromise<Approval, { subject: unknown }>(async () => {
          throw new Error('not asked');
        }),
        readApproval: fromPromise<Approval, { approvalId: number }>(async () => {
          throw new Error('not read');
        }),
      },
    }),
    { input: { subject: { invoiceId: 70 } } },
  ).start();
}

describe('approvalGate output', () => {
  it('D316: the PIN typed here → done with what the action answered', async () => {
    const sent: PerformInput[] = [];
    const actor = gate(async (input) => (sent.push(input), { id: 5 }));
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'PIN.SET', value: '482913' });
    actor.send({ type: 'PIN.SUBMIT' });
    await expect(toPromise(actor)).resolves.toEqual({ done: true, result: { id: 5 } });
    expect(sent).toEqual([{ subject: { invoiceId: 70 }, fields: { approval_pin: '482913' } }]);
  });

  it('D310: back → not done, nothing carried out', async () => {
    const actor = gate(async () => {
      throw new Error('not performed');
    });
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'CANCEL' });
    await expect(toPromise(actor)).resolves.toEqual({ done: false });
  });
});
