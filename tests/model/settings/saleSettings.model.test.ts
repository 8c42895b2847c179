import {
  digitalPatch,
  digitalValid,
  saleSettingsMachine,
  type SaleSettingsContext,
} from '../../../src/machines/settings/saleSettings.machine';
import { pointToSave, websiteToSave } from '../../../src/machines/settings/rules/settings';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { bare, phoco, pngFile } from './fixtures';

const loadEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadMerchant', output: bare },
  { type: 'xstate.error.actor.loadMerchant', error: networkError },
  { type: 'RETRY' },
];

/** The digital order tab: both pickers, their answers, the website (good, spaced, wrong, empty) and Save. */
const digitalEvents: SampleEvent[] = [
  ...loadEvents,
  { type: 'LOGO.PICK', file: pngFile },
  { type: 'BANNER.PICK', file: pngFile },
  { type: 'xstate.done.actor.uploadImage', output: '/api/sale/saas/image/9' },
  { type: 'xstate.error.actor.uploadImage', error: serviceError('IMAGE_INVALID_FORMAT', 415) },
  { type: 'FIELD.CHANGE', field: 'website', value: 'order .shop.vn' },
  { type: 'FIELD.CHANGE', field: 'website', value: 'shop.vn/?x=1' },
  { type: 'DIGITAL.SAVE' },
  {
    type: 'xstate.done.actor.saveDigital',
    output: { ...phoco, logo: '/api/sale/saas/image/9', banner: '/api/sale/saas/image/9', website: 'https://order.shop.vn/' },
  },
  { type: 'xstate.error.actor.saveDigital', error: serviceError('BAD_REQUEST', 400, { field: 'website' }) },
];

const rewardEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadMerchant', output: phoco },
  { type: 'FIELD.CHANGE', field: 'point', value: '2.5' },
  { type: 'FIELD.CHANGE', field: 'point', value: 'abc' },
  { type: 'FIELD.CHANGE', field: 'point', value: '500' },
  { type: 'REWARD.SAVE' },
  { type: 'xstate.done.actor.saveReward', output: { ...phoco, point_percent: 2.5 } },
  { type: 'xstate.error.actor.saveReward', error: networkError },
];

const tabEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadMerchant', output: phoco },
  { type: 'TAB.SELECT', tab: 'reward' },
  { type: 'TAB.SELECT', tab: 'screen' },
  { type: 'TAB.SELECT', tab: 'digital' },
];

function project(c: SaleSettingsContext) {
  return {
    tab: c.tab,
    logo: c.logo !== null,
    banner: c.banner !== null,
    website: websiteToSave(c.digitalForm.values.website) !== null ? 'ok' : c.digitalForm.values.website === '' ? 'empty' : 'bad',
    point: pointToSave(c.rewardForm.values.point) !== null,
    pointRefused: c.pointRefused,
    uploading: c.uploading,
    errors: [
      c.logoError !== null,
      c.bannerError !== null,
      c.digitalForm.saveError !== null,
      c.rewardForm.saveError !== null,
      c.loadError !== null,
    ],
    show: [c.digitalForm.showErrors, c.rewardForm.showErrors],
  };
}

// Both forms edit through FIELD.CHANGE (D283): the form variants sample only their own form's fields,
// the tab variants none.
const DIGITAL = ['LOGO.PICK', 'BANNER.PICK', 'DIGITAL.SAVE'];
const REWARD = ['REWARD.SAVE'];

describeModel({
  name: 'saleSettings',
  machine: saleSettingsMachine,
  promiseActors: ['loadMerchant', 'saveMerchant', 'uploadImage'],
  spyActions: ['notifySaved', 'notifySaveFailed', 'notifyUploadFailed'],
  variants: [
    {
      variant: 'digital order',
      input: { isFnb: true, screenCustomisation: false, tab: null },
      events: digitalEvents,
      ignore: [...REWARD, 'TAB.SELECT'],
      project: project as (context: never) => unknown,
      limit: 20_000,
    },
    {
      variant: 'reward point',
      input: { isFnb: false, screenCustomisation: false, tab: 'reward' },
      events: rewardEvents,
      ignore: [...DIGITAL, 'TAB.SELECT', 'RETRY', 'xstate.error.actor.loadMerchant'],
      project: project as (context: never) => unknown,
    },
    {
      variant: 'tabs (screen customisation on, address says reward)',
      input: { isFnb: true, screenCustomisation: true, tab: 'reward' },
      events: tabEvents,
      ignore: [...DIGITAL, ...REWARD, 'FIELD.CHANGE', 'RETRY', 'xstate.error.actor.loadMerchant'],
      project: project as (context: never) => unknown,
    },
    {
      variant: 'tabs (not food and beverage, no flag)',
      input: { isFnb: false, screenCustomisation: false, tab: 'payment' },
      events: tabEvents,
      ignore: [...DIGITAL, ...REWARD, 'FIELD.CHANGE', 'RETRY', 'xstate.error.actor.loadMerchant'],
      project: project as (context: never) => unknown,
    },
  ],
  check(outcome) {
    const first = outcome.steps[0]?.after.context as SaleSettingsContext | undefined;
    if (first) {
      if (first.tab !== first.tabs[0] && first.tab !== 'reward') throw new Error(`default tab ${first.tab} is not the first shown`);
      if (!first.tabs.includes(first.tab)) throw new Error('a tab not shown was selected');
      if (first.tabs.includes('digital') !== first.tabs.includes('payment'))
        throw new Error('digital order and payment setting go together (F&B)');
    }
    for (const step of outcome.steps) {
      const after = step.after.context as SaleSettingsContext;
      const before = step.before?.context as SaleSettingsContext | undefined;
      const actions = step.actions.map((a) => a.action);
      if (!after.tabs.includes(after.tab)) throw new Error('the tab shown is not one of the tabs');
      for (const call of step.invoked) {
        if (call.id === 'saveDigital') {
          if (!before || !digitalValid(before)) throw new Error('an incomplete digital order form was sent');
          const body = call.input as Record<string, unknown>;
          if (JSON.stringify(body) !== JSON.stringify(digitalPatch(before))) throw new Error('sent something else than the form');
          if (/\s/.test(String(body.website)) || !String(body.website).startsWith('https://'))
            throw new Error('website not stripped or without prefix');
          if ('point_percent' in body) throw new Error('the digital order save sent the points');
        }
        if (call.id === 'saveReward') {
          const body = call.input as Record<string, unknown>;
          if (Object.keys(body).join() !== 'point_percent' || typeof body.point_percent !== 'number')
            throw new Error(`reward sent ${JSON.stringify(body)}`);
          if (!before || pointToSave(before.rewardForm.values.point) !== body.point_percent)
            throw new Error('reward sent another value than typed');
        }
        if (call.id === 'uploadImage' && !(call.input as { file: unknown }).file) throw new Error('an upload without its file');
      }
      const change = step.event as unknown as { type: string; field?: string; value?: string };
      // While the reward form saves, its field is disabled: a change there is not the form's.
      const rewardEditing = step.before?.matches({ ready: { reward: 'editing' } }) === true;
      if (
        change.type === 'FIELD.CHANGE' &&
        change.field === 'point' &&
        rewardEditing &&
        before &&
        !/^\d*(\.\d*)?$/.test(change.value ?? '')
      ) {
        if (after.rewardForm.values.point !== before.rewardForm.values.point || !after.pointRefused)
          throw new Error('a non-number changed the field or was silent');
      }
      if (step.event.type === 'xstate.error.actor.uploadImage' && before) {
        if (after.logo !== before.logo || after.banner !== before.banner) throw new Error('a failed upload changed the image');
        if (!actions.includes('notifyUploadFailed') || (after.logoError ?? after.bannerError) === null)
          throw new Error('a failed upload was silent');
      }
      if (/^xstate\.error\.actor\.save(Digital|Reward)$/.test(step.event.type) && before) {
        if (
          JSON.stringify([before.digitalForm.values, before.rewardForm.values]) !==
          JSON.stringify([after.digitalForm.values, after.rewardForm.values])
        )
          throw new Error('a refused save lost what was typed');
        if (!actions.includes('notifySaveFailed')) throw new Error('a refused save was not reported');
      }
      if (/^xstate\.done\.actor\.save(Digital|Reward)$/.test(step.event.type) && !actions.includes('notifySaved'))
        throw new Error('a save without its toast');
    }
  },
});
