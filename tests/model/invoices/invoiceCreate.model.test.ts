import {
  invoiceBody,
  invoiceCreateMachine,
  invoiceProblems,
  type InvoiceCreateContext,
} from '../../../src/machines/invoices/invoiceCreate.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import { closed, drinks, lan, pho, soups, tra } from './fixtures';

const PRODUCT_DEBOUNCE = 'xstate.after.productSearchDebounce.invoiceCreate.products.debouncing';
const CUSTOMER_DEBOUNCE = 'xstate.after.customerSearchDebounce.invoiceCreate.customers.debouncing';
const PICKERS = [
  'PRODUCT.SEARCH',
  PRODUCT_DEBOUNCE,
  'xstate.done.actor.searchProducts',
  'xstate.error.actor.searchProducts',
  'CUSTOMER.SEARCH',
  CUSTOMER_DEBOUNCE,
  'xstate.done.actor.searchCustomers',
  'xstate.error.actor.searchCustomers',
  'CUSTOMER.PICK',
  'CUSTOMER.CLEAR',
];
const CATEGORIES = ['xstate.done.actor.loadCategories', 'xstate.error.actor.loadCategories', 'CATEGORY.SELECT'];
const FORM = [
  'PRODUCT.ADD',
  'LINE.AMOUNT',
  'LINE.STEP',
  'LINE.REMOVE',
  'FIELD.CHANGE',
  'SUBMIT',
  'RETRY',
  'xstate.done.actor.createInvoice',
  'xstate.error.actor.createInvoice',
];

function projection(c: InvoiceCreateContext) {
  return {
    lines: c.lines.length,
    valid: invoiceProblems(c).length === 0,
    customerQuery: c.customerQuery.trim() === '' ? '' : 'typed',
    customer: c.customer !== null,
    shown: c.form.showErrors,
    error: c.submitError !== null,
    categoryId: c.categoryId,
  };
}

describeModel({
  name: 'invoiceCreate',
  machine: invoiceCreateMachine,
  promiseActors: ['searchProducts', 'loadCategories', 'searchCustomers', 'createInvoice'],
  spyActions: ['notifyCreated', 'notifyCreateFailed', 'goToList'],
  variants: [
    {
      variant: 'product picker',
      events: [
        { type: 'PRODUCT.SEARCH', value: 'pho' },
        { type: PRODUCT_DEBOUNCE },
        { type: 'xstate.done.actor.searchProducts', output: [pho, tra] },
        { type: 'xstate.error.actor.searchProducts', error: networkError },
      ],
      ignore: [...FORM, ...CATEGORIES, ...PICKERS.filter((e) => !/product/i.test(e))],
      project: projection as (context: never) => unknown,
    },
    {
      // Two debounce timers at once cannot be told apart by a simulated clock: one picker per variant.
      variant: 'customer picker',
      events: [
        { type: 'xstate.done.actor.searchProducts', output: [pho, tra] },
        { type: 'CUSTOMER.SEARCH', value: '0912' },
        { type: 'CUSTOMER.SEARCH', value: '  ' },
        { type: CUSTOMER_DEBOUNCE },
        { type: 'xstate.done.actor.searchCustomers', output: [lan] },
        { type: 'xstate.error.actor.searchCustomers', error: serviceError('UNKNOWN_ERROR', 500) },
        { type: 'CUSTOMER.PICK', customer: lan },
        { type: 'CUSTOMER.CLEAR' },
      ],
      ignore: [...FORM, ...CATEGORIES, 'PRODUCT.SEARCH', PRODUCT_DEBOUNCE, 'xstate.error.actor.searchProducts'],
      project: projection as (context: never) => unknown,
    },
    {
      variant: 'form',
      events: [
        { type: 'xstate.done.actor.searchProducts', output: [pho, tra] },
        { type: 'PRODUCT.ADD', product: pho },
        { type: 'PRODUCT.ADD', product: closed },
        { type: 'LINE.AMOUNT', productId: pho.product_id, value: '3' },
        { type: 'LINE.AMOUNT', productId: pho.product_id, value: '0' },
        { type: 'LINE.STEP', productId: pho.product_id, by: 1 },
        { type: 'LINE.STEP', productId: pho.product_id, by: -1 },
        { type: 'LINE.REMOVE', productId: pho.product_id },
        { type: 'FIELD.CHANGE', field: 'method', value: 'QR' },
        { type: 'FIELD.CHANGE', field: 'note', value: 'x'.repeat(501) },
        { type: 'FIELD.CHANGE', field: 'note', value: 'Mang về' },
        { type: 'SUBMIT' },
        { type: 'RETRY' },
        { type: 'xstate.done.actor.createInvoice', output: { invoice_id: 5_000_200, invoice_code: 'HD5000200' } },
        { type: 'xstate.error.actor.createInvoice', error: serviceError('PRODUCT_NOT_AVAILABLE', 409) },
        { type: 'xstate.error.actor.createInvoice', error: networkError },
      ],
      ignore: [...CATEGORIES, ...PICKERS.filter((e) => e !== 'xstate.done.actor.searchProducts')],
      project: projection as (context: never) => unknown,
      limit: 6000,
    },
    {
      // D354: the category tabs narrow the tiles; an unknown tab (a category deleted meanwhile) is refused.
      variant: 'categories',
      events: [
        { type: 'xstate.done.actor.searchProducts', output: [pho, tra] },
        { type: 'xstate.done.actor.loadCategories', output: [soups, drinks] },
        { type: 'xstate.error.actor.loadCategories', error: networkError },
        { type: 'CATEGORY.SELECT', categoryId: drinks.category_id },
        { type: 'CATEGORY.SELECT', categoryId: null },
        { type: 'CATEGORY.SELECT', categoryId: 99 },
      ],
      ignore: [...FORM, ...PICKERS.filter((e) => e !== 'xstate.done.actor.searchProducts')],
      project: projection as (context: never) => unknown,
    },
  ],
  check(outcome) {
    let firstKey: string | null = null;
    let lastBody: string | null = null;
    let keyAfterUnknown: string | null = null;
    for (const step of outcome.steps) {
      const before = step.before?.context as InvoiceCreateContext | undefined;
      const after = step.after.context as InvoiceCreateContext;
      const type = step.event.type;
      const actions = step.actions.map((a) => a.action);
      firstKey ??= after.key;
      for (const call of step.invoked) {
        if (call.id === 'createInvoice') {
          const input = call.input as { body: unknown; key: string };
          if (!before || invoiceProblems(before).length > 0) throw new Error('an invalid sale was sent');
          if (JSON.stringify(input.body) !== JSON.stringify(invoiceBody(before))) throw new Error(`sent ${JSON.stringify(input.body)}`);
          if (input.key !== before.key) throw new Error('sent another key than the attempt’s');
          // A retry after a lost answer repeats the same request with the same key.
          if (keyAfterUnknown !== null && (input.key !== keyAfterUnknown || JSON.stringify(input.body) !== lastBody))
            throw new Error('a retry after a lost answer changed the key or the body');
          lastBody = JSON.stringify(input.body);
        }
        if (call.id === 'searchProducts' && (call.input as { q: string }).q !== after.productQuery.trim())
          throw new Error('searched something else');
      }
      if (type === 'xstate.error.actor.createInvoice') {
        const code = (step.event as unknown as { error: { code: string } }).error.code;
        if (code === 'NETWORK_ERROR') {
          if (after.key !== before?.key || !step.after.hasTag('uncertain'))
            throw new Error('a lost answer changed the key or unlocked the form');
          keyAfterUnknown = after.key;
        } else {
          if (after.key === before?.key) throw new Error('a definite refusal kept the key (the next body would be refused as a reuse)');
          if (!actions.includes('notifyCreateFailed')) throw new Error('a refusal said nothing');
          if (JSON.stringify(after.lines) !== JSON.stringify(before?.lines)) throw new Error('a refusal lost the items');
          keyAfterUnknown = null;
        }
      }
      if (type === 'xstate.done.actor.createInvoice' && !(actions.includes('notifyCreated') && actions.includes('goToList')))
        throw new Error('a recorded sale neither toasted nor went to the list');
      if (type === 'CATEGORY.SELECT') {
        const wanted = (step.event as unknown as { categoryId: number | null }).categoryId;
        const known = wanted === null || (before?.categories ?? []).some((c) => c.category_id === wanted);
        if (after.categoryId !== (known ? wanted : before?.categoryId)) throw new Error('a category tab was taken wrongly');
      }
      if (type === 'LINE.STEP' && before) {
        const id = (step.event as unknown as { productId: number }).productId;
        const by = (step.event as unknown as { by: number }).by;
        const line = before.lines.find((l) => l.product.product_id === id);
        const now = after.lines.find((l) => l.product.product_id === id);
        const was = Number(line?.amount);
        const expected = Number.isInteger(was) && was >= 1 ? was + by : by;
        if (!line ? now !== undefined : expected < 1 ? now !== undefined : Number(now?.amount) !== Math.min(999, expected))
          throw new Error('the stepper miscounted');
      }
      if (
        type === 'PRODUCT.ADD' &&
        (step.event as unknown as { product: { status: number } }).product.status !== 0 &&
        after.lines.length !== before?.lines.length
      )
        throw new Error('a product not on sale was added');
      if (
        type === 'SUBMIT' &&
        before &&
        step.before?.matches({ form: 'editing' }) &&
        invoiceProblems(before).length > 0 &&
        !after.form.showErrors
      )
        throw new Error('an invalid submit was silent');
      // D284: a refused Submit keeps every value.
      if (
        type === 'SUBMIT' &&
        before &&
        step.after.matches({ form: 'editing' }) &&
        JSON.stringify(before.form.values) !== JSON.stringify(after.form.values)
      )
        throw new Error('a refusal changed the form');
    }
    void firstKey;
  },
});
