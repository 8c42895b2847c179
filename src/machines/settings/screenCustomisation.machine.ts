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

/**
 * The screen customisation tab of /sale-setting (doc 2 §2, §3 Screen customisation, §5, §7 /ui_custom/*,
 * §9): what the customer display shows. Up to 4 banners (each a picked image, ≤ 700 KB, checked by its
 * bytes; a new image fills the first empty slot, a filled slot can be replaced or cleared), the order
 * and success images (an upload or one of the default images), the first and second welcome texts and
 * the thank-you text. Uploads run one at a time, each shown on its own slot; a refused or failed upload
 * keeps that slot's previous image and says why on the slot. Everything is required (at least one
 * banner, D164); Save waits for the upload under way.
 */

export const BANNER_SLOTS = ['banner0', 'banner1', 'banner2', 'banner3'] as const;
export type ImageSlot = (typeof BANNER_SLOTS)[number] | 'order' | 'success';
export type UiText = 'firstWelcome' | 'secondWelcome' | 'thanks';

export interface ScreenCustomisationContext {
  banners: (string | null)[];
  orderImg: string | null;
  successImg: string | null;
  firstWelcome: string;
  secondWelcome: string;
  thanks: string;
  defaults: DefaultImages;
  /** The slot uploading and its file. */
  uploadSlot: ImageSlot | null;
  file: Blob | null;
  /** Why each slot's last upload failed. */
  slotErrors: Partial<Record<ImageSlot, string>>;
  showErrors: boolean;
  loadError: string | null;
  saveError: string | null;
}

export type ScreenCustomisationEvent =
  | { type: 'BANNER.ADD'; file: Blob }
  | { type: 'SLOT.PICK'; slot: ImageSlot; file: Blob }
  | { type: 'BANNER.CLEAR'; slot: (typeof BANNER_SLOTS)[number] }
  | { type: 'IMAGE.DEFAULT'; slot: 'order' | 'success'; url: string }
  | { type: 'TEXT.CHANGE'; field: UiText; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

export type ScreenCustomisationTag = 'loading' | 'loadFailed' | 'busy' | 'uploading';

const textOk = (value: string) => value.trim().length > 0 && [...value.trim()].length <= UI_TEXT_MAX;

/** The fields wrong now, in form order. */
export function uiProblems(c: ScreenCustomisationContext): ('banners' | 'orderImg' | 'successImg' | UiText)[] {
  const wrong: ('banners' | 'orderImg' | 'successImg' | UiText)[] = [];
  if (!c.banners.some((b) => b !== null)) wrong.push('banners');
  if (!textOk(c.firstWelcome)) wrong.push('firstWelcome');
  if (!textOk(c.secondWelcome)) wrong.push('secondWelcome');
  if (!c.orderImg) wrong.push('orderImg');
  if (!c.successImg) wrong.push('successImg');
  if (!textOk(c.thanks)) wrong.push('thanks');
  return wrong;
}

export const uiBody = (c: ScreenCustomisationContext): UiCustom => ({
  banners: c.banners.filter((b): b is string => b !== null),
  first_welcome: c.firstWelcome.trim(),
  second_welcome: c.secondWelcome.trim(),
  order_img: c.orderImg ?? '',
  success_payment_img: c.successImg ?? '',
  thank_content: c.thanks.trim(),
});

const slotIndex = (slot: ImageSlot) => (BANNER_SLOTS as readonly string[]).indexOf(slot);
export const firstFreeBanner = (c: Pick<ScreenCustomisationContext, 'banners'>) => c.banners.findIndex((b) => b === null);

const fromUi = (ui: UiCustom | null) => ({
  banners: Array.from({ length: UI_BANNERS_MAX }, (_, i) => ui?.banners[i] ?? null),
  orderImg: ui?.order_img ?? null,
  successImg: ui?.success_payment_img ?? null,
  firstWelcome: ui?.first_welcome ?? '',
  secondWelcome: ui?.second_welcome ?? '',
  thanks: ui?.thank_content ?? '',
});

function withSlot(c: ScreenCustomisationContext, slot: ImageSlot, url: string | null) {
  if (slot === 'order') return { orderImg: url };
  if (slot === 'success') return { successImg: url };
  const banners = [...c.banners];
  banners[slotIndex(slot)] = url;
  return { banners };
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
    assignLoaded: assign((_, params: { loaded: UiCustomLoad }) => ({
      ...fromUi(params.loaded.ui),
      defaults: params.loaded.defaults,
      loadError: null,
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCode(params.error) })),
    startUpload: assign(({ context }, params: { slot: ImageSlot; file: Blob }) => {
      const slotErrors = { ...context.slotErrors };
      delete slotErrors[params.slot];
      return { uploadSlot: params.slot, file: params.file, slotErrors, saveError: null };
    }),
    assignUploaded: assign(({ context }, params: { url: string }) => ({
      ...withSlot(context, context.uploadSlot ?? 'order', params.url),
      uploadSlot: null,
      file: null,
    })),
    assignUploadError: assign(({ context }, params: { error: unknown }) => ({
      slotErrors: { ...context.slotErrors, [context.uploadSlot ?? 'order']: errorCode(params.error) },
      uploadSlot: null,
      file: null,
    })),
    clearBanner: assign(({ context }, params: { slot: ImageSlot }) => ({ ...withSlot(context, params.slot, null), saveError: null })),
    assignDefault: assign(({ context }, params: { slot: 'order' | 'success'; url: string }) => ({
      ...withSlot(context, params.slot, params.url),
      saveError: null,
    })),
    assignText: assign((_, params: { field: UiText; value: string }) => ({ [params.field]: params.value, saveError: null })),
    showErrors: assign({ showErrors: true }),
    assignSaved: assign((_, params: { ui: UiCustom }) => ({ ...fromUi(params.ui), saveError: null })),
    assignSaveError: assign((_, params: { error: unknown }) => ({ saveError: errorCode(params.error) })),
    notifySaved: () => {},
    notifySaveFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    bannerFree: ({ context }) => firstFreeBanner(context) >= 0,
    isDefault: ({ context }, params: { slot: 'order' | 'success'; url: string }) => context.defaults[params.slot].includes(params.url),
    bannerFilled: ({ context }, params: { slot: ImageSlot }) =>
      slotIndex(params.slot) >= 0 && context.banners[slotIndex(params.slot)] !== null,
    canSave: ({ context }) => uiProblems(context).length === 0,
    notUploading: stateIn({ ready: { upload: 'idle' } }),
  },
}).createMachine({
  id: 'screenCustomisation',
  context: {
    ...fromUi(null),
    defaults: { order: [], success: [] },
    uploadSlot: null,
    file: null,
    slotErrors: {},
    showErrors: false,
    loadError: null,
    saveError: null,
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
                'TEXT.CHANGE': { actions: { type: 'assignText', params: ({ event }) => ({ field: event.field, value: event.value }) } },
                SUBMIT: [
                  { guard: 'notUploading', actions: 'showErrors', target: 'checking' },
                  { description: 'An upload is under way: Save waits for it (the button says so).' },
                ],
              },
            },
            checking: {
              always: [
                { guard: 'canSave', target: 'saving' },
                { target: 'editing', description: 'Something missing or too long: the fields say what; nothing is sent.' },
              ],
            },
            saving: {
              tags: ['busy'],
              description: 'POST /ui_custom/create_update.',
              invoke: {
                id: 'saveUiCustom',
                src: 'saveUiCustom',
                input: ({ context }) => uiBody(context),
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
                      params: ({ context, event }) => ({ slot: BANNER_SLOTS[firstFreeBanner(context)]!, file: event.file }),
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
export const selectBannersFull = (s: Snapshot) => firstFreeBanner(s.context) < 0;
export const selectUiProblems = (s: Snapshot) => (s.context.showErrors ? uiProblems(s.context) : []);
