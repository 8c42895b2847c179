import { displayLookMachine, type DisplayLookContext } from '../../../src/machines/display/displayLook.machine';
import { networkError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const look = {
  banners: ['/api/sale/saas/image/12'],
  first_welcome: 'Chào mừng quý khách',
  second_welcome: 'Mời gọi món',
  thank_content: 'Cảm ơn quý khách',
};

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadLook', output: { shop_name: 'Phở Cổ', look } },
  { type: 'xstate.done.actor.loadLook', output: { shop_name: 'Phở Cổ', look: null } },
  { type: 'xstate.error.actor.loadLook', error: networkError },
  { type: 'xstate.after.lookRefresh.displayLook.shown' },
  { type: 'xstate.after.lookRetry.displayLook.failed' },
];

const project = ((c: DisplayLookContext) => ({ look: c.look?.first_welcome ?? null })) as (context: never) => unknown;

describeModel({
  name: 'displayLook',
  machine: displayLookMachine,
  promiseActors: ['loadLook'],
  variants: [{ variant: 'a display', input: {}, events, project }],
  check(outcome) {
    for (const step of outcome.steps) {
      const { before, after, event } = step;
      if (!before) continue;
      // D296: a failed read keeps the look shown; only an answer changes it.
      if (!event.type.startsWith('xstate.done.actor.loadLook') && after.context.look !== before.context.look)
        throw new Error(`${event.type} changed the look`);
    }
  },
});
