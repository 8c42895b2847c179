import {
  feedbackFormMachine,
  feedbackFormValid,
  saveRequest,
  type FeedbackFormContext,
} from '../../../src/machines/feedback/feedbackForm.machine';
import { FEEDBACK_MAX_IMAGES, type FeedbackFormData } from '../../../src/services/feedback/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { device, edcReport } from './fixtures';

const png = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });
const creating: FeedbackFormData = { devices: [device], feedback: null };
const editing: FeedbackFormData = { devices: [device], feedback: edcReport };
const ok = (n: number) => Array.from({ length: n }, (_, i) => ({ file: png, name: `p${i}.png`, problem: null }));

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadFormData', output: creating },
  { type: 'xstate.done.actor.loadFormData', output: editing },
  { type: 'xstate.error.actor.loadFormData', error: serviceError('FEEDBACK_NOT_FOUND', 404) },
  { type: 'FIELD.CHANGE', field: 'store', value: '1' },
  { type: 'FIELD.CHANGE', field: 'store', value: null },
  { type: 'FIELD.CHANGE', field: 'content', value: 'PIN' },
  { type: 'FIELD.CHANGE', field: 'description', value: 'Máy không nhận thẻ' },
  { type: 'FIELD.CHANGE', field: 'description', value: '  ' },
  { type: 'FIELD.CHANGE', field: 'serial', value: device.serial_number },
  { type: 'FIELD.BLUR', field: 'description' },
  { type: 'IMAGES.ADD', files: [png] },
  { type: 'IMAGES.ADD', files: [] },
  { type: 'IMAGE.REMOVE', key: 'kept-0' },
  { type: 'IMAGE.REMOVE', key: 'new-1' },
  { type: 'IMAGE.REMOVE', key: 'nothing' },
  // One good image; one of each refusal; more than fit.
  { type: 'xstate.done.actor.inspectImages', output: ok(1) },
  {
    type: 'xstate.done.actor.inspectImages',
    output: [
      { file: png, name: 'a.png', problem: 'format' },
      { file: png, name: 'b.jpg', problem: 'size' },
    ],
  },
  { type: 'xstate.done.actor.inspectImages', output: ok(FEEDBACK_MAX_IMAGES + 1) },
  { type: 'xstate.error.actor.inspectImages', error: new Error('unreadable') },
  { type: 'SUBMIT' },
  { type: 'RETRY' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.saveFeedback', output: edcReport },
  { type: 'xstate.error.actor.saveFeedback', error: networkError },
  { type: 'xstate.error.actor.saveFeedback', error: serviceError('IMAGE_TOO_LARGE', 413) },
];

/** What decides the next step: filled or not, messages shown, how many images, the last refusal. */
function project(c: FeedbackFormContext) {
  return {
    valid: feedbackFormValid(c),
    showErrors: c.form.showErrors,
    images: Math.min(c.images.length, 2),
    kept: c.images.some((i) => i.kind === 'kept'),
    refused: c.refused.length > 0,
    submitError: c.form.saveError !== null,
  };
}

const common = {
  project: project as (context: never) => unknown,
  limit: 4000,
};

describeModel({
  name: 'feedbackForm',
  machine: feedbackFormMachine,
  promiseActors: ['loadFormData', 'inspectImages', 'saveFeedback'],
  spyActions: ['notifySaved', 'notifySaveFailed'],
  variants: [
    // Creating an EDC report: every field and the images from nothing.
    {
      variant: 'create',
      input: { type: 'EDC', id: null },
      events: events.filter((e) => !(e.type === 'xstate.done.actor.loadFormData' && e.output === editing)),
      ...common,
    },
    // Editing: the kept images, removing one, and a refusal keeping everything.
    {
      variant: 'update',
      input: { type: 'EDC', id: edcReport.id },
      events: events.filter(
        (e) =>
          !(e.type === 'xstate.done.actor.loadFormData' && e.output === creating) &&
          e.type !== 'IMAGES.ADD' &&
          !(e.type === 'FIELD.CHANGE' && !(e.field === 'description' && e.value === '  ')),
      ),
      ...common,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as FeedbackFormContext | undefined;
      const after = step.after.context as FeedbackFormContext;
      for (const call of step.invoked) {
        if (call.id !== 'saveFeedback') continue;
        // Only a valid form is sent, the fields its type uses, and only what the images say.
        if (!feedbackFormValid(after)) throw new Error(`sent an invalid form ${JSON.stringify(after.form)}`);
        const request = call.input as ReturnType<typeof saveRequest>;
        if (JSON.stringify(request) !== JSON.stringify(saveRequest(after))) throw new Error('the request differs from the form');
        if ((request.kind === 'update') !== (after.id !== null)) throw new Error('created when editing, or the reverse');
        if (request.kind === 'update') {
          const kept = after.images.flatMap((i) => (i.kind === 'kept' ? [i.url] : []));
          if (JSON.stringify(request.body.old_images) !== JSON.stringify(kept)) throw new Error('old_images are not the kept images');
          if (kept.some((url) => !edcReport.images.includes(url))) throw new Error('kept an image the report never had');
        }
      }
      if (after.images.length > FEEDBACK_MAX_IMAGES) throw new Error(`${after.images.length} images accepted`);
      if (!before) continue;
      if (step.event.type === 'xstate.error.actor.saveFeedback') {
        // A refusal keeps every value and image, and says why.
        if (JSON.stringify(before.form.values) !== JSON.stringify(after.form.values) || before.images.length !== after.images.length)
          throw new Error('the refusal changed the form');
        if (after.form.saveError === null) throw new Error('the refusal is not shown');
        if (step.actions.filter((a) => a.action === 'notifySaveFailed').length !== 1) throw new Error('no failure toast');
      }
      if (step.event.type === 'xstate.done.actor.inspectImages') {
        const inspected = (step.event as unknown as { output: Array<{ problem: string | null }> }).output;
        const bad = inspected.filter((i) => i.problem !== null).length;
        if (after.refused.length < bad) throw new Error('a refused image has no message');
        if (after.images.length - before.images.length + after.refused.length !== inspected.length)
          throw new Error('a picked file got lost');
      }
      const saved = step.actions.filter((a) => a.action === 'notifySaved').length;
      if (saved !== (step.after.matches('saved') && !step.before?.matches('saved') ? 1 : 0))
        throw new Error(`notifySaved ran ${saved} times`);
      if (step.before?.hasTag('busy') && step.event.type === 'SUBMIT') throw new Error('SUBMIT handled while saving');
    }
  },
});
