import { assign, fromPromise, setup } from 'xstate';
import { isHttpsLink, PAYMENT_CODE, WALLET_KEY, type PaymentSetup, type PaymentSetupBody } from '../../services/settings/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';
import { saveFailedActions } from './saveFlow';

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
 */

export type LinkField = 'redirectUrl' | 'cancelUrl' | 'ipnUrl';
export type EwalletField = 'url' | 'accessKey' | 'secretKey' | 'partnerCode';
export type SetupField = LinkField | `ewallet.${EwalletField}` | 'qr.channelId';

export interface EPaymentSetupContext {
  redirectUrl: string;
  cancelUrl: string;
  ipnUrl: string;
  ewalletOn: boolean;
  ewallet: Record<EwalletField, string>;
  /** The stored keys' masks ('' when none is stored). */
  accessKeyMask: string;
  secretKeyMask: string;
  reveal: { accessKey: boolean; secretKey: boolean };
  qrOn: boolean;
  channelId: string;
  ids: { ewallet: number; qr: number };
  showErrors: boolean;
  /** Fields the service refused (VALIDATION_ERROR), until they change. */
  refused: SetupField[];
  loadError: string | null;
  saveError: string | null;
}

export type EPaymentSetupEvent =
  | { type: 'FIELD.CHANGE'; field: SetupField; value: string }
  | { type: 'METHOD.TOGGLE'; method: 'ewallet' | 'qr'; on: boolean }
  | { type: 'KEY.REVEAL'; key: 'accessKey' | 'secretKey' }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

export type EPaymentSetupTag = 'loading' | 'loadFailed' | 'busy';

/** Which fields are wrong now (in form order); what the screen marks after a Save. */
export function setupProblems(c: EPaymentSetupContext): SetupField[] {
  const wrong: SetupField[] = [];
  for (const f of ['redirectUrl', 'cancelUrl', 'ipnUrl'] as const) if (!isHttpsLink(c[f].trim())) wrong.push(f);
  if (c.ewalletOn) {
    if (!isHttpsLink(c.ewallet.url.trim())) wrong.push('ewallet.url');
    if (c.ewallet.accessKey ? !WALLET_KEY.test(c.ewallet.accessKey) : !c.accessKeyMask) wrong.push('ewallet.accessKey');
    if (c.ewallet.secretKey ? !WALLET_KEY.test(c.ewallet.secretKey) : !c.secretKeyMask) wrong.push('ewallet.secretKey');
    if (!PAYMENT_CODE.test(c.ewallet.partnerCode.trim())) wrong.push('ewallet.partnerCode');
  }
  if (c.qrOn && !PAYMENT_CODE.test(c.channelId.trim())) wrong.push('qr.channelId');
  return wrong;
}

/** POST /payment-method: only the methods switched on are listed; an empty key keeps the stored one. */
export function setupBody(c: EPaymentSetupContext): PaymentSetupBody {
  return {
    redirect_url: c.redirectUrl.trim(),
    cancel_url: c.cancelUrl.trim(),
    ipn_url: c.ipnUrl.trim(),
    data: [
      ...(c.ewalletOn
        ? [
            {
              id: c.ids.ewallet,
              data: {
                url: c.ewallet.url.trim(),
                access_key: c.ewallet.accessKey,
                secret_key: c.ewallet.secretKey,
                partner_code: c.ewallet.partnerCode.trim(),
              },
            },
          ]
        : []),
      ...(c.qrOn ? [{ id: c.ids.qr, data: { channel_id: c.channelId.trim() } }] : []),
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

const fromSetup = (s: PaymentSetup) => ({
  redirectUrl: s.redirectUrl,
  cancelUrl: s.cancelUrl,
  ipnUrl: s.ipnUrl,
  ewalletOn: s.ewallet.active,
  ewallet: { url: s.ewallet.url, accessKey: '', secretKey: '', partnerCode: s.ewallet.partnerCode },
  accessKeyMask: s.ewallet.accessKeyMask,
  secretKeyMask: s.ewallet.secretKeyMask,
  reveal: { accessKey: false, secretKey: false },
  qrOn: s.qr.active,
  channelId: s.qr.channelId,
  ids: { ewallet: s.ewallet.id, qr: s.qr.id },
  refused: [],
});

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
    assignSetup: assign((_, params: { setup: PaymentSetup }) => ({ ...fromSetup(params.setup), loadError: null })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCode(params.error) })),
    assignField: assign(({ context }, params: { field: SetupField; value: string }) => {
      const refused = context.refused.filter((f) => f !== params.field);
      if (params.field.startsWith('ewallet.')) {
        const key = params.field.slice('ewallet.'.length) as EwalletField;
        return { ewallet: { ...context.ewallet, [key]: params.value }, refused, saveError: null };
      }
      if (params.field === 'qr.channelId') return { channelId: params.value, refused, saveError: null };
      return { [params.field]: params.value, refused, saveError: null };
    }),
    assignMethod: assign((_, params: { method: 'ewallet' | 'qr'; on: boolean }) =>
      params.method === 'ewallet' ? { ewalletOn: params.on } : { qrOn: params.on },
    ),
    toggleReveal: assign(({ context }, params: { key: 'accessKey' | 'secretKey' }) => ({
      reveal: { ...context.reveal, [params.key]: !context.reveal[params.key] },
    })),
    showErrors: assign({ showErrors: true }),
    assignSaveError: assign((_, params: { error: unknown }) => ({
      saveError: errorCode(params.error),
      refused: refusedFields(params.error),
    })),
    // Provided by the app: "Updated payment method success" (doc 2 §8), and the failure toast.
    notifySaved: () => {},
    notifySaveFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    formValid: ({ context }) => setupProblems(context).length === 0,
  },
}).createMachine({
  id: 'ePaymentSetup',
  context: {
    redirectUrl: '',
    cancelUrl: '',
    ipnUrl: '',
    ewalletOn: false,
    ewallet: { url: '', accessKey: '', secretKey: '', partnerCode: '' },
    accessKeyMask: '',
    secretKeyMask: '',
    reveal: { accessKey: false, secretKey: false },
    qrOn: false,
    channelId: '',
    ids: { ewallet: 1, qr: 2 },
    showErrors: false,
    refused: [],
    loadError: null,
    saveError: null,
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
        'FIELD.CHANGE': { actions: { type: 'assignField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'METHOD.TOGGLE': { actions: { type: 'assignMethod', params: ({ event }) => ({ method: event.method, on: event.on }) } },
        'KEY.REVEAL': {
          actions: { type: 'toggleReveal', params: ({ event }) => ({ key: event.key }) },
          description: 'Shows or hides what was typed in this visit; a stored key is never fetched.',
        },
        SUBMIT: [
          { guard: 'formValid', target: 'saving' },
          {
            actions: 'showErrors',
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
  ...new Set([...(s.context.showErrors ? setupProblems(s.context) : []), ...s.context.refused]),
];
