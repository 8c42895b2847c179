import { assign, fromPromise, setup } from 'xstate';
import type { SaasImageKind, SaleMerchant, SaleMerchantPatch } from '../../services/settings/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';
import { pointText, pointTextAllowed, pointToSave, tabsFor, websiteRest, websiteToSave, type SaleSettingTab } from './rules/settings';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * /sale-setting (doc 2 §2, §3 Sale settings, §5, §7 /saas/merchant, §8): the tabs and the two forms
 * of the sale service's settings. Tabs: digital order and payment setting for food-and-beverage
 * merchants, reward point always, screen customisation with its deployment flag; the default is the
 * first shown, and the route keeps the chosen one in the address. The payment setting and screen
 * customisation tabs run their own machines (ePaymentSetup, screenCustomisation), started by the route.
 *
 * Digital order: logo and banner (picked, checked by content, uploaded at once; a refused or failed
 * upload keeps the image there was), the website after its fixed https:// (spaces stripped on save),
 * address and hotline read-only from the business profile. Save is possible once logo, banner and a
 * valid website are there, and not while saving or uploading. Reward point: the percent, digits with
 * one optional decimal point; anything else typed or pasted is refused and the field keeps its value.
 * Each save sends only its tab's fields (PUT is partial) and adopts the answer (the GET shape).
 * The two typed fields are two shared forms (../shared/form/form.ts, D283): the website in
 * `digitalForm`, the percent in `rewardForm`; each form keeps its own save failure. Logo and banner
 * are uploads (picked, sent at once), not typed values, so they stay this machine's own.
 */

/** The digital order form's typed field: what follows the fixed https://. */
export interface DigitalValues {
  website: string;
}

/** The reward point form's typed field: the percent as typed. */
export interface RewardValues {
  point: string;
}

/** A website that is not an address is said on Save (doc 2 §5). */
export const digitalFormKit = defineForm<DigitalValues, keyof DigitalValues, 'websiteInvalid'>({
  rules: { website: (value) => (websiteToSave(value) === null ? 'websiteInvalid' : null) },
});

/** An empty percent or one above 100 is said on Save; a refused keystroke is this machine's `pointRefused`. */
export const rewardFormKit = defineForm<RewardValues, keyof RewardValues, 'invalid'>({
  rules: { point: (value) => (pointToSave(value) === null ? 'invalid' : null) },
});

export interface SaleSettingsContext {
  tabs: SaleSettingTab[];
  tab: SaleSettingTab;
  merchant: SaleMerchant | null;
  logo: string | null;
  banner: string | null;
  /** The website; Save pressed with it wrong (`showErrors`); the last failed digital save (`saveError`). */
  digitalForm: FormState<DigitalValues>;
  /** The percent; Save pressed with it wrong (`showErrors`); the last failed reward save (`saveError`). */
  rewardForm: FormState<RewardValues>;
  /** The last thing typed or pasted into the points field was refused (not digits with one decimal point). */
  pointRefused: boolean;
  /** Which image is uploading, and the file. */
  uploading: SaasImageKind | null;
  file: Blob | null;
  /** Why the last upload of each image failed (its previous image stays). */
  logoError: string | null;
  bannerError: string | null;
  loadError: string | null;
}

export type SaleSettingsEvent =
  | { type: 'TAB.SELECT'; tab: SaleSettingTab }
  | { type: 'RETRY' }
  | { type: 'LOGO.PICK'; file: Blob }
  | { type: 'BANNER.PICK'; file: Blob }
  | FormFieldEvent<DigitalValues>
  | FormFieldEvent<RewardValues>
  | { type: 'DIGITAL.SAVE' }
  | { type: 'REWARD.SAVE' };

export type SaleSettingsTag = 'loading' | 'loadFailed' | 'busy' | 'uploading';

export interface SaleSettingsInput {
  isFnb: boolean;
  screenCustomisation: boolean;
  /** The tab in the address, if any (ignored unless shown). */
  tab: string | null;
}

export const digitalValid = (c: Pick<SaleSettingsContext, 'logo' | 'banner' | 'digitalForm'>) =>
  c.logo !== null && c.banner !== null && digitalFormKit.valid(c.digitalForm.values);
export const rewardValid = (c: Pick<SaleSettingsContext, 'rewardForm'>) => rewardFormKit.valid(c.rewardForm.values);

/** PUT /saas/merchant of the digital order tab. */
export const digitalPatch = (c: SaleSettingsContext): SaleMerchantPatch => ({
  logo: c.logo,
  banner: c.banner,
  website: websiteToSave(c.digitalForm.values.website) ?? '',
});

/** The settings read or saved: both forms start over from them (a save adopts the whole answer). */
const fromMerchant = (c: Pick<SaleSettingsContext, 'digitalForm' | 'rewardForm'>, m: SaleMerchant) => ({
  merchant: m,
  logo: m.logo,
  banner: m.banner,
  digitalForm: digitalFormKit.load(c.digitalForm, { website: websiteRest(m.website) }),
  rewardForm: rewardFormKit.load(c.rewardForm, { point: pointText(m.point_percent) }),
  pointRefused: false,
});

/** A save failed (doc 2 §8): everything typed stays, the code goes to that form's alert and a toast. */
const saveFailed = (assign: 'assignDigitalSaveError' | 'assignRewardSaveError') =>
  [
    { type: assign, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
    { type: 'notifySaveFailed', params: ({ event }: { event: { error: unknown } }) => ({ code: errorCode(event.error) }) },
  ] as const;

export const saleSettingsMachine = setup({
  types: {
    context: {} as SaleSettingsContext,
    events: {} as SaleSettingsEvent,
    tags: {} as SaleSettingsTag,
    input: {} as SaleSettingsInput,
  },
  actors: {
    loadMerchant: fromPromise<SaleMerchant, void>(async () => {
      throw notProvided('loadMerchant');
    }),
    saveMerchant: fromPromise<SaleMerchant, SaleMerchantPatch>(async () => {
      throw notProvided('saveMerchant');
    }),
    uploadImage: fromPromise<string, { kind: SaasImageKind; file: Blob }>(async () => {
      throw notProvided('uploadImage');
    }),
  },
  actions: {
    assignTab: assign((_, params: { tab: SaleSettingTab }) => ({ tab: params.tab })),
    assignMerchant: assign(({ context }, params: { merchant: SaleMerchant }) => ({
      ...fromMerchant(context, params.merchant),
      loadError: null,
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCode(params.error) })),
    startUpload: assign((_, params: { kind: SaasImageKind; file: Blob }) => ({
      uploading: params.kind,
      file: params.file,
      ...(params.kind === 'logo' ? { logoError: null } : { bannerError: null }),
    })),
    assignUploaded: assign(({ context }, params: { url: string }) => ({
      ...(context.uploading === 'logo' ? { logo: params.url } : { banner: params.url }),
      uploading: null,
      file: null,
    })),
    assignUploadError: assign(({ context }, params: { error: unknown }) => ({
      ...(context.uploading === 'logo' ? { logoError: errorCode(params.error) } : { bannerError: errorCode(params.error) }),
      uploading: null,
      file: null,
    })),
    // Typing clears that form's last save failure.
    changeWebsite: assign(({ context }, params: { value: string }) => ({
      digitalForm: digitalFormKit.change(context.digitalForm, 'website', params.value),
    })),
    changePoint: assign(({ context }, params: { value: string }) => ({
      rewardForm: rewardFormKit.change(context.rewardForm, 'point', params.value),
      pointRefused: false,
    })),
    refusePoint: assign({ pointRefused: true }),
    refuseDigital: assign(({ context }) => ({ digitalForm: digitalFormKit.refuse(context.digitalForm) })),
    refuseReward: assign(({ context }) => ({ rewardForm: rewardFormKit.refuse(context.rewardForm) })),
    assignSaved: assign(({ context }, params: { merchant: SaleMerchant }) => {
      const saved = fromMerchant(context, params.merchant);
      return {
        ...saved,
        digitalForm: { ...saved.digitalForm, saveError: null },
        rewardForm: { ...saved.rewardForm, saveError: null },
      };
    }),
    assignDigitalSaveError: assign(({ context }, params: { error: unknown }) => ({
      digitalForm: digitalFormKit.failed(context.digitalForm, params.error),
    })),
    assignRewardSaveError: assign(({ context }, params: { error: unknown }) => ({
      rewardForm: rewardFormKit.failed(context.rewardForm, params.error),
    })),
    // Provided by the app: toasts (core §8 titles; failure text from the catalogue).
    notifySaved: () => {},
    notifySaveFailed: (_, _params: { code: string }) => {},
    notifyUploadFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    tabShown: ({ context }, params: { tab: SaleSettingTab }) => context.tabs.includes(params.tab),
    isField: (_, params: { field: string; expected: 'website' | 'point' }) => params.field === params.expected,
    pointAllowed: (_, params: { field: string; value: unknown }) =>
      params.field === 'point' && typeof params.value === 'string' && pointTextAllowed(params.value),
    digitalValid: ({ context }) => digitalValid(context),
    rewardValid: ({ context }) => rewardValid(context),
  },
}).createMachine({
  id: 'saleSettings',
  context: ({ input }) => {
    const tabs = tabsFor(input.isFnb, input.screenCustomisation);
    return {
      tabs,
      tab: tabs.find((tab) => tab === input.tab) ?? tabs[0]!,
      merchant: null,
      logo: null,
      banner: null,
      digitalForm: digitalFormKit.initial({ website: '' }),
      rewardForm: rewardFormKit.initial({ point: '' }),
      pointRefused: false,
      uploading: null,
      file: null,
      logoError: null,
      bannerError: null,
      loadError: null,
    };
  },
  on: {
    'TAB.SELECT': {
      guard: { type: 'tabShown', params: ({ event }) => ({ tab: event.tab }) },
      actions: { type: 'assignTab', params: ({ event }) => ({ tab: event.tab }) },
      description: 'Another tab (one that is shown); each keeps what was typed in it.',
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description: 'GET /saas/merchant: the page shows nothing of the forms meanwhile (doc 2 §2).',
      invoke: {
        id: 'loadMerchant',
        src: 'loadMerchant',
        onDone: { target: 'ready', actions: { type: 'assignMerchant', params: ({ event }) => ({ merchant: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { tags: ['loadFailed'], description: 'Why the settings could not be read, with a retry.', on: { RETRY: 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        digital: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'FIELD.CHANGE': {
                  guard: { type: 'isField', params: ({ event }) => ({ field: event.field, expected: 'website' as const }) },
                  actions: { type: 'changeWebsite', params: ({ event }) => ({ value: String(event.value) }) },
                },
                'DIGITAL.SAVE': [
                  { guard: 'digitalValid', target: 'saving' },
                  {
                    actions: 'refuseDigital',
                    description: 'Logo, banner or website missing or wrong: the fields say what; nothing is sent.',
                  },
                ],
              },
            },
            saving: {
              tags: ['busy'],
              description: 'PUT /saas/merchant {logo, banner, website}; the answer is the new settings.',
              invoke: {
                id: 'saveDigital',
                src: 'saveMerchant',
                input: ({ context }) => digitalPatch(context),
                onDone: {
                  target: 'editing',
                  actions: [{ type: 'assignSaved', params: ({ event }) => ({ merchant: event.output }) }, 'notifySaved'],
                },
                onError: {
                  target: 'editing',
                  actions: saveFailed('assignDigitalSaveError'),
                },
              },
            },
          },
        },
        upload: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'LOGO.PICK': {
                  target: 'uploading',
                  actions: { type: 'startUpload', params: ({ event }) => ({ kind: 'logo' as const, file: event.file }) },
                },
                'BANNER.PICK': {
                  target: 'uploading',
                  actions: { type: 'startUpload', params: ({ event }) => ({ kind: 'banner' as const, file: event.file }) },
                },
              },
            },
            uploading: {
              tags: ['uploading'],
              description: 'The picked file checked by its bytes, then POST /saas/image?kind=logo|banner; one at a time.',
              invoke: {
                id: 'uploadImage',
                src: 'uploadImage',
                input: ({ context }) => ({ kind: context.uploading ?? 'logo', file: context.file ?? new Blob() }),
                onDone: { target: 'idle', actions: { type: 'assignUploaded', params: ({ event }) => ({ url: event.output }) } },
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'notifyUploadFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
                    { type: 'assignUploadError', params: ({ event }) => ({ error: event.error }) },
                  ],
                },
              },
            },
          },
        },
        reward: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'FIELD.CHANGE': [
                  {
                    guard: { type: 'pointAllowed', params: ({ event }) => ({ field: event.field, value: event.value }) },
                    actions: { type: 'changePoint', params: ({ event }) => ({ value: String(event.value) }) },
                  },
                  {
                    guard: { type: 'isField', params: ({ event }) => ({ field: event.field, expected: 'point' as const }) },
                    actions: 'refusePoint',
                    description: 'Not digits with one decimal point (typed or pasted): the field keeps its value and says why.',
                  },
                ],
                'REWARD.SAVE': [
                  { guard: 'rewardValid', target: 'saving' },
                  { actions: 'refuseReward', description: 'Empty or above 100: the field says so; nothing is sent.' },
                ],
              },
            },
            saving: {
              tags: ['busy'],
              description: 'PUT /saas/merchant {point_percent}.',
              invoke: {
                id: 'saveReward',
                src: 'saveMerchant',
                input: ({ context }) => ({ point_percent: pointToSave(context.rewardForm.values.point) ?? 0 }),
                onDone: {
                  target: 'editing',
                  actions: [{ type: 'assignSaved', params: ({ event }) => ({ merchant: event.output }) }, 'notifySaved'],
                },
                onError: {
                  target: 'editing',
                  actions: saveFailed('assignRewardSaveError'),
                },
              },
            },
          },
        },
      },
    },
  },
});

type Snapshot = { context: SaleSettingsContext; hasTag(tag: SaleSettingsTag): boolean; matches(value: unknown): boolean };

/** What the screens read. */
export const selectSaleSettings = (s: Snapshot) => s.context;
export const selectLoading = (s: Snapshot) => s.hasTag('loading');
export const selectLoadFailed = (s: Snapshot) => s.hasTag('loadFailed');
export const selectDigitalSaving = (s: Snapshot) => s.matches({ ready: { digital: 'saving' } });
export const selectRewardSaving = (s: Snapshot) => s.matches({ ready: { reward: 'saving' } });
export const selectUploading = (s: Snapshot) => (s.hasTag('uploading') ? s.context.uploading : null);
/** Save is offered once logo, banner and website are filled, and not while saving or uploading (doc 2 §5); a wrong website is said on Save. */
export const selectDigitalCanSave = (s: Snapshot) =>
  s.context.logo !== null &&
  s.context.banner !== null &&
  s.context.digitalForm.values.website.trim() !== '' &&
  !s.hasTag('uploading') &&
  !selectDigitalSaving(s);
