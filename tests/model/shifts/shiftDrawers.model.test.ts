import { shiftDrawersMachine, type ShiftDrawersContext } from '../../../src/machines/shifts/shiftDrawers.machine';
import { networkError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import { openShift } from './fixtures';

/** issue 27 §3, D304: the owner's open drawers, read again on an interval; the last list stays after a failed read. */

describeModel({
  name: 'shiftDrawers',
  machine: shiftDrawersMachine,
  promiseActors: ['loadDrawers'],
  variants: [
    {
      events: [
        { type: 'xstate.done.actor.loadDrawers', output: [openShift] },
        { type: 'xstate.error.actor.loadDrawers', error: networkError },
        { type: 'xstate.after.refreshDelay.shiftDrawers.shown' },
        { type: 'REFRESH' },
      ],
      project: ((c: ShiftDrawersContext) => ({ n: c.drawers?.length ?? null, error: c.loadError !== null })) as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as ShiftDrawersContext | undefined;
      const after = step.after.context as ShiftDrawersContext;
      if (step.event.type === 'xstate.error.actor.loadDrawers' && before && after.drawers !== before.drawers)
        throw new Error('a failed read dropped the list on screen');
    }
  },
});
