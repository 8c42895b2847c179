import { assign, fromPromise, setup } from 'xstate';
import { isHttpsLink, PAYMENT_CODE, WALLET_KEY, type PaymentSetup, type PaymentSetupBody } from '../../services/settings/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';
import { saveFailedActions } from './saveFlow';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * /e-order and the payment setting tab of /sale-setting (doc 2 §2 "E-Order payment setup", §3
 * Payment-method config, §5 "three links required", §7 /payment-config, /payment-method, §8). The
 * success, cancel and checkout/result links (https), the e-wallet section (URL, access key, secret key,
 * partner code) and the QR section (point-of-sale channel id), each with its switch.
 *
 * Keys: a saved key is never fetched in full (the service answers its mask), so the field starts
 * empty with the mask beside it; the "show" switch reveals only what was typed in this visit; an empty
 * field on save keeps the stored key (D162). After a save the form reads the setup again (new masks,
 * typed keys cleared). Failures keep everything typed and say why (doc 2 §8 only logs them: D163).
 *
 * The form is the shared one (../shared/form/form.ts, D283): every field, the two method switches
 * included (`ewalletOn`, `qrOn`: one boolean field per method), is a value of `context.form` changed
 * by FIELD.CHANGE. A key's rule reads its stored mask (an empty key keeps the stored one), so the
 * form's definition is picked by the masks (`setupFormKit`). The fields the service refused are the
 * form's `saveFieldErrors`, each until it changes.
 */

export type LinkField = 'redirectUrl' | 'cancelUrl' | 'ipnUrl';
export type EwalletField = 'url' | 'accessKey' | 'secretKey' | 'partnerCode';
export type SetupField = LinkField | `ewallet.${EwalletField}` | 'qr.channelId';

/** The form's values: the texts by their field name, and a switch per method. */
export type SetupValues = Record<SetupField, string> & { ewalletOn: boolean; qrOn: boolean };
export type SetupValueField = keyof SetupValues & string;

/** The stored keys' masks ('' when none is stored). */
export interface KeyMasks {
  accessKeyMask: string;
  secretKeyMask: string;
}

export interface EPaymentSetupContext extends KeyMasks {
  /** Every field; Save pressed (`showErrors`); the last failure (`saveError`) and the fields refused (`saveFieldErrors`). */
  form: FormState<SetupValues>;
  reveal: { accessKey: boolean; secretKey: boolean };
  ids: { ewallet: number; qr: number };
  loadError: string | null;
}

export type EPaymentSetupEvent =
  FormFieldEvent<SetupValues> | { type: 'KEY.REVEAL'; key: 'accessKey' | 'secretKey' } | { type: 'SUBMIT' } | { type: 'RETRY' };

export type EPaymentSetupTag = 'loading' | 'loadFailed' | 'busy';

/** The fields wrong in these values (in form order), a key judged with its stored mask. */
function problemsOf(v: SetupValues, masks: KeyMasks): SetupField[] {
  const wrong: SetupField[] = [];
  for (const f of ['redirectUrl', 'cancelUrl', 'ipnUrl'] as const) if (!isHttpsLink(v[f].trim())) wrong.push(f);
  if (v.ewalletOn) {
    if (!isHttpsLink(v['ewallet.url'].trim())) wrong.push('ewallet.url');
    const accessKey = v['ewallet.accessKey'];
    const secretKey = v['ewallet.secretKey'];
    if (accessKey ? !WALLET_KEY.test(accessKey) : !masks.accessKeyMask) wrong.push('ewallet.accessKey');
    if (secretKey ? !WALLET_KEY.test(secretKey) : !masks.secretKeyMask) wrong.push('ewallet.secretKey');
    if (!PAYMENT_CODE.test(v['ewallet.partnerCode'].trim())) wrong.push('ewallet.partnerCode');
  }
  if (v.qrOn && !PAYMENT_CODE.test(v['qr.channelId'].trim())) wrong.push('qr.channelId');
  return wrong;
}

/** Which fields are wrong now (in form order); what the screen marks after a Save. */
export const setupProblems = (c: Pick<EPaymentSetupContext, 'form' | 'accessKeyMask' | 'secretKeyMask'>) => problemsOf(c.form.values, c);

/** The form's fields in screen order. */
const SETUP_FIELDS: readonly SetupValueField[] = [
  'redirectUrl',
  'cancelUrl',
  'ipnUrl',
  'ewalletOn',
  'ewallet.url',
  'ewallet.accessKey',
  'ewallet.secretKey',
  'ewallet.partnerCode',
  'qrOn',
  'qr.channelId',
];

/** The form's definition for these stored keys (a key left empty is fine only when one is stored). */
export const setupFormKit = (masks: KeyMasks) =>
  defineForm<SetupValues, SetupValueField, 'invalid'>({
    fields: SETUP_FIELDS,
    validate: (values) => Object.fromEntries(problemsOf(values, masks).map((field) => [field, 'invalid'])),
  });

/** Change, refuse and fail do not depend on the masks: one definition for them. */
const kit = setupFormKit({ accessKeyMask: '', secretKeyMask: '' });

/** POST /payment-method: only the methods switched on are listed; an empty key keeps the stored one. */
export function setupBody(c: Pick<EPaymentSetupContext, 'form' | 'ids'>): PaymentSetupBody {
  const v = c.form.values;
  return {
    redirect_url: v.redirectUrl.trim(),
    cancel_url: v.cancelUrl.trim(),
    ipn_url: v.ipnUrl.trim(),
    data: [
      ...(v.ewalletOn
        ? [
            {
              id: c.ids.ewallet,
              data: {
                url: v['ewallet.url'].trim(),
                access_key: v['ewallet.accessKey'],
                secret_key: v['ewallet.secretKey'],
                partner_code: v['ewallet.partnerCode'].trim(),
              },
            },
          ]
        : []),
      ...(v.qrOn ? [{ id: c.ids.qr, data: { channel_id: v['qr.channelId'].trim() } }] : []),
    ],
  };
}

/** The service's field names (CONTRACT14 §D) → the form's. */
const SERVER_FIELDS: Record<string, SetupField> = {
  redirect_url: 'redirectUrl',
  cancel_url: 'cancelUrl',
  ipn_url: 'ipnUrl',
  'ewallet.url': 'ewallet.url',
  'ewallet.access_key': 'ewallet.accessKey',
  'ewallet.secret_key': 'ewallet.secretKey',
  'ewallet.partner_code': 'ewallet.partnerCode',
  'qr.channel_id': 'qr.channelId',
};

export function refusedFields(error: unknown): SetupField[] {
  const data = (error as { data?: { errors?: unknown } } | null)?.data;
  const errors = Array.isArray(data?.errors) ? (data.errors as { field?: unknown }[]) : [];
  return errors.map((e) => SERVER_FIELDS[String(e.field)]).filter((f): f is SetupField => f !== undefined);
}

const valuesOf = (s: PaymentSetup | null): SetupValues => ({
  redirectUrl: s?.redirectUrl ?? '',
  cancelUrl: s?.cancelUrl ?? '',
  ipnUrl: s?.ipnUrl ?? '',
  ewalletOn: s?.ewallet.active ?? false,
  'ewallet.url': s?.ewallet.url ?? '',
  'ewallet.accessKey': '',
  'ewallet.secretKey': '',
  'ewallet.partnerCode': s?.ewallet.partnerCode ?? '',
  qrOn: s?.qr.active ?? false,
  'qr.channelId': s?.qr.channelId ?? '',
});

/** The setup read: the form starts over from it (the refused fields forgotten, typed keys gone). */
const fromSetup = (form: FormState<SetupValues>, s: PaymentSetup) => ({
  form: kit.load(form, valuesOf(s)),
  accessKeyMask: s.ewallet.accessKeyMask,
  secretKeyMask: s.ewallet.secretKeyMask,
  reveal: { accessKey: false, secretKey: false },
  ids: { ewallet: s.ewallet.id, qr: s.qr.id },
});

const isMethod = (field: SetupValueField) => field === 'ewalletOn' || field === 'qrOn';

export const ePaymentSetupMachine = setup({
  types: {
    context: {} as EPaymentSetupContext,
    events: {} as EPaymentSetupEvent,
    tags: {} as EPaymentSetupTag,
  },
  actors: {
    loadPaymentSetup: fromPromise<PaymentSetup, void>(async () => {
      throw notProvided('loadPaymentSetup');
    }),
    savePaymentSetup: fromPromise<void, PaymentSetupBody>(async () => {
      throw notProvided('savePaymentSetup');
    }),
  },
  actions: {
    assignSetup: assign(({ context }, params: { setup: PaymentSetup }) => ({ ...fromSetup(context.form, params.setup), loadError: null })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCode(params.error) })),
    // A typed field clears the last failure and its own refusal.
    changeField: assign(({ context }, params: { field: SetupField; value: string }) => ({
      form: kit.change(context.form, params.field, params.value),
    })),
    // A method switched on or off only shows or hides its fields: the last failure stays said.
    changeMethod: assign(({ context }, params: { field: 'ewalletOn' | 'qrOn'; on: boolean }) => ({
      form: { ...context.form, values: { ...context.form.values, [params.field]: params.on } },
    })),
    toggleReveal: assign(({ context }, params: { key: 'accessKey' | 'secretKey' }) => ({
      reveal: { ...context.reveal, [params.key]: !context.reveal[params.key] },
    })),
    refuse: assign(({ context }) => ({ form: kit.refuse(context.form) })),
    // The code in the alert, and each field the service refused marked until it changes.
    assignSaveError: assign(({ context }, params: { error: unknown }) => {
      const code = errorCode(params.error);
      const refused = Object.fromEntries(refusedFields(params.error).map((field) => [field, code]));
      return { form: { ...kit.failed(context.form, params.error), saveFieldErrors: refused } };
    }),
    // Provided by the app: "Updated payment method success" (doc 2 §8), and the failure toast.
    notifySaved: () => {},
    notifySaveFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    formValid: ({ context }) => setupFormKit(context).valid(context.form.values),
    methodField: (_, params: { field: SetupValueField }) => isMethod(params.field),
  },
}).createMachine({
  id: 'ePaymentSetup',
  context: {
    form: kit.initial(valuesOf(null)),
    accessKeyMask: '',
    secretKeyMask: '',
    reveal: { accessKey: false, secretKey: false },
    ids: { ewallet: 1, qr: 2 },
    loadError: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description: 'GET /payment-config and GET /payment-method (the keys come masked).',
      invoke: {
        id: 'loadPaymentSetup',
        src: 'loadPaymentSetup',
        onDone: { target: 'editing', actions: { type: 'assignSetup', params: ({ event }) => ({ setup: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { tags: ['loadFailed'], description: 'Why the setup could not be read, with a retry.', on: { RETRY: 'loading' } },
    editing: {
      on: {
        'FIELD.CHANGE': [
          {
            guard: { type: 'methodField', params: ({ event }) => ({ field: event.field }) },
            actions: {
              type: 'changeMethod',
              params: ({ event }) => ({ field: event.field as 'ewalletOn' | 'qrOn', on: event.value === true }),
            },
          },
          { actions: { type: 'changeField', params: ({ event }) => ({ field: event.field as SetupField, value: String(event.value) }) } },
        ],
        'KEY.REVEAL': {
          actions: { type: 'toggleReveal', params: ({ event }) => ({ key: event.key }) },
          description: 'Shows or hides what was typed in this visit; a stored key is never fetched.',
        },
        SUBMIT: [
          { guard: 'formValid', target: 'saving' },
          {
            actions: 'refuse',
            description: 'A link missing or not https, or a switched-on method incomplete: the fields say what; nothing is sent.',
          },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      description: 'POST /payment-method; the form is disabled.',
      invoke: {
        id: 'savePaymentSetup',
        src: 'savePaymentSetup',
        input: ({ context }) => setupBody(context),
        onDone: { target: 'reloading', actions: 'notifySaved' },
        onError: {
          target: 'editing',
          actions: saveFailedActions,
        },
      },
    },
    reloading: {
      tags: ['busy'],
      description: 'Saved: the setup read again, so the keys show their new masks and the typed ones are gone.',
      invoke: {
        id: 'reloadPaymentSetup',
        src: 'loadPaymentSetup',
        onDone: { target: 'editing', actions: { type: 'assignSetup', params: ({ event }) => ({ setup: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

type Snapshot = { context: EPaymentSetupContext; hasTag(tag: EPaymentSetupTag): boolean };

export const selectSetup = (s: Snapshot) => s.context;
export const selectSetupLoading = (s: Snapshot) => s.hasTag('loading');
export const selectSetupLoadFailed = (s: Snapshot) => s.hasTag('loadFailed');
export const selectSetupBusy = (s: Snapshot) => s.hasTag('busy');
/** The fields to mark: what is wrong after a Save was tried, and what the service refused. */
export const selectSetupProblems = (s: Snapshot): SetupField[] => [
  ...new Set([
    ...(s.context.form.showErrors ? setupProblems(s.context) : []),
    ...(Object.keys(s.context.form.saveFieldErrors) as SetupField[]),
  ]),
];
