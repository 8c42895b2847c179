import { assign, fromPromise, setup, stateIn } from 'xstate';
import {
  UI_BANNERS_MAX,
  UI_TEXT_MAX,
  type DefaultImages,
  type SaasImageKind,
  type UiCustom,
  type UiCustomLoad,
} from '../../services/settings/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';
import { saveFailedActions } from './saveFlow';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * The screen customisation tab of /sale-setting (doc 2 §2, §3 Screen customisation, §5, §7 /ui_custom/*,
 * §9): what the customer display shows. Up to 4 banners (each a picked image, ≤ 700 KB, checked by its
 * bytes; a new image fills the first empty slot, a filled slot can be replaced or cleared), the order
 * and success images (an upload or one of the default images), the first and second welcome texts and
 * the thank-you text. Uploads run one at a time, each shown on its own slot; a refused or failed upload
 * keeps that slot's previous image and says why on the slot. Everything is required (at least one
 * banner, D164); Save waits for the upload under way.
 * The form is the shared one (../shared/form/form.ts, D283): images and texts are its values, checked
 * as a whole (uiProblems). The texts are typed (FIELD.CHANGE); the images change only through their
 * own events (an upload, a default image, a cleared banner), which do more than set a value.
 */

export const BANNER_SLOTS = ['banner0', 'banner1', 'banner2', 'banner3'] as const;
export type ImageSlot = (typeof BANNER_SLOTS)[number] | 'order' | 'success';
export type UiText = 'firstWelcome' | 'secondWelcome' | 'thanks';

/** What the customer display shows, in form order. */
export interface UiValues {
  banners: (string | null)[];
  firstWelcome: string;
  secondWelcome: string;
  orderImg: string | null;
  successImg: string | null;
  thanks: string;
}

export type UiField = keyof UiValues;
/** A missing image (`required`) or a text empty or too long (`textInvalid`). */
export type UiProblem = 'required' | 'textInvalid';

export interface ScreenCustomisationContext {
  /** The images and texts; Save pressed (`showErrors`); the last failed save (`saveError`). */
  form: FormState<UiValues>;
  defaults: DefaultImages;
  /** The slot uploading and its file. */
  uploadSlot: ImageSlot | null;
  file: Blob | null;
  /** Why each slot's last upload failed. */
  slotErrors: Partial<Record<ImageSlot, string>>;
  loadError: string | null;
}

export type ScreenCustomisationEvent =
  | { type: 'BANNER.ADD'; file: Blob }
  | { type: 'SLOT.PICK'; slot: ImageSlot; file: Blob }
  | { type: 'BANNER.CLEAR'; slot: (typeof BANNER_SLOTS)[number] }
  | { type: 'IMAGE.DEFAULT'; slot: 'order' | 'success'; url: string }
  | FormFieldEvent<UiValues>
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

export type ScreenCustomisationTag = 'loading' | 'loadFailed' | 'busy' | 'uploading';

const textOk = (value: string) => value.trim().length > 0 && [...value.trim()].length <= UI_TEXT_MAX;

const UI_TEXTS: readonly string[] = ['firstWelcome', 'secondWelcome', 'thanks'] satisfies UiText[];

/** The fields wrong now, in form order. */
export function uiProblems(c: UiValues): UiField[] {
  const wrong: UiField[] = [];
  if (!c.banners.some((b) => b !== null)) wrong.push('banners');
  if (!textOk(c.firstWelcome)) wrong.push('firstWelcome');
  if (!textOk(c.secondWelcome)) wrong.push('secondWelcome');
  if (!c.orderImg) wrong.push('orderImg');
  if (!c.successImg) wrong.push('successImg');
  if (!textOk(c.thanks)) wrong.push('thanks');
  return wrong;
}

/** Every field, in form order, and what is wrong with it (the same check as uiProblems). */
export const uiFormKit = defineForm<UiValues, UiField, UiProblem>({
  fields: ['banners', 'firstWelcome', 'secondWelcome', 'orderImg', 'successImg', 'thanks'],
  validate: (values) =>
    Object.fromEntries(uiProblems(values).map((field) => [field, UI_TEXTS.includes(field) ? 'textInvalid' : 'required'])),
});

export const uiBody = (c: UiValues): UiCustom => ({
  banners: c.banners.filter((b): b is string => b !== null),
  first_welcome: c.firstWelcome.trim(),
  second_welcome: c.secondWelcome.trim(),
  order_img: c.orderImg ?? '',
  success_payment_img: c.successImg ?? '',
  thank_content: c.thanks.trim(),
});

const slotIndex = (slot: ImageSlot) => (BANNER_SLOTS as readonly string[]).indexOf(slot);
export const firstFreeBanner = (c: Pick<UiValues, 'banners'>) => c.banners.findIndex((b) => b === null);

const fromUi = (ui: UiCustom | null): UiValues => ({
  banners: Array.from({ length: UI_BANNERS_MAX }, (_, i) => ui?.banners[i] ?? null),
  firstWelcome: ui?.first_welcome ?? '',
  secondWelcome: ui?.second_welcome ?? '',
  orderImg: ui?.order_img ?? null,
  successImg: ui?.success_payment_img ?? null,
  thanks: ui?.thank_content ?? '',
});

/** The form with a slot's image set or cleared; like typing, it clears the last save failure. */
function withSlot(form: FormState<UiValues>, slot: ImageSlot, url: string | null): FormState<UiValues> {
  if (slot === 'order') return uiFormKit.change(form, 'orderImg', url);
  if (slot === 'success') return uiFormKit.change(form, 'successImg', url);
  const banners = [...form.values.banners];
  banners[slotIndex(slot)] = url;
  return uiFormKit.change(form, 'banners', banners);
}

export const screenCustomisationMachine = setup({
  types: {
    context: {} as ScreenCustomisationContext,
    events: {} as ScreenCustomisationEvent,
    tags: {} as ScreenCustomisationTag,
  },
  actors: {
    loadUiCustom: fromPromise<UiCustomLoad, void>(async () => {
      throw notProvided('loadUiCustom');
    }),
    saveUiCustom: fromPromise<UiCustom, UiCustom>(async () => {
      throw notProvided('saveUiCustom');
    }),
    uploadImage: fromPromise<string, { kind: SaasImageKind; file: Blob }>(async () => {
      throw notProvided('uploadImage');
    }),
  },
  actions: {
    assignLoaded: assign(({ context }, params: { loaded: UiCustomLoad }) => ({
      form: uiFormKit.load(context.form, fromUi(params.loaded.ui)),
      defaults: params.loaded.defaults,
      loadError: null,
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCode(params.error) })),
    startUpload: assign(({ context }, params: { slot: ImageSlot; file: Blob }) => {
      const slotErrors = { ...context.slotErrors };
      delete slotErrors[params.slot];
      return { uploadSlot: params.slot, file: params.file, slotErrors, form: { ...context.form, saveError: null } };
    }),
    // The uploaded image takes its slot; a save failure said since then stays (the upload started cleared the last).
    assignUploaded: assign(({ context }, params: { url: string }) => ({
      form: { ...withSlot(context.form, context.uploadSlot ?? 'order', params.url), saveError: context.form.saveError },
      uploadSlot: null,
      file: null,
    })),
    assignUploadError: assign(({ context }, params: { error: unknown }) => ({
      slotErrors: { ...context.slotErrors, [context.uploadSlot ?? 'order']: errorCode(params.error) },
      uploadSlot: null,
      file: null,
    })),
    clearBanner: assign(({ context }, params: { slot: ImageSlot }) => ({ form: withSlot(context.form, params.slot, null) })),
    assignDefault: assign(({ context }, params: { slot: 'order' | 'success'; url: string }) => ({
      form: withSlot(context.form, params.slot, params.url),
    })),
    changeText: assign(({ context }, params: { field: UiText; value: string }) => ({
      form: uiFormKit.change(context.form, params.field, params.value),
    })),
    // Every Save pressed (not only a refused one) shows the problems from then on, as before the toolkit.
    showErrors: assign(({ context }) => ({ form: { ...context.form, showErrors: true } })),
    refuse: assign(({ context }) => ({ form: uiFormKit.refuse(context.form) })),
    assignSaved: assign(({ context }, params: { ui: UiCustom }) => ({
      form: { ...uiFormKit.load(context.form, fromUi(params.ui)), saveError: null },
    })),
    assignSaveError: assign(({ context }, params: { error: unknown }) => ({ form: uiFormKit.failed(context.form, params.error) })),
    notifySaved: () => {},
    notifySaveFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    bannerFree: ({ context }) => firstFreeBanner(context.form.values) >= 0,
    // Only the texts are typed; an image changes through its own event (its guard, its upload).
    textField: (_, params: { field: UiField }) => UI_TEXTS.includes(params.field),
    isDefault: ({ context }, params: { slot: 'order' | 'success'; url: string }) => context.defaults[params.slot].includes(params.url),
    bannerFilled: ({ context }, params: { slot: ImageSlot }) =>
      slotIndex(params.slot) >= 0 && context.form.values.banners[slotIndex(params.slot)] !== null,
    canSave: ({ context }) => uiFormKit.valid(context.form.values),
    notUploading: stateIn({ ready: { upload: 'idle' } }),
  },
}).createMachine({
  id: 'screenCustomisation',
  context: {
    form: uiFormKit.initial(fromUi(null)),
    defaults: { order: [], success: [] },
    uploadSlot: null,
    file: null,
    slotErrors: {},
    loadError: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description: 'GET /ui_custom/detail (null before a first save) and GET /ui_custom/default_image.',
      invoke: {
        id: 'loadUiCustom',
        src: 'loadUiCustom',
        onDone: { target: 'ready', actions: { type: 'assignLoaded', params: ({ event }) => ({ loaded: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { tags: ['loadFailed'], description: 'Why the customisation could not be read, with a retry.', on: { RETRY: 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'BANNER.CLEAR': {
                  guard: { type: 'bannerFilled', params: ({ event }) => ({ slot: event.slot }) },
                  actions: { type: 'clearBanner', params: ({ event }) => ({ slot: event.slot }) },
                },
                'IMAGE.DEFAULT': {
                  guard: { type: 'isDefault', params: ({ event }) => ({ slot: event.slot, url: event.url }) },
                  actions: { type: 'assignDefault', params: ({ event }) => ({ slot: event.slot, url: event.url }) },
                },
                'FIELD.CHANGE': {
                  guard: { type: 'textField', params: ({ event }) => ({ field: event.field }) },
                  actions: { type: 'changeText', params: ({ event }) => ({ field: event.field as UiText, value: String(event.value) }) },
                },
                SUBMIT: [
                  { guard: 'notUploading', actions: 'showErrors', target: 'checking' },
                  { description: 'An upload is under way: Save waits for it (the button says so).' },
                ],
              },
            },
            checking: {
              always: [
                { guard: 'canSave', target: 'saving' },
                {
                  target: 'editing',
                  actions: 'refuse',
                  description: 'Something missing or too long: the fields say what; nothing is sent.',
                },
              ],
            },
            saving: {
              tags: ['busy'],
              description: 'POST /ui_custom/create_update.',
              invoke: {
                id: 'saveUiCustom',
                src: 'saveUiCustom',
                input: ({ context }) => uiBody(context.form.values),
                onDone: {
                  target: 'editing',
                  actions: [{ type: 'assignSaved', params: ({ event }) => ({ ui: event.output }) }, 'notifySaved'],
                },
                onError: {
                  target: 'editing',
                  actions: saveFailedActions,
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
                'BANNER.ADD': [
                  {
                    guard: 'bannerFree',
                    target: 'uploading',
                    actions: {
                      type: 'startUpload',
                      params: ({ context, event }) => ({ slot: BANNER_SLOTS[firstFreeBanner(context.form.values)]!, file: event.file }),
                    },
                  },
                  { description: 'Four banners already: the add button says the limit.' },
                ],
                'SLOT.PICK': {
                  target: 'uploading',
                  actions: { type: 'startUpload', params: ({ event }) => ({ slot: event.slot, file: event.file }) },
                },
              },
            },
            uploading: {
              tags: ['uploading'],
              description: 'The file checked by its bytes, then POST /saas/image?kind=background; the slot shows its progress.',
              invoke: {
                id: 'uploadImage',
                src: 'uploadImage',
                input: ({ context }) => ({ kind: 'background' as const, file: context.file ?? new Blob() }),
                onDone: { target: 'idle', actions: { type: 'assignUploaded', params: ({ event }) => ({ url: event.output }) } },
                onError: { target: 'idle', actions: { type: 'assignUploadError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
  },
});

type Snapshot = { context: ScreenCustomisationContext; hasTag(tag: ScreenCustomisationTag): boolean; matches(value: unknown): boolean };

export const selectUi = (s: Snapshot) => s.context;
export const selectUiLoading = (s: Snapshot) => s.hasTag('loading');
export const selectUiLoadFailed = (s: Snapshot) => s.hasTag('loadFailed');
export const selectUiSaving = (s: Snapshot) => s.hasTag('busy');
export const selectUploadSlot = (s: Snapshot) => (s.hasTag('uploading') ? s.context.uploadSlot : null);
export const selectBannersFull = (s: Snapshot) => firstFreeBanner(s.context.form.values) < 0;
export const selectUiProblems = (s: Snapshot) => (s.context.form.showErrors ? uiProblems(s.context.form.values) : []);
