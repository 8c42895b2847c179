import { templateSetupMachine, type TemplateSetupContext } from '../../../src/machines/einvoice/templateSetup.machine';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

/** doc 2 §2 /e-inv-template (gallery filter types, template setup), §5 template logo, §9 5 MB. */

const file = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
/** D255: what the backend answers for a saved template. */
const saved = {
  templateId: 'gtgt-classic',
  name: 'Mẫu Phở Cổ',
  type: 'gtgt',
  logo: { kind: 'image/png' as const, name: 'logo.png', size: 120 },
  updatedAt: 1,
};

const events: SampleEvent[] = [
  { type: 'FILTER.SET', filter: 'sale' },
  { type: 'SELECT', templateId: 'gtgt-classic', templateType: 'gtgt' },
  { type: 'FIELD.CHANGE', field: 'name', value: 'Mẫu hóa đơn Phở Cổ' },
  { type: 'FIELD.CHANGE', field: 'name', value: '   ' },
  { type: 'FIELD.CHANGE', field: 'type', value: 'service' },
  // Not a template type (the gallery filter's "all"): the form holds no type.
  { type: 'FIELD.CHANGE', field: 'type', value: 'all' },
  { type: 'FIELD.BLUR', field: 'name' },
  { type: 'LOGO.PICK', file },
  { type: 'LOGO.CLEAR' },
  { type: 'xstate.done.actor.checkLogo', output: { name: 'logo.pdf', size: 8, kind: 'application/pdf', problem: null } },
  { type: 'xstate.done.actor.checkLogo', output: { name: 'big.png', size: 6_000_000, kind: null, problem: 'size' } },
  { type: 'xstate.done.actor.checkLogo', output: { name: 'fake.png', size: 5, kind: null, problem: 'format' } },
  { type: 'xstate.error.actor.checkLogo', error: new Error('NotReadableError') },
  { type: 'SUBMIT' },
  { type: 'EDIT' },
  { type: 'BACK' },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.loadTemplate', output: saved },
  { type: 'xstate.done.actor.loadTemplate', output: null },
  { type: 'xstate.error.actor.loadTemplate', error: { code: 'NETWORK_ERROR' } },
  { type: 'xstate.done.actor.saveTemplate', output: saved },
  { type: 'xstate.error.actor.saveTemplate', error: { code: 'IMAGE_INVALID_FORMAT' } },
];

// Only what guards and the form's outcome depend on: otherwise the traversal never ends.
const project = ((c: TemplateSetupContext) => ({
  named: c.form.values.name.trim().length > 0,
  typed: c.form.values.type !== null,
  logo: c.logo !== null,
  savedLogo: c.savedLogo !== null,
  refused: c.logoProblem !== null,
  saved: c.saved !== null,
  loadFailed: c.loadFailed,
  saveError: c.form.saveError !== null,
})) as (context: never) => unknown;

describeModel({
  name: 'templateSetup',
  machine: templateSetupMachine,
  promiseActors: ['checkLogo', 'loadTemplate', 'saveTemplate'],
  // The FIELD.BLUR sample (D284) takes the traversal past the default 20,000 states.
  variants: [{ events, project, limit: 40_000 }],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as TemplateSetupContext | undefined;
      const after = step.after.context as TemplateSetupContext;
      if (step.after.hasTag('ready') && (after.form.values.name.trim() === '' || after.form.values.type === null))
        throw new Error('ready without a name and a type');
      if (step.event.type.startsWith('xstate.done.actor.checkLogo')) {
        const out = (step.event as { output?: { problem: string | null } }).output!;
        if (out.problem !== null && after.logo !== before?.logo) throw new Error('a refused file replaced the logo');
        if (out.problem === null && after.logo?.file !== file) throw new Error('the accepted logo is not the picked file');
      }
      // D284: a refused Submit keeps every value and says what is wrong.
      if (step.event.type === 'SUBMIT' && before && !step.after.hasTag('saving')) {
        if (JSON.stringify(after.form.values) !== JSON.stringify(before.form.values)) throw new Error('a refusal changed the form');
      }
      if (step.event.type === 'xstate.error.actor.saveTemplate') {
        // D255: a failed save keeps everything typed and says why.
        if (JSON.stringify(after.form.values) !== JSON.stringify(before?.form.values) || after.logo !== before?.logo)
          throw new Error('a failed save lost input');
        if (after.form.saveError !== 'IMAGE_INVALID_FORMAT') throw new Error('a failed save says nothing');
      }
      for (const call of step.invoked) {
        if (call.id === 'checkLogo' && (call.input as { file: Blob }).file !== file) throw new Error('checked another file');
        if (call.id === 'saveTemplate') {
          const input = call.input as { name: string; logo: { file: Blob } | null; keepLogo: boolean };
          if (input.name.trim() === '') throw new Error('saved without a name');
          // The saved logo is kept only when no new one was chosen; a new one is always sent.
          if (input.logo !== null && input.keepLogo) throw new Error('sent a logo and kept the saved one');
          if (before && before.logo !== null && input.logo?.file !== file) throw new Error('the chosen logo was not sent');
          if (before && before.logo === null && before.savedLogo !== null && !input.keepLogo) throw new Error('the saved logo was dropped');
        }
      }
    }
  },
});
