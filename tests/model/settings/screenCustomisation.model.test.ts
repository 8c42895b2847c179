import {
  firstFreeBanner,
  screenCustomisationMachine,
  uiBody,
  uiProblems,
  type ScreenCustomisationContext,
} from '../../../src/machines/settings/screenCustomisation.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { DEFAULTS, noUi, pngFile, savedUi } from './fixtures';

/** Uploads on an empty customisation: banners fill the slots one by one (a failure keeps the slot empty), then the limit. */
const uploadEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadUiCustom', output: noUi },
  { type: 'xstate.error.actor.loadUiCustom', error: networkError },
  { type: 'RETRY' },
  { type: 'BANNER.ADD', file: pngFile },
  { type: 'xstate.done.actor.uploadImage', output: '/api/sale/saas/image/11' },
  { type: 'xstate.error.actor.uploadImage', error: serviceError('IMAGE_TOO_LARGE', 413) },
];

/** The form of an empty customisation: default images (one forged), a text, Save with things missing. */
const emptyFormEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadUiCustom', output: noUi },
  { type: 'IMAGE.DEFAULT', slot: 'order', url: DEFAULTS.order[1] },
  { type: 'IMAGE.DEFAULT', slot: 'success', url: DEFAULTS.success[0] },
  { type: 'IMAGE.DEFAULT', slot: 'success', url: 'https://evil.example/x.jpg' },
  { type: 'FIELD.CHANGE', field: 'firstWelcome', value: 'Xin chào' },
  // An image is not typed: its FIELD.CHANGE changes nothing (only its own events do, D283).
  { type: 'FIELD.CHANGE', field: 'orderImg', value: 'https://evil.example/x.jpg' },
  { type: 'SUBMIT' },
];

/** A saved one with three banners: clear one, replace the order image, a text too long then fine, Save and its answers. */
const savedEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadUiCustom', output: savedUi },
  { type: 'BANNER.CLEAR', slot: 'banner1' },
  { type: 'BANNER.CLEAR', slot: 'banner3' },
  { type: 'SLOT.PICK', slot: 'order', file: pngFile },
  { type: 'xstate.done.actor.uploadImage', output: '/api/sale/saas/image/12' },
  { type: 'xstate.error.actor.uploadImage', error: networkError },
  { type: 'FIELD.CHANGE', field: 'thanks', value: 'ă'.repeat(201) },
  { type: 'FIELD.CHANGE', field: 'thanks', value: 'Cảm ơn quý khách' },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.saveUiCustom', output: savedUi.ui },
  { type: 'xstate.error.actor.saveUiCustom', error: serviceError('VALIDATION_ERROR', 400, { errors: [{ field: 'banners', msg: 'x' }] }) },
];

function project(c: ScreenCustomisationContext) {
  const values = c.form.values;
  return {
    banners: values.banners.map((b) => b !== null),
    order: values.orderImg,
    success: values.successImg !== null,
    problems: uiProblems(values).join(),
    uploadSlot: c.uploadSlot,
    slotError: Object.keys(c.slotErrors).length > 0,
    show: c.form.showErrors,
    saveError: c.form.saveError !== null,
  };
}

describeModel({
  name: 'screenCustomisation',
  machine: screenCustomisationMachine,
  promiseActors: ['loadUiCustom', 'saveUiCustom', 'uploadImage'],
  spyActions: ['notifySaved', 'notifySaveFailed'],
  variants: [
    {
      variant: 'uploads',
      events: uploadEvents,
      ignore: ['BANNER.CLEAR', 'SLOT.PICK', 'IMAGE.DEFAULT', 'FIELD.CHANGE', 'SUBMIT'],
      project: project as (context: never) => unknown,
    },
    {
      variant: 'empty form',
      events: emptyFormEvents,
      ignore: ['BANNER.ADD', 'BANNER.CLEAR', 'SLOT.PICK', 'RETRY', 'xstate.error.actor.loadUiCustom'],
      project: project as (context: never) => unknown,
    },
    {
      variant: 'saved',
      events: savedEvents,
      ignore: ['RETRY', 'xstate.error.actor.loadUiCustom', 'IMAGE.DEFAULT', 'BANNER.ADD'],
      project: project as (context: never) => unknown,
      limit: 20000,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const after = step.after.context as ScreenCustomisationContext;
      const before = step.before?.context as ScreenCustomisationContext | undefined;
      const actions = step.actions.map((a) => a.action);
      if (after.form.values.banners.length !== 4) throw new Error('not four banner slots');
      for (const call of step.invoked) {
        if (call.id === 'saveUiCustom') {
          if (!before || uiProblems(before.form.values).length > 0) throw new Error('an incomplete customisation was sent');
          if (JSON.stringify(call.input) !== JSON.stringify(uiBody(before.form.values)))
            throw new Error('sent something else than the form');
        }
        if (call.id === 'uploadImage' && (call.input as { kind: string }).kind !== 'background')
          throw new Error('uploaded as another kind');
      }
      if (step.event.type === 'BANNER.ADD' && before && firstFreeBanner(before.form.values) >= 0) {
        if (after.uploadSlot !== `banner${firstFreeBanner(before.form.values)}`)
          throw new Error('a new banner did not take the first empty slot');
      }
      if (step.event.type === 'xstate.error.actor.uploadImage' && before) {
        if (
          JSON.stringify([before.form.values.banners, before.form.values.orderImg, before.form.values.successImg]) !==
          JSON.stringify([after.form.values.banners, after.form.values.orderImg, after.form.values.successImg])
        )
          throw new Error('a failed upload changed an image');
        if (!before.uploadSlot || !after.slotErrors[before.uploadSlot]) throw new Error('a failed upload was not said on its slot');
      }
      if (step.event.type === 'FIELD.CHANGE' && before && (step.event as unknown as { field: string }).field === 'orderImg') {
        if (before.form.values.orderImg !== after.form.values.orderImg) throw new Error('an image was set by typing');
      }
      if (step.event.type === 'xstate.error.actor.saveUiCustom' && before) {
        if (JSON.stringify(before.form.values) !== JSON.stringify(after.form.values)) throw new Error('a refused save lost what was typed');
      }
      if (step.event.type === 'xstate.error.actor.saveUiCustom' && !actions.includes('notifySaveFailed'))
        throw new Error('a refused save was silent');
      if (step.event.type === 'xstate.done.actor.saveUiCustom' && !actions.includes('notifySaved'))
        throw new Error('a save without its toast');
    }
  },
});
