import { assign, fromPromise, setup } from 'xstate';
import type {
  CounterMethod,
  InvoiceBody,
  InvoiceCreated,
  PickableCustomer,
  CounterProduct,
  CounterCategory,
} from '../../services/invoices/schemas';
import { knownCategory, productsOfCategory } from '../orders';
import { errorCode, notProvided } from '../../rules/serviceError';
import { INVOICE_AMOUNT_MAX, INVOICE_LINES_MAX, INVOICE_NOTE_MAX_LENGTH, parseAmount } from '../../rules/invoices/invoice';
import { newIdempotencyKey, outcomeUnknown } from '../../rules/idempotency';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * /sale-invoice/create (doc 2 §2; CONTRACT13 POST /invoice; D136): a sale recorded at the counter.
 * Products are picked from the service's search (available ones only) with an amount each, a customer
 * optionally (walk-in otherwise), the payment method and a note. The products come as the till's
 * tiles (D354): every available product matching the search in one answer, narrowed by a category tab
 * here; the categories come once, and without them the tabs are only "All". Never twice: one Idempotency-Key per
 * sale attempt, sent with every try of it (a double click is one submit; a lost answer is retried with
 * the same key and the same body, the form locked meanwhile), replaced only after a definite refusal.
 * The payment method and the note are the shared form (../shared/form/form.ts, D283: FIELD.CHANGE);
 * the lines and the customer keep their own events (a line is picked, counted and removed, a customer
 * searched), and the sale's own checks (no line, a wrong amount) stay here beside the note's rule.
 */

export interface InvoiceLine {
  product: CounterProduct;
  /** As typed; parsed when sent. */
  amount: string;
}

/** What is typed or chosen as a value: the payment method and the note. */
export interface InvoiceFormValues {
  method: CounterMethod;
  note: string;
}

export type InvoiceFormField = keyof InvoiceFormValues;

/** The note's length (D283); problems show after Submit only, as before. */
export const invoiceFormKit = defineForm<InvoiceFormValues, InvoiceFormField, 'noteTooLong'>({
  rules: {
    method: () => null,
    note: (note) => ([...note].length > INVOICE_NOTE_MAX_LENGTH ? 'noteTooLong' : null),
  },
});

export interface InvoiceCreateContext {
  lines: InvoiceLine[];
  productQuery: string;
  productResults: CounterProduct[];
  productError: string | null;
  categories: CounterCategory[];
  /** The category tab; null = every category. */
  categoryId: number | null;
  customerQuery: string;
  customerResults: PickableCustomer[];
  customerError: string | null;
  customer: PickableCustomer | null;
  /** The method and note; `form.showErrors`: Submit was pressed with a problem. */
  form: FormState<InvoiceFormValues>;
  key: string;
  /** Why the last attempt failed (its outcome unknown, or refused); the form's own, not the kit's: adding or changing a line clears it. */
  submitError: string | null;
  created: InvoiceCreated | null;
}

export type InvoiceCreateEvent =
  | { type: 'PRODUCT.SEARCH'; value: string }
  | { type: 'PRODUCT.ADD'; product: CounterProduct }
  | { type: 'CATEGORY.SELECT'; categoryId: number | null }
  | { type: 'LINE.AMOUNT'; productId: number; value: string }
  | { type: 'LINE.STEP'; productId: number; by: 1 | -1 }
  | { type: 'LINE.REMOVE'; productId: number }
  | { type: 'CUSTOMER.SEARCH'; value: string }
  | { type: 'CUSTOMER.PICK'; customer: PickableCustomer }
  | { type: 'CUSTOMER.CLEAR' }
  | FormFieldEvent<InvoiceFormValues>
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

/** doc 2 §9: the customer search waits 500 ms; the product search the same. */
export const PICKER_SEARCH_DEBOUNCE_MS = 500;

export type InvoiceFormProblem = 'noLines' | 'amount' | 'noteTooLong';

export function invoiceProblems(c: Pick<InvoiceCreateContext, 'lines' | 'form'>): InvoiceFormProblem[] {
  const out: InvoiceFormProblem[] = [];
  if (c.lines.length === 0) out.push('noLines');
  if (c.lines.some((l) => parseAmount(l.amount) === null)) out.push('amount');
  const note = invoiceFormKit.errors(c.form.values).note;
  if (note !== undefined) out.push(note);
  return out;
}

export function invoiceBody(c: Pick<InvoiceCreateContext, 'lines' | 'customer' | 'form'>): InvoiceBody {
  const note = c.form.values.note.trim();
  return {
    products: c.lines.map((l) => ({ product_id: l.product.product_id, amount: parseAmount(l.amount) ?? 0 })),
    customer_id: c.customer?.customer_id ?? 0,
    payment_method: c.form.values.method,
    ...(note ? { note } : {}),
  };
}

export const invoiceTotal = (lines: readonly InvoiceLine[]) =>
  lines.reduce((sum, l) => sum + l.product.price * (parseAmount(l.amount) ?? 0), 0);

export const invoiceCreateMachine = setup({
  types: {
    context: {} as InvoiceCreateContext,
    events: {} as InvoiceCreateEvent,
    tags: {} as 'submitting' | 'uncertain' | 'productsLoading' | 'customersLoading',
  },
  actors: {
    searchProducts: fromPromise<CounterProduct[], { q: string }>(async () => {
      throw notProvided('searchProducts');
    }),
    loadCategories: fromPromise<CounterCategory[], void>(async () => {
      throw notProvided('loadCategories');
    }),
    searchCustomers: fromPromise<PickableCustomer[], { q: string }>(async () => {
      throw notProvided('searchCustomers');
    }),
    createInvoice: fromPromise<InvoiceCreated, { body: InvoiceBody; key: string }>(async () => {
      throw notProvided('createInvoice');
    }),
  },
  actions: {
    setProductQuery: assign((_, p: { value: string }) => ({ productQuery: p.value })),
    setProductResults: assign((_, p: { rows: CounterProduct[] }) => ({ productResults: p.rows, productError: null })),
    setProductError: assign((_, p: { error: unknown }) => ({ productError: errorCode(p.error) })),
    addProduct: assign(({ context }, p: { product: CounterProduct }) => {
      const existing = context.lines.find((l) => l.product.product_id === p.product.product_id);
      if (existing) {
        const n = (parseAmount(existing.amount) ?? 0) + 1;
        return { lines: context.lines.map((l) => (l === existing ? { ...l, amount: String(Math.min(n, 999)) } : l)), submitError: null };
      }
      return { lines: [...context.lines, { product: p.product, amount: '1' }], submitError: null };
    }),
    setAmount: assign(({ context }, p: { productId: number; value: string }) => ({
      lines: context.lines.map((l) => (l.product.product_id === p.productId ? { ...l, amount: p.value.slice(0, 6) } : l)),
      submitError: null,
    })),
    setCategories: assign(({ context }, p: { categories: CounterCategory[] }) => ({
      categories: p.categories,
      categoryId: knownCategory(p.categories, context.categoryId) ? context.categoryId : null,
    })),
    selectCategory: assign((_, p: { categoryId: number | null }) => ({ categoryId: p.categoryId })),
    // The stepper (D335, as on the order page): one more or one less, 999 at most; − on 1 (or on an amount that is no number) takes the line out.
    stepAmount: assign(({ context }, p: { productId: number; by: 1 | -1 }) => ({
      lines: context.lines.flatMap((l) => {
        if (l.product.product_id !== p.productId) return [l];
        const n = Math.min(INVOICE_AMOUNT_MAX, (parseAmount(l.amount) ?? 0) + p.by);
        return n < 1 ? [] : [{ ...l, amount: String(n) }];
      }),
      submitError: null,
    })),
    removeLine: assign(({ context }, p: { productId: number }) => ({
      lines: context.lines.filter((l) => l.product.product_id !== p.productId),
      submitError: null,
    })),
    setCustomerQuery: assign((_, p: { value: string }) => ({ customerQuery: p.value })),
    clearCustomerResults: assign({ customerResults: [], customerError: null }),
    setCustomerResults: assign((_, p: { rows: PickableCustomer[] }) => ({ customerResults: p.rows, customerError: null })),
    setCustomerError: assign((_, p: { error: unknown }) => ({ customerError: errorCode(p.error) })),
    pickCustomer: assign((_, p: { customer: PickableCustomer }) => ({ customer: p.customer, customerQuery: '', customerResults: [] })),
    clearCustomer: assign({ customer: null }),
    // The method and the note leave the last failure's reason where it is, as before.
    changeField: assign(({ context }, p: { event: Extract<InvoiceCreateEvent, { type: 'FIELD.CHANGE' }> }) => ({
      form: invoiceFormKit.change(context.form, p.event.field, p.event.value),
    })),
    revealErrors: assign(({ context }) => ({ form: invoiceFormKit.refuse(context.form) })),
    clearSubmitError: assign({ submitError: null }),
    assignSubmitError: assign((_, p: { error: unknown }) => ({ submitError: errorCode(p.error) })),
    renewKey: assign({ key: () => newIdempotencyKey('inv') }),
    assignCreated: assign((_, p: { created: InvoiceCreated }) => ({ created: p.created })),
    // Provided by the app: toasts (doc 2 §8 "other forms") and leaving for the list.
    notifyCreated: (_, _p: { code: string }) => {},
    notifyCreateFailed: (_, _p: { code: string }) => {},
    goToList: () => {},
  },
  guards: {
    formValid: ({ context }) => invoiceProblems(context).length === 0,
    canAddLine: ({ context }, p: { product: CounterProduct }) =>
      p.product.status === 0 &&
      (context.lines.length < INVOICE_LINES_MAX || context.lines.some((l) => l.product.product_id === p.product.product_id)),
    outcomeUnknown: (_, p: { error: unknown }) => outcomeUnknown(p.error),
    categoryKnown: ({ context }, p: { categoryId: number | null }) => knownCategory(context.categories, p.categoryId),
    customerQueryEmpty: ({ context }) => context.customerQuery.trim() === '',
  },
  delays: { productSearchDebounce: PICKER_SEARCH_DEBOUNCE_MS, customerSearchDebounce: PICKER_SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'invoiceCreate',
  type: 'parallel',
  context: () => ({
    lines: [],
    productQuery: '',
    productResults: [],
    productError: null,
    categories: [],
    categoryId: null,
    customerQuery: '',
    customerResults: [],
    customerError: null,
    customer: null,
    form: invoiceFormKit.initial({ method: 'CASH', note: '' }),
    key: newIdempotencyKey('inv'),
    submitError: null,
    created: null,
  }),
  states: {
    products: {
      description: 'The product picker: the service searches available products (status 0), 500 ms after the last key.',
      initial: 'searching',
      on: {
        'PRODUCT.SEARCH': { target: '.debouncing', actions: { type: 'setProductQuery', params: ({ event }) => ({ value: event.value }) } },
      },
      states: {
        idle: {},
        debouncing: { after: { productSearchDebounce: 'searching' } },
        searching: {
          tags: ['productsLoading'],
          invoke: {
            id: 'searchProducts',
            src: 'searchProducts',
            input: ({ context }) => ({ q: context.productQuery.trim() }),
            onDone: { target: 'idle', actions: { type: 'setProductResults', params: ({ event }) => ({ rows: event.output }) } },
            onError: { target: 'idle', actions: { type: 'setProductError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    categories: {
      description: 'The category tabs (D354): the merchant’s categories, asked once; without them the dishes show under "All" only.',
      initial: 'loading',
      on: {
        'CATEGORY.SELECT': {
          guard: { type: 'categoryKnown', params: ({ event }) => ({ categoryId: event.categoryId }) },
          actions: { type: 'selectCategory', params: ({ event }) => ({ categoryId: event.categoryId }) },
        },
      },
      states: {
        loading: {
          invoke: {
            id: 'loadCategories',
            src: 'loadCategories',
            onDone: { target: 'loaded', actions: { type: 'setCategories', params: ({ event }) => ({ categories: event.output }) } },
            onError: { target: 'unavailable' },
          },
        },
        loaded: {},
        unavailable: { description: 'No tabs but "All": every matching dish is still listed, so nothing is out of reach.' },
      },
    },
    customers: {
      description: 'The optional customer: searched by phone or name 500 ms after the last key (doc 2 §9); none = walk-in.',
      initial: 'idle',
      on: {
        'CUSTOMER.SEARCH': {
          target: '.debouncing',
          actions: { type: 'setCustomerQuery', params: ({ event }) => ({ value: event.value }) },
        },
        'CUSTOMER.PICK': { target: '.idle', actions: { type: 'pickCustomer', params: ({ event }) => ({ customer: event.customer }) } },
        'CUSTOMER.CLEAR': { actions: 'clearCustomer' },
      },
      states: {
        idle: {},
        debouncing: {
          after: {
            searchDebounce: [{ guard: 'customerQueryEmpty', target: 'idle', actions: 'clearCustomerResults' }, { target: 'searching' }],
          },
        },
        searching: {
          tags: ['customersLoading'],
          invoke: {
            id: 'searchCustomers',
            src: 'searchCustomers',
            input: ({ context }) => ({ q: context.customerQuery.trim() }),
            onDone: { target: 'idle', actions: { type: 'setCustomerResults', params: ({ event }) => ({ rows: event.output }) } },
            onError: { target: 'idle', actions: { type: 'setCustomerError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'PRODUCT.ADD': {
              guard: { type: 'canAddLine', params: ({ event }) => ({ product: event.product }) },
              actions: { type: 'addProduct', params: ({ event }) => ({ product: event.product }) },
            },
            'LINE.AMOUNT': { actions: { type: 'setAmount', params: ({ event }) => ({ productId: event.productId, value: event.value }) } },
            'LINE.STEP': { actions: { type: 'stepAmount', params: ({ event }) => ({ productId: event.productId, by: event.by }) } },
            'LINE.REMOVE': { actions: { type: 'removeLine', params: ({ event }) => ({ productId: event.productId }) } },
            // FIELD.BLUR is not handled: the note's problem shows after Submit only.
            'FIELD.CHANGE': { actions: { type: 'changeField', params: ({ event }) => ({ event }) } },
            SUBMIT: [{ guard: 'formValid', target: 'submitting', actions: 'clearSubmitError' }, { actions: 'revealErrors' }],
          },
        },
        submitting: {
          tags: ['submitting'],
          description: "POST /invoice with this attempt's Idempotency-Key; the form is read-only and a second click does nothing.",
          invoke: {
            id: 'createInvoice',
            src: 'createInvoice',
            input: ({ context }) => ({ body: invoiceBody(context), key: context.key }),
            onDone: {
              target: 'done',
              actions: [
                { type: 'assignCreated', params: ({ event }) => ({ created: event.output }) },
                { type: 'notifyCreated', params: ({ event }) => ({ code: event.output.invoice_code }) },
                'goToList',
              ],
            },
            onError: [
              {
                guard: { type: 'outcomeUnknown', params: ({ event }) => ({ error: event.error }) },
                target: 'uncertain',
                description: 'The answer was lost: the sale may be recorded. Only the same request with the same key may follow.',
                actions: { type: 'assignSubmitError', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'editing',
                description:
                  'A definite refusal (a product no longer on sale, a bad value): say why, keep the form, a new key for the next attempt.',
                actions: [
                  { type: 'assignSubmitError', params: ({ event }) => ({ error: event.error }) },
                  { type: 'notifyCreateFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
                  'renewKey',
                ],
              },
            ],
          },
        },
        uncertain: {
          tags: ['uncertain'],
          description:
            'Locked form with "try again": the repeat carries the same key, so the service answers the first result, never a second sale.',
          on: { RETRY: 'submitting', SUBMIT: 'submitting' },
        },
        done: { type: 'final' },
      },
    },
  },
});

type Snapshot = { context: InvoiceCreateContext; hasTag(tag: string): boolean; matches(value: unknown): boolean };
export const selectLines = (s: Snapshot) => s.context.lines;
/** The tiles: the search's answer narrowed to the category tab (D354). */
export const selectDishes = (s: Snapshot) => productsOfCategory(s.context.productResults, s.context.categoryId);
export const selectCategories = (s: Snapshot) => s.context.categories;
export const selectCategoryId = (s: Snapshot) => s.context.categoryId;
export const selectTotal = (s: Snapshot) => invoiceTotal(s.context.lines);
export const selectProblems = (s: Snapshot) => (s.context.form.showErrors ? invoiceProblems(s.context) : []);
export const selectInvoiceForm = (s: Snapshot) => s.context.form;
export const selectSubmitting = (s: Snapshot) => s.hasTag('submitting');
export const selectUncertain = (s: Snapshot) => s.hasTag('uncertain');
export const selectLocked = (s: Snapshot) => s.hasTag('submitting') || s.hasTag('uncertain') || s.matches({ form: 'done' });
