import { assign, fromPromise, setup } from 'xstate';
import type { MerchantInfo, WidgetType } from '../../services/checkout/link/schemas';
import type { CheckedImageFile, ImageCheckProblem } from '../../services/shared/images';
import { errorCode, notProvided } from '../../rules/serviceError';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';
import {
  BLANK_DRAFT,
  clampRadius,
  COLOUR_FIELDS,
  draftOf,
  hasDraftErrors,
  LOGO_MAX_BYTES,
  merchantSave,
  NO_LOGO_CHANGE,
  offered,
  refusalsOf,
  URL_FIELDS,
  validateDraft,
  widgetSave,
  type FieldProblem,
  type FieldRefusal,
  type LogoDraft,
  type MerchantSave,
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
 * The draft is the shared form's values (../shared/form/form.ts, D283): every value the merchant sets,
 * typed or chosen (a URL, a colour, the logo's size, a method's switch as the new `methods`), is one
 * FIELD.CHANGE. The save failure stays this machine's own (`saveFailure`: the step that failed and
 * each field the service refused, in its words); ADVANCED.TOGGLE opens a panel and is not a value.
 */

/** The typed fields in screen order and the form's own checks (widgetSettings.rules). */
export const widgetFormKit = defineForm<WidgetDraft, keyof WidgetDraft, FieldProblem>({
  fields: [...URL_FIELDS, ...COLOUR_FIELDS, 'button_text'],
  validate: validateDraft,
});

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
  /** The draft (its values: `BLANK_DRAFT` until `info` is loaded); Save pressed with something wrong (`showErrors`). */
  form: FormState<WidgetDraft>;
  logo: LogoDraft;
  logoRefusal: LogoRefusal | null;
  /** Button text and corner radius show only when this is on (D154). */
  advanced: boolean;
  /** The method the preview shows the panel of (the payer's choice, played by the merchant). */
  previewMethod: WidgetType | null;
  saveFailure: SaveFailure | null;
  loadError: string | null;
}

export type WidgetSettingsEvent =
  | FormFieldEvent<WidgetDraft>
  | { type: 'ADVANCED.TOGGLE' }
  | { type: 'PREVIEW.SELECT'; method: WidgetType }
  | { type: 'LOGO.PICK'; file: Blob }
  | { type: 'LOGO.REMOVE' }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

/** Fields the service may refuse by name: typing one again forgets its refusal. */
const REFUSABLE: ReadonlySet<string> = new Set<string>([...URL_FIELDS, ...COLOUR_FIELDS, 'button_text']);

/** A changed field's value as the form keeps it (the corner radius within its bounds). */
const kept = (field: keyof WidgetDraft, value: unknown): unknown => (field === 'border_radius' ? clampRadius(Number(value)) : value);

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
    assignLoaded: assign(({ context }, params: { info: MerchantInfo }) => ({
      info: params.info,
      form: widgetFormKit.load(context.form, draftOf(params.info)),
      logo: NO_LOGO_CHANGE,
      loadError: null,
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCode(params.error) })),
    // A typed field (URL, colour, button text) also forgets the service's refusal of it; a choice does not.
    changeField: assign(({ context }, params: { field: keyof WidgetDraft; value: unknown }) => ({
      form: widgetFormKit.change(context.form, params.field, kept(params.field, params.value) as never),
      saveFailure: REFUSABLE.has(params.field) ? withoutRefusal(context.saveFailure, params.field) : context.saveFailure,
    })),
    toggleAdvanced: assign(({ context }) => ({ advanced: !context.advanced })),
    selectPreview: assign((_, params: { method: WidgetType }) => ({ previewMethod: params.method })),
    startLogo: assign({ logoRefusal: null }),
    assignLogo: assign(({ context }, params: { checked: CheckedImageFile }) => ({
      logo: { file: params.checked.file, remove: false },
      saveFailure: withoutRefusal(context.saveFailure, 'logo'),
    })),
    assignLogoRefusal: assign((_, params: { refusal: LogoRefusal }) => ({ logoRefusal: params.refusal })),
    removeLogo: assign({ logo: { file: null, remove: true }, logoRefusal: null }),
    // No focus move on a refused save (as before the toolkit): the screen passes no refs.
    revealErrors: assign(({ context }) => ({ form: widgetFormKit.refuse(context.form) })),
    clearSaveFailure: assign({ saveFailure: null }),
    /** The merchant part is saved: its answer is the record now; the draft stays for the widget call. */
    assignMerchantSaved: assign((_, params: { info: MerchantInfo }) => ({ info: params.info })),
    assignSaved: assign(({ context }, params: { info: MerchantInfo }) => ({
      info: params.info,
      form: { ...widgetFormKit.load(context.form, draftOf(params.info)), showErrors: false },
      logo: NO_LOGO_CHANGE,
    })),
    assignSaveFailure: assign((_, params: { failure: SaveFailure }) => ({ saveFailure: params.failure })),
    // Provided by the app (toasts, doc 2 §8 "Widget save").
    notifySaved: () => {},
    notifySaveFailed: (_, _params: { failure: SaveFailure }) => {},
  },
  guards: {
    draftValid: ({ context }) => context.info !== null && !hasDraftErrors(validateDraft(context.form.values)),
    // A method the bank does not offer this merchant cannot be switched (the only change allowed to `methods`).
    methodsOffered: ({ context }, params: { field: keyof WidgetDraft; value: unknown }) => {
      if (params.field !== 'methods') return true;
      const methods = params.value as Record<WidgetType, boolean>;
      const changed = (Object.keys(methods) as WidgetType[]).filter((type) => methods[type] !== context.form.values.methods[type]);
      return context.info !== null && changed.every((type) => offered(context.info!, type));
    },
    logoAccepted: (_, params: { checked: CheckedImageFile }) => params.checked.problem === null,
  },
}).createMachine({
  id: 'widgetSettings',
  context: ({ input }) => ({
    merchantId: input.merchantId,
    info: null,
    form: widgetFormKit.initial(BLANK_DRAFT),
    logo: NO_LOGO_CHANGE,
    logoRefusal: null,
    advanced: false,
    previewMethod: null,
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
            'FIELD.CHANGE': {
              guard: { type: 'methodsOffered', params: ({ event }) => ({ field: event.field, value: event.value }) },
              description: 'A method the bank does not offer this merchant cannot be turned on.',
              actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) },
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
            input: ({ context }) => merchantSave(context.info!, context.form.values),
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
            input: ({ context }) => widgetSave(context.info!, context.form.values, context.logo),
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
