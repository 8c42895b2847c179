import type { WidgetSettingsContext } from '../../../src/machines/checkout/widgetSettings.machine';
import {
  draftOf,
  hasDraftErrors,
  validateDraft,
  type MerchantSave,
  type WidgetSave,
} from '../../../src/machines/checkout/widgetSettings.rules';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { widgetSettingsMachine } from '../../../src/machines/checkout/widgetSettings.machine';
import { defaultsInfo, savedInfo } from './widgetSettings.fixtures';

const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
const refusal = serviceError('VALIDATION_ERROR', 400, { errors: [{ field: 'ipn_url', msg: 'must be https' }] });

const loadEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadMerchantInfo', output: defaultsInfo },
  { type: 'xstate.error.actor.loadMerchantInfo', error: networkError },
  { type: 'RETRY' },
];
const saveEvents: SampleEvent[] = [
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.saveMerchant', output: defaultsInfo },
  { type: 'xstate.error.actor.saveMerchant', error: refusal },
  { type: 'xstate.done.actor.saveWidget', output: savedInfo },
  { type: 'xstate.error.actor.saveWidget', error: networkError },
];
const fixIpn: SampleEvent = { type: 'FIELD.CHANGE', field: 'ipn_url', value: ' https://pho.example.vn/ipn ' };
/** A method's switch is the draft's `methods` with that one set (D283): from the loaded record's. */
const loadedMethods = draftOf(defaultsInfo).methods;

function project(c: WidgetSettingsContext) {
  return {
    loaded: c.info !== null,
    invalid: c.info ? Object.keys(validateDraft(c.form.values)).sort() : null,
    shown: c.form.showErrors,
    failure: c.saveFailure ? `${c.saveFailure.step}:${c.saveFailure.refusals.length}` : null,
    logo: c.logo.file !== null ? 'file' : c.logo.remove ? 'remove' : 'keep',
    refusal: c.logoRefusal?.problem ?? null,
  };
}

describeModel({
  name: 'widgetSettings',
  machine: widgetSettingsMachine,
  promiseActors: ['loadMerchantInfo', 'checkLogo', 'saveMerchant', 'saveWidget'],
  spyActions: ['notifySaved', 'notifySaveFailed'],
  // Two traversals whose coverage adds up: the form's fields and saving, then the logo.
  variants: [
    {
      input: { merchantId: 'REF-PHOCO-0001' },
      variant: 'fields',
      events: [
        ...loadEvents,
        fixIpn,
        { type: 'FIELD.CHANGE', field: 'ipn_url', value: 'http://pho.example.vn/ipn' },
        { type: 'FIELD.CHANGE', field: 'primary_color', value: '#12' },
        { type: 'FIELD.CHANGE', field: 'primary_color', value: '#A1B2C3' },
        { type: 'FIELD.CHANGE', field: 'button_text', value: 'Thanh toán ngay' },
        { type: 'FIELD.CHANGE', field: 'logo_height', value: 60 },
        { type: 'FIELD.CHANGE', field: 'logo_position', value: 'left' },
        { type: 'FIELD.CHANGE', field: 'button_border', value: false },
        { type: 'FIELD.CHANGE', field: 'border_radius', value: 99 },
        { type: 'FIELD.CHANGE', field: 'methods', value: { ...loadedMethods, cash: true } },
        { type: 'FIELD.CHANGE', field: 'methods', value: { ...loadedMethods, ewallet: true } },
        { type: 'ADVANCED.TOGGLE' },
        { type: 'PREVIEW.SELECT', method: 'credit_card' },
        ...saveEvents,
      ],
      ignore: ['LOGO.PICK', 'LOGO.REMOVE'],
      project: project as (context: never) => unknown,
    },
    {
      input: { merchantId: '10000001' },
      variant: 'logo',
      events: [
        { type: 'xstate.done.actor.loadMerchantInfo', output: savedInfo },
        { type: 'LOGO.PICK', file: png },
        { type: 'LOGO.REMOVE' },
        { type: 'xstate.done.actor.checkLogo', output: { file: png, name: 'logo.png', problem: null } },
        { type: 'xstate.done.actor.checkLogo', output: { file: png, name: 'notes.png', problem: 'format' } },
        { type: 'xstate.error.actor.checkLogo', error: new Error('unreadable') },
        { type: 'SUBMIT' },
        { type: 'xstate.done.actor.saveMerchant', output: savedInfo },
        { type: 'xstate.done.actor.saveWidget', output: savedInfo },
        { type: 'xstate.error.actor.saveWidget', error: serviceError('IMAGE_TOO_LARGE', 413, { field: 'logo' }) },
      ],
      ignore: [
        'FIELD.CHANGE',
        'ADVANCED.TOGGLE',
        'PREVIEW.SELECT',
        'RETRY',
        'xstate.error.actor.loadMerchantInfo',
        'xstate.error.actor.saveMerchant',
      ],
      project: project as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as WidgetSettingsContext | undefined;
      const after = step.after.context as WidgetSettingsContext;
      const type = step.event.type;
      for (const call of step.invoked) {
        if (call.id === 'saveMerchant') {
          const body = call.input as MerchantSave;
          if (!after.info || hasDraftErrors(validateDraft(after.form.values))) throw new Error('saved an invalid form');
          // doc 2 §5 / contract §A: the URLs go trimmed; only methods the bank offers and the merchant turned on.
          if (body.ipn_url !== body.ipn_url.trim() || body.ipn_url === '') throw new Error('sent an untrimmed or empty URL');
          if (body.payment_methods.includes(2)) throw new Error('turned on a method the bank does not offer');
          if (body.merchant_id !== '10000001') throw new Error('saved under another merchant id');
        }
        if (call.id === 'saveWidget') {
          const body = call.input as WidgetSave;
          for (const colour of [body.primary_color, body.secondary_color, body.button_color])
            if (!/^#[0-9a-f]{6}$/.test(colour)) throw new Error(`sent colour ${colour}`);
          if (body.border_radius < 0 || body.border_radius > 24) throw new Error('sent a radius out of 0..24');
          if (body.logo !== (before?.logo.file ?? null)) throw new Error('sent a logo other than the checked one');
          if (body.remove_logo && body.logo !== null) throw new Error('removed and replaced the logo at once');
          if (body.active_methods.some((m) => m.name === 'ewallet' && m.active))
            throw new Error('activated an e-wallet the bank does not offer');
          if (body.widget_id !== 'wdg_0123456789ab') throw new Error('saved another widget');
        }
      }
      if (!before) continue;
      // A refusal or failure keeps everything typed, and the picked logo.
      if (type === 'xstate.error.actor.saveMerchant' || type === 'xstate.error.actor.saveWidget') {
        if (JSON.stringify(before.form.values) !== JSON.stringify(after.form.values)) throw new Error('a failed save lost what was typed');
        if (before.logo.file !== after.logo.file) throw new Error('a failed save dropped the picked logo');
        const failed = step.actions.find((a) => a.action === 'notifySaveFailed');
        if (!failed) throw new Error('a failed save said nothing');
      }
      if (type === 'xstate.error.actor.saveMerchant' && after.saveFailure?.refusals[0]?.field !== 'ipn_url')
        throw new Error('the VALIDATION_ERROR field error is not kept for its input');
      // A refused logo says why and keeps the logo there was.
      if (type === 'xstate.done.actor.checkLogo' || type === 'xstate.error.actor.checkLogo') {
        const accepted = (step.event as { output?: { problem: unknown } }).output?.problem === null;
        if (!accepted && (after.logoRefusal === null || JSON.stringify(after.logo) !== JSON.stringify(before.logo)))
          throw new Error('a refused logo replaced the logo or said nothing');
        if (accepted && after.logo.file === null) throw new Error('an accepted logo was not kept');
      }
      const change = step.event as { field?: string; value?: { ewallet?: boolean } };
      if (type === 'FIELD.CHANGE' && change.field === 'methods' && change.value?.ewallet === true && after.form.values.methods.ewallet)
        throw new Error('an e-wallet switch turned on although the bank does not offer it');
      if (type === 'xstate.done.actor.saveWidget') {
        if (!step.actions.some((a) => a.action === 'notifySaved')) throw new Error('saved without the success toast');
        if (after.logo.file !== null || after.logo.remove) throw new Error('the saved logo change is still pending');
      }
    }
  },
});
