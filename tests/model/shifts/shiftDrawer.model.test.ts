import { shiftDrawerMachine } from '../../../src/machines/shifts/shiftDrawer.machine';
import { closeFigures, closeKit, moveKit, openKit, type ShiftDrawerContext } from '../../../src/machines/shifts/shiftDrawer.setup';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import { closedShift, movedShift, openShift, withOpen, withoutOpen } from './fixtures';

/** issue 27 §3, D303: the drawer page's paths — open once, one movement per key, a reason above the threshold. */

const KEYS = { openShift: 'openKey', moveCash: 'moveKey', closeShift: 'closeKey' } as const;
type Writer = keyof typeof KEYS;

describeModel({
  name: 'shiftDrawer',
  machine: shiftDrawerMachine,
  promiseActors: ['loadShifts', 'openShift', 'moveCash', 'closeShift'],
  spyActions: ['notifyOpened', 'notifyMoved', 'notifyClosed', 'notifyFailed'],
  variants: [
    {
      events: [
        { type: 'STORE.SELECT', storeId: null },
        { type: 'STORE.SELECT', storeId: 7 },
        { type: 'xstate.done.actor.loadShifts', output: withOpen },
        { type: 'xstate.done.actor.loadShifts', output: withoutOpen },
        { type: 'xstate.error.actor.loadShifts', error: networkError },
        { type: 'RETRY' },
        { type: 'REFRESH' },
        { type: 'FIELD.CHANGE', field: 'float', value: 'abc' },
        { type: 'FIELD.CHANGE', field: 'float', value: '1.000.000' },
        { type: 'FIELD.BLUR', field: 'float' },
        { type: 'OPEN.SUBMIT' },
        { type: 'xstate.done.actor.openShift', output: openShift },
        { type: 'xstate.error.actor.openShift', error: networkError },
        { type: 'xstate.error.actor.openShift', error: serviceError('SHIFT_ALREADY_OPEN', 409) },
        { type: 'xstate.error.actor.openShift', error: serviceError('BAD_REQUEST', 400) },
        { type: 'FIELD.CHANGE', field: 'amount', value: '50000' },
        { type: 'FIELD.CHANGE', field: 'reason', value: 'SUPPLIER' },
        { type: 'FIELD.BLUR', field: 'amount' },
        { type: 'MOVE.SUBMIT' },
        { type: 'xstate.done.actor.moveCash', output: movedShift },
        { type: 'xstate.error.actor.moveCash', error: networkError },
        { type: 'xstate.error.actor.moveCash', error: serviceError('SHIFT_CLOSED', 409) },
        { type: 'xstate.error.actor.moveCash', error: serviceError('BAD_REQUEST', 400) },
        { type: 'FIELD.CHANGE', field: 'n500000', value: '2' },
        { type: 'FIELD.CHANGE', field: 'closeReason', value: 'Thiếu tiền' },
        { type: 'FIELD.BLUR', field: 'n500000' },
        { type: 'CLOSE.SUBMIT' },
        { type: 'xstate.done.actor.closeShift', output: closedShift },
        { type: 'xstate.error.actor.closeShift', error: networkError },
        { type: 'xstate.error.actor.closeShift', error: serviceError('SHIFT_CLOSED', 409) },
        { type: 'xstate.error.actor.closeShift', error: serviceError('CLOSE_REASON_REQUIRED', 400, { expected: 1_300_000 }) },
        { type: 'NEW_SHIFT' },
      ],
      project: ((c: ShiftDrawerContext) => ({
        store: c.storeId,
        shift: c.shift?.shift_id ?? null,
        openValid: openKit.valid(c.openForm.values),
        moveValid: moveKit.valid(c.moveForm.values),
        closeValid: closeKit.valid(c.closeForm.values),
      })) as (context: never) => unknown,
      limit: 20000,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as ShiftDrawerContext | undefined;
      const after = step.after.context as ShiftDrawerContext;
      for (const call of step.invoked) {
        if (!before || !(call.id in KEYS)) continue;
        const input = call.input as { key: string; body: unknown };
        if (input.key !== before[KEYS[call.id as Writer]]) throw new Error(`${call.id} was sent without the attempt's key`);
        if (call.id === 'openShift' && !openKit.valid(before.openForm.values)) throw new Error('an invalid float was sent');
        if (call.id === 'moveCash' && !moveKit.valid(before.moveForm.values)) throw new Error('an invalid movement was sent');
        if (call.id === 'closeShift') {
          if (!closeKit.valid(before.closeForm.values)) throw new Error('an invalid count was sent');
          if (closeFigures(before.closeForm.values).needsReason && (input.body as { reason: string }).reason === '')
            throw new Error('a difference above the threshold was sent without a reason');
        }
      }
      const type = step.event.type;
      const writer = (Object.keys(KEYS) as Writer[]).find((w) => type === `xstate.error.actor.${w}` || type === `xstate.done.actor.${w}`);
      if (writer && before) {
        const kept = before[KEYS[writer]] === after[KEYS[writer]];
        const code = (step.event as unknown as { error?: { code: string } }).error?.code;
        if (code === 'NETWORK_ERROR' && !kept) throw new Error(`a lost ${writer} answer dropped the key (a retry would act twice)`);
        if (code !== 'NETWORK_ERROR' && kept) throw new Error(`a definite ${writer} outcome kept the key`);
        if (code === 'NETWORK_ERROR' && !step.after.hasTag('uncertain')) throw new Error('a lost answer left the form open to edits');
      }
      if (type === 'xstate.error.actor.closeShift' && step.after.context.closeForm.values.expected !== 1_300_000) {
        const code = (step.event as unknown as { error: { code: string } }).error.code;
        if (code === 'CLOSE_REASON_REQUIRED') throw new Error("the service's expected cash did not replace the page's");
      }
      if (type === 'FIELD.CHANGE' && step.after.hasTag('uncertain') && JSON.stringify(before) !== JSON.stringify(after))
        throw new Error('a locked form took typing');
    }
  },
});
