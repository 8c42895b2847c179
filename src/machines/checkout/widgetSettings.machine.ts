import { assign, fromPromise, setup } from 'xstate';
import type { MerchantInfo, WidgetType } from '../../services/checkout/link/schemas';
import type { CheckedImageFile, ImageCheckProblem } from '../../services/shared/images';
import { errorCode, notProvided } from '../../rules/serviceError';
import {
  clampRadius,
  draftOf,
  hasDraftErrors,
  LOGO_MAX_BYTES,
  merchantSave,
  NO_LOGO_CHANGE,
  offered,
  refusalsOf,
  validateDraft,
  widgetSave,
  type ColourField,
  type FieldRefusal,
  type LogoDraft,
  type LogoHeight,
  type LogoPosition,
  type MerchantSave,
  type UrlField,
  type WidgetDraft,
  type WidgetSave,
} from './widgetSettings.rules';

/**
 * /e-com, the checkout widget setup (doc 2 §2, §3 Merchant/widget info, §5 widget form and logo upload,
 * §7 checkout service, §8 "Widget save", §9 widget defaults). Loads the merchant's checkout record
 * (created with the defaults when it has none), then a draft the merchant edits: the return, cancel and
 * notification URLs (required, https), the colours, the logo (checked by content: PNG or JPEG, at most
 * 102,400 bytes; a refusal keeps the logo there was), its size and position, the button's colour,
 * border, corner radius and text, and the methods offered. The live preview renders the draft as it is
 * typed. Save writes the merchant (PUT /merchants) then the widget (PUT /widgets); a refusal keeps
 * everything typed and puts each field's error on its input.
 */

export type SaveStep = 'merchant' | 'widget';

export interface SaveFailure {
  code: string;
  step: SaveStep;
  refusals: FieldRefusal[];
}

export interface LogoRefusal {
  problem: ImageCheckProblem | 'read';
  name: string;
}

export interface WidgetSettingsContext {
  /** The id GET /merchants/{id} is asked with: the profile's ref_id or merchant id (doc 2 §6, D152). */
  merchantId: string;
  info: MerchantInfo | null;
  draft: WidgetDraft | null;
  logo: LogoDraft;
  logoRefusal: LogoRefusal | null;
  /** Button text and corner radius show only when this is on (D154). */
  advanced: boolean;
  /** The method the preview shows the panel of (the payer's choice, played by the merchant). */
  previewMethod: WidgetType | null;
  showErrors: boolean;
  saveFailure: SaveFailure | null;
  loadError: string | null;
}

export type WidgetSettingsEvent =
  | { type: 'URL.CHANGE'; field: UrlField; value: string }
  | { type: 'COLOUR.CHANGE'; field: ColourField; value: string }
  | { type: 'BUTTON_TEXT.CHANGE'; value: string }
  | { type: 'LOGO_HEIGHT.SET'; height: LogoHeight }
  | { type: 'LOGO_POSITION.SET'; position: LogoPosition }
  | { type: 'BUTTON_BORDER.SET'; value: boolean }
  | { type: 'BORDER_RADIUS.SET'; value: number }
  | { type: 'METHOD.SET'; method: WidgetType; active: boolean }
  | { type: 'ADVANCED.TOGGLE' }
  | { type: 'PREVIEW.SELECT'; method: WidgetType }
  | { type: 'LOGO.PICK'; file: Blob }
  | { type: 'LOGO.REMOVE' }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

const edit = (context: WidgetSettingsContext, patch: Partial<WidgetDraft>): Partial<WidgetSettingsContext> =>
  context.draft ? { draft: { ...context.draft, ...patch } } : {};

/** A field typed again loses the service's refusal of it (the merchant is answering it). */
const withoutRefusal = (failure: SaveFailure | null, field: string): SaveFailure | null =>
  failure ? { ...failure, refusals: failure.refusals.filter((refusal) => refusal.field !== field) } : null;

export const widgetSettingsMachine = setup({
  types: {
    context: {} as WidgetSettingsContext,
    events: {} as WidgetSettingsEvent,
    input: {} as { merchantId: string },
    tags: {} as 'loading' | 'failed' | 'form' | 'busy' | 'checkingLogo',
  },
  actors: {
    loadMerchantInfo: fromPromise<MerchantInfo, { merchantId: string }>(async () => {
      throw notProvided('loadMerchantInfo');
    }),
    checkLogo: fromPromise<CheckedImageFile, { file: Blob; maxBytes: number }>(async () => {
      throw notProvided('checkLogo');
    }),
    saveMerchant: fromPromise<MerchantInfo, MerchantSave>(async () => {
      throw notProvided('saveMerchant');
    }),
    saveWidget: fromPromise<MerchantInfo, WidgetSave>(async () => {
      throw notProvided('saveWidget');
    }),
  },
  actions: {
    assignLoaded: assign((_, params: { info: MerchantInfo }) => ({
      info: params.info,
      draft: draftOf(params.info),
      logo: NO_LOGO_CHANGE,
      loadError: null,
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCode(params.error) })),
    setUrl: assign(({ context }, params: { field: UrlField; value: string }) => ({
      ...edit(context, { [params.field]: params.value }),
      saveFailure: withoutRefusal(context.saveFailure, params.field),
    })),
    setColour: assign(({ context }, params: { field: ColourField; value: string }) => ({
      ...edit(context, { [params.field]: params.value }),
      saveFailure: withoutRefusal(context.saveFailure, params.field),
    })),
    setButtonText: assign(({ context }, params: { value: string }) => ({
      ...edit(context, { button_text: params.value }),
      saveFailure: withoutRefusal(context.saveFailure, 'button_text'),
    })),
    setLogoHeight: assign(({ context }, params: { height: LogoHeight }) => edit(context, { logo_height: params.height })),
    setLogoPosition: assign(({ context }, params: { position: LogoPosition }) => edit(context, { logo_position: params.position })),
    setButtonBorder: assign(({ context }, params: { value: boolean }) => edit(context, { button_border: params.value })),
    setBorderRadius: assign(({ context }, params: { value: number }) => edit(context, { border_radius: clampRadius(params.value) })),
    setMethod: assign(({ context }, params: { method: WidgetType; active: boolean }) =>
      context.draft ? edit(context, { methods: { ...context.draft.methods, [params.method]: params.active } }) : {},
    ),
    toggleAdvanced: assign(({ context }) => ({ advanced: !context.advanced })),
    selectPreview: assign((_, params: { method: WidgetType }) => ({ previewMethod: params.method })),
    startLogo: assign({ logoRefusal: null }),
    assignLogo: assign(({ context }, params: { checked: CheckedImageFile }) => ({
      logo: { file: params.checked.file, remove: false },
      saveFailure: withoutRefusal(context.saveFailure, 'logo'),
    })),
    assignLogoRefusal: assign((_, params: { refusal: LogoRefusal }) => ({ logoRefusal: params.refusal })),
    removeLogo: assign({ logo: { file: null, remove: true }, logoRefusal: null }),
    revealErrors: assign({ showErrors: true }),
    clearSaveFailure: assign({ saveFailure: null }),
    /** The merchant part is saved: its answer is the record now; the draft stays for the widget call. */
    assignMerchantSaved: assign((_, params: { info: MerchantInfo }) => ({ info: params.info })),
    assignSaved: assign((_, params: { info: MerchantInfo }) => ({
      info: params.info,
      draft: draftOf(params.info),
      logo: NO_LOGO_CHANGE,
      showErrors: false,
    })),
    assignSaveFailure: assign((_, params: { failure: SaveFailure }) => ({ saveFailure: params.failure })),
    // Provided by the app (toasts, doc 2 §8 "Widget save").
    notifySaved: () => {},
    notifySaveFailed: (_, _params: { failure: SaveFailure }) => {},
  },
  guards: {
    draftValid: ({ context }) => context.draft !== null && !hasDraftErrors(validateDraft(context.draft)),
    methodOffered: ({ context }, params: { method: WidgetType }) => context.info !== null && offered(context.info, params.method),
    logoAccepted: (_, params: { checked: CheckedImageFile }) => params.checked.problem === null,
  },
}).createMachine({
  id: 'widgetSettings',
  context: ({ input }) => ({
    merchantId: input.merchantId,
    info: null,
    draft: null,
    logo: NO_LOGO_CHANGE,
    logoRefusal: null,
    advanced: false,
    previewMethod: null,
    showErrors: false,
    saveFailure: null,
    loadError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description: 'GET /merchants/{id}?allow_create=True: the record, created with the defaults of doc 2 §9 when there is none.',
      invoke: {
        id: 'loadMerchantInfo',
        src: 'loadMerchantInfo',
        input: ({ context }) => ({ merchantId: context.merchantId }),
        onDone: { target: 'ready', actions: { type: 'assignLoaded', params: ({ event }) => ({ info: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: ['failed'],
      description: 'get_merchant_info_fail with a retry (doc 2 §8).',
      on: { RETRY: 'loading' },
    },
    ready: {
      initial: 'editing',
      states: {
        editing: {
          tags: ['form'],
          initial: 'idle',
          on: {
            'URL.CHANGE': { actions: { type: 'setUrl', params: ({ event }) => ({ field: event.field, value: event.value }) } },
            'COLOUR.CHANGE': { actions: { type: 'setColour', params: ({ event }) => ({ field: event.field, value: event.value }) } },
            'BUTTON_TEXT.CHANGE': { actions: { type: 'setButtonText', params: ({ event }) => ({ value: event.value }) } },
            'LOGO_HEIGHT.SET': { actions: { type: 'setLogoHeight', params: ({ event }) => ({ height: event.height }) } },
            'LOGO_POSITION.SET': { actions: { type: 'setLogoPosition', params: ({ event }) => ({ position: event.position }) } },
            'BUTTON_BORDER.SET': { actions: { type: 'setButtonBorder', params: ({ event }) => ({ value: event.value }) } },
            'BORDER_RADIUS.SET': { actions: { type: 'setBorderRadius', params: ({ event }) => ({ value: event.value }) } },
            'METHOD.SET': {
              guard: { type: 'methodOffered', params: ({ event }) => ({ method: event.method }) },
              description: 'A method the bank does not offer this merchant cannot be turned on.',
              actions: { type: 'setMethod', params: ({ event }) => ({ method: event.method, active: event.active }) },
            },
            'ADVANCED.TOGGLE': { actions: 'toggleAdvanced' },
            'PREVIEW.SELECT': { actions: { type: 'selectPreview', params: ({ event }) => ({ method: event.method }) } },
            'LOGO.REMOVE': { target: '.idle', actions: 'removeLogo' },
          },
          states: {
            idle: {
              on: {
                'LOGO.PICK': { target: 'checkingLogo', actions: 'startLogo' },
                SUBMIT: [
                  { guard: 'draftValid', target: '#widgetSettings.ready.savingMerchant', actions: 'clearSaveFailure' },
                  { description: 'Each empty or wrong field shows its message on its input; nothing is sent.', actions: 'revealErrors' },
                ],
              },
            },
            checkingLogo: {
              tags: ['checkingLogo'],
              description: 'The picked file is read: PNG or JPEG by its bytes (not its name), at most 102,400 bytes.',
              invoke: {
                id: 'checkLogo',
                src: 'checkLogo',
                input: ({ event }) => ({ file: (event as { file: Blob }).file, maxBytes: LOGO_MAX_BYTES }),
                onDone: [
                  {
                    guard: { type: 'logoAccepted', params: ({ event }) => ({ checked: event.output }) },
                    target: 'idle',
                    actions: { type: 'assignLogo', params: ({ event }) => ({ checked: event.output }) },
                  },
                  {
                    target: 'idle',
                    description: 'Not a PNG or JPEG, or too large: says why; the logo there was stays.',
                    actions: {
                      type: 'assignLogoRefusal',
                      params: ({ event }) => ({ refusal: { problem: event.output.problem ?? 'format', name: event.output.name } }),
                    },
                  },
                ],
                onError: {
                  target: 'idle',
                  description: 'The file could not be read: said so; the logo there was stays.',
                  actions: { type: 'assignLogoRefusal', params: () => ({ refusal: { problem: 'read' as const, name: '' } }) },
                },
              },
              on: { 'LOGO.PICK': { target: 'checkingLogo', reenter: true, actions: 'startLogo' } },
            },
          },
        },
        savingMerchant: {
          tags: ['form', 'busy'],
          description: 'PUT /merchants/{merchant_id}: the three URLs and the ids of the methods turned on.',
          invoke: {
            id: 'saveMerchant',
            src: 'saveMerchant',
            input: ({ context }) => merchantSave(context.info!, context.draft!),
            onDone: { target: 'savingWidget', actions: { type: 'assignMerchantSaved', params: ({ event }) => ({ info: event.output }) } },
            onError: {
              target: 'editing',
              description: 'Refused or failed: everything typed stays; the service’s field errors go on their inputs.',
              actions: [
                {
                  type: 'assignSaveFailure',
                  params: ({ event }) => ({
                    failure: { code: errorCode(event.error), step: 'merchant' as const, refusals: refusalsOf(event.error) },
                  }),
                },
                {
                  type: 'notifySaveFailed',
                  params: ({ event }) => ({
                    failure: { code: errorCode(event.error), step: 'merchant' as const, refusals: refusalsOf(event.error) },
                  }),
                },
              ],
            },
          },
        },
        savingWidget: {
          tags: ['form', 'busy'],
          description: 'PUT /widgets/{id}: the look, the methods and the logo change (a new file, or removal).',
          invoke: {
            id: 'saveWidget',
            src: 'saveWidget',
            input: ({ context }) => widgetSave(context.info!, context.draft!, context.logo),
            onDone: {
              target: 'editing',
              actions: [{ type: 'assignSaved', params: ({ event }) => ({ info: event.output }) }, 'notifySaved'],
            },
            onError: {
              target: 'editing',
              description: 'The URLs are saved, the look is not: the draft (and the picked logo) stay for another try.',
              actions: [
                {
                  type: 'assignSaveFailure',
                  params: ({ event }) => ({
                    failure: { code: errorCode(event.error), step: 'widget' as const, refusals: refusalsOf(event.error) },
                  }),
                },
                {
                  type: 'notifySaveFailed',
                  params: ({ event }) => ({
                    failure: { code: errorCode(event.error), step: 'widget' as const, refusals: refusalsOf(event.error) },
                  }),
                },
              ],
            },
          },
        },
      },
    },
  },
});
