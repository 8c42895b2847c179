import { assign, fromPromise, setup } from 'xstate';
import type { Order } from '../../services/orders/schemas';
import type { Buyer, CompanyInfo, EinvoiceSettings, ExportResult } from '../../services/einvoice';
import { storedCode } from '../../services/orders/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';
import {
  BUYER_FIELDS,
  INDIVIDUAL_BUYER,
  buyerProblem,
  canLookUp,
  fillFromCompany,
  keepTyped,
  toBuyer,
  type BuyerField,
  type BuyerForm,
  type BuyerProblem,
} from './einvoice/buyer';

/**
 * One order's e-invoice (doc 2 §4 "E-invoice per order", §5 buyer, §6, §7, §8): the set-up and the
 * tax authority's approval of the declaration are checked first (not set up: "Please set up the
 * e-invoice to use this feature" with the way to /e-inv-setting; not approved: the warning with OK
 * only), then the buyer (individual "Khách lẻ" by default; a business with the tax-code lookup), then
 * the provider issues the invoice with the order as its key (D178: a repeat answers the invoice made the
 * first time) and the code is saved on the order. The backend's INVOICE_ALREADY_EXPORTED carries the
 * code the order already has: it is shown as exported with that code. An invoice issued whose code
 * could not be saved says so ("try again soon") and saving again reuses the same code (D207).
 * The buyer's fields are the shared form (../shared/form/form.ts, D283): FIELD.CHANGE per field; a
 * field's problem shows once it changed (the machine marks it touched) or after Export was pressed.
 * The kind (BUYER.KIND) stays its own event: it also rewrites the name and starts the fields over.
 */

export interface EinvoiceExportInput {
  order: Order;
}

export interface SavedCode {
  eivCode: string;
}

export interface ExportRequest {
  orderId: number;
  buyer: Buyer;
  settings: EinvoiceSettings;
}

/** The buyer's rules read its kind (a value of the form, set by BUYER.KIND, not by a field). */
export const buyerFormKit = defineForm<BuyerForm, BuyerField, BuyerProblem>({
  fields: BUYER_FIELDS,
  validate: (values) => {
    const found: Partial<Record<BuyerField, BuyerProblem>> = {};
    for (const field of BUYER_FIELDS) {
      const problem = buyerProblem(values, field);
      if (problem !== null) found[field] = problem;
    }
    return found;
  },
  showOnBlur: true,
});

export interface EinvoiceExportContext {
  order: Order;
  settings: EinvoiceSettings | null;
  /**
   * The buyer (D283). `showErrors`: Export was pressed once, problems are shown from then on;
   * `touched`: the fields changed, each showing its problem as it changes.
   */
  form: FormState<BuyerForm, BuyerField>;
  lookupError: string | null;
  error: string | null;
  /** What the provider issued (kept so saving again never issues again). */
  issued: ExportResult | null;
  /** The code the order carries at the end. */
  eivCode: string | null;
  /** The backend said the order already had a code (the one above). */
  alreadyExported: boolean;
}

export type EinvoiceExportEvent =
  | { type: 'BUYER.KIND'; individual: boolean }
  | FormFieldEvent<BuyerForm, BuyerField>
  | { type: 'LOOKUP' }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'CLOSE' };

/**
 * The serial of the invoice this dialog issued, for the code the order now carries (D224): the stored
 * code has no serial, so only the provider's answer names it, and only when the code is that invoice's.
 */
export function issuedSerial(context: Pick<EinvoiceExportContext, 'issued'>, eivCode: string | null): string | null {
  return context.issued !== null && eivCode !== null && context.issued.eivCode === eivCode ? context.issued.serial : null;
}

const businessForm = (form: BuyerForm): BuyerForm => ({
  ...form,
  isIndividual: false,
  name: form.name === INDIVIDUAL_BUYER.name ? '' : form.name,
});
const individualForm = (form: BuyerForm): BuyerForm => ({
  ...form,
  isIndividual: true,
  name: form.name.trim() === '' ? INDIVIDUAL_BUYER.name : form.name,
});

export const einvoiceExportMachine = setup({
  types: {
    context: {} as EinvoiceExportContext,
    events: {} as EinvoiceExportEvent,
    input: {} as EinvoiceExportInput,
    output: {} as { eivCode: string | null },
    tags: {} as
      'checking' | 'form' | 'lookingUp' | 'exporting' | 'saving' | 'busy' | 'notSetUp' | 'pending' | 'checkFailed' | 'notSaved' | 'done',
  },
  actors: {
    loadSettings: fromPromise<EinvoiceSettings | null, void>(async () => {
      throw notProvided('loadSettings');
    }),
    checkDeclaration: fromPromise<{ approved: boolean }, { settings: EinvoiceSettings }>(async () => {
      throw notProvided('checkDeclaration');
    }),
    lookupCompany: fromPromise<CompanyInfo | null, { settings: EinvoiceSettings; taxCode: string }>(async () => {
      throw notProvided('lookupCompany');
    }),
    createInvoice: fromPromise<ExportResult, ExportRequest>(async () => {
      throw notProvided('createInvoice');
    }),
    saveCode: fromPromise<SavedCode, { orderId: number; eivCode: string }>(async () => {
      throw notProvided('saveCode');
    }),
  },
  actions: {
    setSettings: assign((_, params: { settings: EinvoiceSettings | null }) => ({ settings: params.settings })),
    // The other kind's fields start untouched; Export pressed before still shows every problem.
    setKind: assign(({ context }, params: { individual: boolean }) => {
      const values = context.form.values;
      return {
        form: buyerFormKit.load(context.form, params.individual ? individualForm(values) : businessForm(values)),
        lookupError: null,
      };
    }),
    // What a field keeps of what was typed (digits only in the tax code); a changed field shows its problem.
    changeField: assign(({ context }, params: { field: BuyerField; value: string }) => ({
      form: buyerFormKit.blur(buyerFormKit.change(context.form, params.field, keepTyped(params.field, params.value)), params.field),
      lookupError: params.field === 'taxCode' ? null : context.lookupError,
    })),
    refuse: assign(({ context }) => ({ form: buyerFormKit.refuse(context.form) })),
    startExport: assign(({ context }) => ({ form: buyerFormKit.saving(context.form) })),
    fillCompany: assign(({ context }, params: { company: CompanyInfo | null }) =>
      params.company === null
        ? { lookupError: 'EINV_COMPANY_NOT_FOUND' }
        : { form: { ...context.form, values: fillFromCompany(context.form.values, params.company) }, lookupError: null },
    ),
    setLookupError: assign((_, params: { code: string }) => ({ lookupError: params.code })),
    setError: assign((_, params: { code: string }) => ({ error: params.code })),
    clearError: assign({ error: null }),
    setIssued: assign((_, params: { result: ExportResult }) => ({ issued: params.result, error: null })),
    setSaved: assign((_, params: { eivCode: string; already: boolean }) => ({
      eivCode: params.eivCode,
      alreadyExported: params.already,
      error: null,
    })),
    // Provided by the app: the list and the detail show the order exported; the toasts.
    orderExported: (_, _params: { orderId: number; eivCode: string }) => {},
    notifyExported: (_, _params: { eivCode: string; serial: string | null }) => {},
    notifyAlreadyExported: (_, _params: { eivCode: string }) => {},
    notifyFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    active: (_, params: { settings: EinvoiceSettings | null }) => params.settings !== null && params.settings.active,
    approved: (_, params: { approved: boolean }) => params.approved,
    canLookUp: ({ context }) => canLookUp(context.form.values),
    buyerValid: ({ context }) => buyerFormKit.valid(context.form.values),
    alreadyExported: (_, params: { error: unknown }) =>
      errorCode(params.error) === 'INVOICE_ALREADY_EXPORTED' && storedCode(params.error) !== null,
  },
}).createMachine({
  id: 'einvoiceExport',
  context: ({ input }) => ({
    order: input.order,
    settings: null,
    form: buyerFormKit.initial(INDIVIDUAL_BUYER),
    lookupError: null,
    error: null,
    issued: null,
    eivCode: input.order.eiv_code,
    alreadyExported: false,
  }),
  initial: 'checkingSettings',
  output: ({ context }) => ({ eivCode: context.eivCode }),
  on: { CLOSE: { target: '.closed', description: 'Closing at any point stops what runs; a code saved stays saved.' } },
  states: {
    checkingSettings: {
      tags: ['checking', 'busy'],
      description: 'GET /einvoice/setting: export needs an active set-up (doc 2 §6).',
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: [
          {
            guard: { type: 'active', params: ({ event }) => ({ settings: event.output }) },
            target: 'checkingDeclaration',
            actions: { type: 'setSettings', params: ({ event }) => ({ settings: event.output }) },
          },
          { target: 'notSetUp' },
        ],
        onError: { target: 'checkFailed', actions: { type: 'setError', params: ({ event }) => ({ code: errorCode(event.error) }) } },
      },
    },
    checkingDeclaration: {
      tags: ['checking', 'busy'],
      description: "The provider's declaration status from 1 January to today (doc 2 §9): not approved, no export.",
      invoke: {
        id: 'checkDeclaration',
        src: 'checkDeclaration',
        input: ({ context }) => ({ settings: context.settings! }),
        onDone: [
          { guard: { type: 'approved', params: ({ event }) => ({ approved: event.output.approved }) }, target: 'form' },
          { target: 'declarationPending' },
        ],
        onError: { target: 'checkFailed', actions: { type: 'setError', params: ({ event }) => ({ code: errorCode(event.error) }) } },
      },
    },
    checkFailed: {
      tags: ['checkFailed'],
      on: { RETRY: { target: 'checkingSettings', actions: 'clearError' } },
    },
    notSetUp: {
      tags: ['notSetUp'],
      description: '"Please set up the e-invoice to use this feature", with Cancel and the way to /e-inv-setting.',
    },
    declarationPending: {
      tags: ['pending'],
      description: '"Your invoice declaration has not been approved yet, wait for the Tax Authority", OK only.',
    },
    form: {
      tags: ['form'],
      initial: 'editing',
      on: {
        'BUYER.KIND': { actions: { type: 'setKind', params: ({ event }) => ({ individual: event.individual }) } },
        // FIELD.BLUR is not handled: a buyer field shows its problem once changed, not on leaving it.
        'FIELD.CHANGE': { actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
      },
      states: {
        editing: {
          on: {
            LOOKUP: { guard: 'canLookUp', target: 'lookingUp' },
            SUBMIT: [
              { guard: 'buyerValid', target: '#einvoiceExport.exporting', actions: ['startExport', 'clearError'] },
              { actions: 'refuse', description: 'Nothing is sent: every problem shows under its field, nothing typed is lost.' },
            ],
          },
        },
        lookingUp: {
          tags: ['lookingUp'],
          description: "The provider's company lookup by tax code fills company, address, representative, e-mail and phone (doc 2 §5).",
          invoke: {
            id: 'lookupCompany',
            src: 'lookupCompany',
            input: ({ context }) => ({ settings: context.settings!, taxCode: context.form.values.taxCode.trim() }),
            onDone: { target: 'editing', actions: { type: 'fillCompany', params: ({ event }) => ({ company: event.output }) } },
            onError: { target: 'editing', actions: { type: 'setLookupError', params: ({ event }) => ({ code: errorCode(event.error) }) } },
          },
        },
      },
    },
    exporting: {
      tags: ['exporting', 'busy'],
      description:
        'The provider issues the invoice; the order id is its key, so a retry after a lost answer finds the same invoice (D178).',
      invoke: {
        id: 'createInvoice',
        src: 'createInvoice',
        input: ({ context }) => ({ orderId: context.order.order_id, buyer: toBuyer(context.form.values), settings: context.settings! }),
        onDone: { target: 'saving', actions: { type: 'setIssued', params: ({ event }) => ({ result: event.output }) } },
        onError: {
          target: 'form',
          actions: [
            { type: 'setError', params: ({ event }) => ({ code: errorCode(event.error) }) },
            { type: 'notifyFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
          ],
        },
      },
    },
    saving: {
      tags: ['saving', 'busy'],
      description: 'POST /invoice/eiv/{order id}?is_orderid=true with `cqt::lookup::number` (D175).',
      invoke: {
        id: 'saveCode',
        src: 'saveCode',
        input: ({ context }) => ({ orderId: context.order.order_id, eivCode: context.issued!.eivCode }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'setSaved', params: ({ event }) => ({ eivCode: event.output.eivCode, already: false }) },
            { type: 'orderExported', params: ({ context, event }) => ({ orderId: context.order.order_id, eivCode: event.output.eivCode }) },
            {
              type: 'notifyExported',
              params: ({ context, event }) => ({ eivCode: event.output.eivCode, serial: issuedSerial(context, event.output.eivCode) }),
            },
          ],
        },
        onError: [
          {
            guard: { type: 'alreadyExported', params: ({ event }) => ({ error: event.error }) },
            target: 'done',
            description: 'doc 2 §8: "invoice already exported", the order marked exported with the code it has.',
            actions: [
              { type: 'setSaved', params: ({ event }) => ({ eivCode: storedCode(event.error)!, already: true }) },
              {
                type: 'orderExported',
                params: ({ context, event }) => ({ orderId: context.order.order_id, eivCode: storedCode(event.error)! }),
              },
              { type: 'notifyAlreadyExported', params: ({ event }) => ({ eivCode: storedCode(event.error)! }) },
            ],
          },
          { target: 'notSaved', actions: { type: 'setError', params: ({ event }) => ({ code: errorCode(event.error) }) } },
        ],
      },
    },
    notSaved: {
      tags: ['notSaved'],
      description: 'doc 2 §8 "Invoice exported but order not updated": try again soon; saving again sends the same code.',
      on: { RETRY: { target: 'saving', actions: 'clearError' } },
    },
    done: {
      tags: ['done'],
      description: 'The order carries its code; the export button is gone.',
    },
    closed: { type: 'final' },
  },
});
