import { announcementQueueMachine, type AnnouncementQueueContext } from '../../../src/machines/notifications/announcementQueue.machine';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const first = { id: 'va:va-0000001', amount: 150_000 };
const second = { id: 'sale:HD0001', amount: 2_000 };

const events: SampleEvent[] = [
  { type: 'ANNOUNCE', announcement: first },
  { type: 'ANNOUNCE', announcement: second },
  { type: 'MUTE' },
  { type: 'UNMUTE' },
  { type: 'CLEAR' },
  { type: 'SPEECH.END' },
  { type: 'SPEECH.ERROR', code: 'synthesis-failed' },
];

const project = (c: AnnouncementQueueContext) => ({
  queue: c.queue.map((a) => a.id),
  current: c.current?.id ?? null,
  handled: [...new Set(c.handled)].sort(),
  muted: c.muted,
});

describeModel({
  name: 'announcementQueue',
  machine: announcementQueueMachine,
  promiseActors: [],
  callbackActors: ['speak'],
  spyActions: ['persistMuted', 'alertUnsupported'],
  variants: [
    { variant: 'speech', input: { speechSupported: true, muted: false }, events, project: project as (context: never) => unknown },
    { variant: 'muted at start', input: { speechSupported: true, muted: true }, events, project: project as (context: never) => unknown },
    { variant: 'no speech', input: { speechSupported: false, muted: false }, events, project: project as (context: never) => unknown },
  ],
  check(outcome) {
    const spoken: string[] = [];
    let alerts = 0;
    for (const [index, step] of outcome.steps.entries()) {
      const fail = (message: string) => {
        throw new Error(`step ${index} (${step.event.type}): ${message}`);
      };
      const after = step.after.context as AnnouncementQueueContext;
      // The callback stub does not record its input: what it speaks is the context's current one.
      for (const call of step.invoked) if (call.id === 'speak') spoken.push(after.current?.id ?? '?');
      alerts += step.actions.filter((call) => call.action === 'alertUnsupported').length;
      if (step.after.hasTag('speaking') && after.current === null) fail('speaking nothing');
      if (step.event.type === 'CLEAR' && (after.queue.length > 0 || step.after.hasTag('speaking'))) fail('a cleared queue still speaks');
      if (after.muted && step.invoked.some((call) => call.id === 'speak')) fail('spoke while muted');
      if ((step.event.type === 'MUTE' || step.event.type === 'UNMUTE') && !step.actions.some((c) => c.action === 'persistMuted')) {
        fail('mute not persisted');
      }
    }
    if (new Set(spoken).size !== spoken.length) throw new Error(`a payment was spoken twice: ${spoken.join(', ')}`);
    if (alerts > 1) throw new Error('the unsupported alert was shown more than once');
  },
});
