import { displaySlidesMachine, type DisplaySlidesContext } from '../../../src/machines/display/displaySlides.machine';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const events: SampleEvent[] = [
  { type: 'NEXT' },
  { type: 'PREV' },
  { type: 'GO', index: 2 },
  { type: 'GO', index: -1 },
  { type: 'PAUSE' },
  { type: 'PLAY' },
  { type: 'xstate.after.slideInterval.displaySlides.playing' },
  // D296: the shop's banners set the number of slides.
  { type: 'COUNT', count: 1 },
  { type: 'COUNT', count: 4 },
];

const project = ((c: DisplaySlidesContext) => ({ index: c.index })) as (context: never) => unknown;

describeModel({
  name: 'displaySlides',
  machine: displaySlidesMachine,
  promiseActors: [],
  variants: [
    { variant: 'autoplay', input: { count: 3, autoplay: true }, events, project },
    { variant: 'reduced motion', input: { count: 3, autoplay: false }, events, project },
    { variant: 'one slide', input: { count: 1, autoplay: true }, events, project },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const { before, after } = step;
      const index = after.context.index as number;
      const count = after.context.count as number;
      // Infinite loop: the index always names a slide.
      if (index < 0 || index >= count) throw new Error(`index ${index} of ${count}`);
      if (!before || (step.event.type === 'COUNT' && before.context.count !== count)) {
        const autoplay = after.context.autoplay && count > 1;
        if (after.hasTag('playing') !== autoplay) throw new Error('started in the wrong mode');
        continue;
      }
      const was = before.context.index as number;
      if (step.event.type === 'NEXT' || step.event.type.startsWith('xstate.after.slideInterval')) {
        if (index !== (was + 1) % count) throw new Error('next did not wrap to the first after the last');
      }
      if (step.event.type === 'PREV' && index !== (was - 1 + count) % count) throw new Error('previous did not wrap to the last');
      if (step.event.type === 'COUNT' && before.context.count === count && after.value !== before.value)
        throw new Error('same count moved');
      if (step.event.type === 'PLAY' && count === 1 && after.hasTag('playing')) throw new Error('one slide cannot play');
    }
  },
});
