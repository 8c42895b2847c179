import { orderEditMachine, type OrderEditContext, type SubmitInput } from '../../../src/machines/orders/orderEdit.machine';
import { quickNameProblem, quickPhoneProblem } from '../../../src/machines/orders/rules/quickCustomer';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { categories, completed, detailOf, handling, lan, pendingAttempt, pho, selecting, tra, voided } from './fixtures';

const loadedAs = (order: typeof handling, pending: typeof pendingAttempt | null = null): SampleEvent => ({
  type: 'xstate.done.actor.loadOrder',
  output: { detail: detailOf(order, order.status === 2 ? 0 : 2), pending },
});

const CATALOGUE = [
  'SEARCH.TYPE',
  'CATEGORY.SELECT',
  'CATALOGUE.RETRY',
  'xstate.done.actor.loadProducts',
  'xstate.error.actor.loadProducts',
  'xstate.done.actor.loadCategories',
  'xstate.error.actor.loadCategories',
];
const BASKET = ['BASKET.ADD', 'BASKET.SET', 'BASKET.CLEAR', 'SUBMIT', 'SUBMIT.RETRY', 'POPUP.CLOSE', 'PENDING.CANCEL', 'PENDING.KEEP'];
/** Taking an order by touch and keyboard (D335, D336): stepper, quantity entry, notes, Enter in the search. */
const TOUCH = [
  'BASKET.STEP',
  'BASKET.PUT',
  'BASKET.NOTE',
  'SEARCH.ENTER',
  'QUANTITY.OPEN',
  'QUANTITY.TYPE',
  'QUANTITY.SAVE',
  'QUANTITY.CLOSE',
];

/** 409 ORDER_PAYMENT_PENDING as the service answers it (D214): a card payment holds the order's 12,000 ₫. */
const cardPending = { method: 'CARD', id: 9, amount: 12_000, serial_number: '18501000000101', created_at: 1_780_000_000 };
const paymentPending = serviceError('ORDER_PAYMENT_PENDING', 409, { method: 'CARD', id: 9, amount: 12_000, pending: [cardPending] });
const CUSTOMER = ['CUSTOMER.OPEN', 'CUSTOMER.CLOSE', 'PHONE.TYPE', 'NAME.TYPE', 'CUSTOMER.ATTACH', 'CUSTOMER.NEW', 'CUSTOMER.BACK'];
const CUSTOMER_MORE = ['CUSTOMER.CREATE', 'CUSTOMER.WALK_IN'];
/** The customer region, a failed load and its retry: events no editing variant samples. */
const NOT_EDITING = [...CUSTOMER, ...CUSTOMER_MORE, 'RETRY', 'xstate.error.actor.loadOrder'];
/** The answers to a send and to cancelling a pending payment, which the touch variants leave to the basket's. */
const SEND_ANSWERS = ['xstate.done.actor.submitDishes', 'xstate.done.actor.cancelPending', 'xstate.error.actor.cancelPending'];

function project(c: OrderEditContext) {
  return {
    status: c.order?.status ?? null,
    basket: c.basket.map((l) => `${l.product_id}x${Math.min(l.amount, 3)}`).join(','),
    pending: c.pending !== null,
    category: c.categoryId,
    phone: quickPhoneProblem(c.phone),
    name: quickNameProblem(c.name),
    shown: c.showCustomerErrors,
    found: c.found?.customer_id ?? null,
    attach: c.attachId,
    pendingPayments: c.pendingPayments.map((p) => `${p.method}:${p.id}`).join(','),
    cancelError: c.cancelError,
  };
}

/** The touch variants also tell apart the line touched last, a held Enter, the quantity entry and the notes (D335, D336). */
function projectTouch(c: OrderEditContext) {
  return {
    status: c.order?.status ?? null,
    basket: c.basket.map((l) => `${l.product_id}x${Math.min(l.amount, 2)}${l.note ? 'n' : ''}`).join(','),
    pending: c.pending !== null,
    last: c.lastProductId,
    enter: c.enterPending,
    quantity: c.quantity ? `${c.quantity.product.product_id}:${c.quantity.amount}` : null,
    pendingPayments: c.pendingPayments.length,
  };
}

describeModel({
  name: 'orderEdit',
  machine: orderEditMachine,
  promiseActors: [
    'loadOrder',
    'loadProducts',
    'loadCategories',
    'submitDishes',
    'findCustomer',
    'createCustomer',
    'attachCustomer',
    'cancelPending',
  ],
  spyActions: ['notifySubmitFailed', 'notifyCustomerFailed', 'notifyCustomerAttached', 'notifyPaymentCancelled'],
  variants: [
    {
      input: { orderId: 41 },
      variant: 'load',
      events: [
        loadedAs(handling),
        loadedAs(completed),
        loadedAs(voided),
        { type: 'xstate.error.actor.loadOrder', error: serviceError('NOT_FOUND', 404) },
        { type: 'RETRY' },
      ],
      ignore: [...CATALOGUE, ...BASKET, ...TOUCH, ...CUSTOMER, ...CUSTOMER_MORE],
      project: project as (context: never) => unknown,
    },
    {
      input: { orderId: 41 },
      variant: 'catalogue',
      events: [
        loadedAs(handling),
        { type: 'xstate.done.actor.loadProducts', output: [pho, tra] },
        { type: 'xstate.error.actor.loadProducts', error: networkError },
        { type: 'xstate.done.actor.loadCategories', output: categories },
        { type: 'xstate.error.actor.loadCategories', error: networkError },
        { type: 'SEARCH.TYPE', field: 'q', value: 'pho' },
        { type: 'xstate.after.productSearch.orderEdit.ready.catalogue.typing' },
        { type: 'CATEGORY.SELECT', categoryId: 3 },
        { type: 'CATEGORY.SELECT', categoryId: 99 },
        { type: 'CATEGORY.SELECT', categoryId: null },
        { type: 'CATALOGUE.RETRY' },
      ],
      ignore: [...BASKET, ...TOUCH, ...NOT_EDITING],
      project: project as (context: never) => unknown,
    },
    {
      input: { orderId: 41 },
      variant: 'basket',
      events: [
        loadedAs(selecting),
        loadedAs(handling),
        loadedAs(handling, pendingAttempt),
        { type: 'BASKET.ADD', product: pho },
        { type: 'BASKET.ADD', product: tra },
        { type: 'BASKET.SET', productId: 7, amount: 0 },
        { type: 'BASKET.SET', productId: 7, amount: 1500 },
        { type: 'BASKET.SET', productId: 7, amount: -2 },
        { type: 'BASKET.CLEAR' },
        { type: 'SUBMIT' },
        { type: 'SUBMIT.RETRY' },
        { type: 'xstate.done.actor.submitDishes', output: detailOf(handling, 2) },
        { type: 'xstate.error.actor.submitDishes', error: serviceError('PRODUCT_NOT_AVAILABLE', 409) },
        { type: 'xstate.error.actor.submitDishes', error: serviceError('ORDER_COMPLETED', 409) },
        { type: 'xstate.error.actor.submitDishes', error: networkError },
        // D214: a payment holds the order's amount; one the screen cannot read is a plain refusal.
        { type: 'xstate.error.actor.submitDishes', error: paymentPending },
        { type: 'xstate.error.actor.submitDishes', error: serviceError('ORDER_PAYMENT_PENDING', 409) },
        { type: 'PENDING.CANCEL' },
        { type: 'PENDING.KEEP' },
        { type: 'xstate.done.actor.cancelPending', output: undefined },
        { type: 'xstate.error.actor.cancelPending', error: serviceError('ORDER_PAID', 409) },
        { type: 'xstate.error.actor.cancelPending', error: networkError },
        { type: 'xstate.after.addedPopup.orderEdit.ready.basket.added' },
        { type: 'POPUP.CLOSE' },
      ],
      ignore: [...CATALOGUE, ...TOUCH, ...NOT_EDITING],
      project: project as (context: never) => unknown,
    },
    {
      input: { orderId: 41 },
      variant: 'touch-steps',
      events: [
        loadedAs(handling),
        { type: 'BASKET.ADD', product: pho },
        { type: 'BASKET.STEP', by: 1 },
        { type: 'BASKET.STEP', productId: 7, by: -1 },
        { type: 'BASKET.NOTE', productId: 7, note: 'ít hành' },
        { type: 'BASKET.PUT', product: tra, amount: 2 },
        { type: 'SUBMIT' },
        // D214: the line edits stay open while a payment holds the order.
        { type: 'xstate.error.actor.submitDishes', error: paymentPending },
      ],
      ignore: [
        ...CATALOGUE,
        ...BASKET.filter((e) => !['BASKET.ADD', 'SUBMIT'].includes(e)),
        ...TOUCH.filter((e) => e.startsWith('QUANTITY.') || e === 'SEARCH.ENTER'),
        ...NOT_EDITING,
        ...SEND_ANSWERS,
      ],
      project: projectTouch as (context: never) => unknown,
    },
    {
      input: { orderId: 41 },
      variant: 'touch-quantity',
      events: [
        loadedAs(handling),
        { type: 'BASKET.ADD', product: tra },
        { type: 'QUANTITY.OPEN', product: tra },
        { type: 'QUANTITY.OPEN', product: pho },
        { type: 'QUANTITY.TYPE', amount: 4 },
        { type: 'QUANTITY.TYPE', amount: 0 },
        { type: 'QUANTITY.TYPE', amount: '' },
        { type: 'QUANTITY.SAVE' },
        { type: 'QUANTITY.CLOSE' },
      ],
      ignore: [
        ...CATALOGUE,
        ...BASKET.filter((e) => e !== 'BASKET.ADD'),
        ...TOUCH.filter((e) => !e.startsWith('QUANTITY.')),
        ...NOT_EDITING,
        ...SEND_ANSWERS,
      ],
      project: projectTouch as (context: never) => unknown,
    },
    {
      input: { orderId: 41 },
      variant: 'touch-search',
      events: [
        loadedAs(handling),
        { type: 'xstate.done.actor.loadProducts', output: [pho, tra] },
        { type: 'xstate.done.actor.loadProducts', output: [] },
        { type: 'xstate.error.actor.loadProducts', error: networkError },
        { type: 'SEARCH.TYPE', field: 'q', value: 'tra' },
        { type: 'SEARCH.ENTER' },
      ],
      ignore: [
        ...CATALOGUE.filter((e) => !['SEARCH.TYPE', 'xstate.done.actor.loadProducts', 'xstate.error.actor.loadProducts'].includes(e)),
        ...BASKET,
        ...TOUCH.filter((e) => e !== 'SEARCH.ENTER'),
        ...NOT_EDITING,
      ],
      project: projectTouch as (context: never) => unknown,
    },
    {
      input: { orderId: 41 },
      variant: 'customer',
      events: [
        loadedAs(handling),
        { type: 'CUSTOMER.OPEN' },
        { type: 'CUSTOMER.CLOSE' },
        { type: 'PHONE.TYPE', value: '0912345678' },
        { type: 'PHONE.TYPE', value: '0912 345' },
        { type: 'xstate.after.customerSearch.orderEdit.ready.customer.search.typing' },
        { type: 'xstate.done.actor.findCustomer', output: lan },
        { type: 'xstate.done.actor.findCustomer', output: null },
        { type: 'xstate.error.actor.findCustomer', error: networkError },
        { type: 'RETRY' },
        { type: 'CUSTOMER.ATTACH' },
        { type: 'CUSTOMER.NEW' },
        { type: 'CUSTOMER.BACK' },
        { type: 'NAME.TYPE', value: 'Nguyễn Lan' },
        { type: 'NAME.TYPE', value: ' Lan' },
        { type: 'CUSTOMER.CREATE' },
        { type: 'CUSTOMER.WALK_IN' },
        { type: 'xstate.done.actor.createCustomer', output: lan },
        { type: 'xstate.error.actor.createCustomer', error: serviceError('PHONE_IS_EXIST', 409) },
        { type: 'xstate.after.attachDelay.orderEdit.ready.customer.create.created' },
        { type: 'xstate.done.actor.attachCustomer', output: { ...handling, customer_id: 12, name: lan.name } },
        { type: 'xstate.error.actor.attachCustomer', error: serviceError('ORDER_COMPLETED', 409) },
        { type: 'xstate.error.actor.attachCustomer', error: serviceError('NOT_FOUND', 404) },
      ],
      ignore: [...CATALOGUE, ...BASKET, ...TOUCH, 'xstate.error.actor.loadOrder'],
      project: project as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const type = step.event.type;
      const before = step.before?.context as OrderEditContext | undefined;
      const after = step.after.context as OrderEditContext;
      const actions = step.actions.map((a) => a.action);
      for (const call of step.invoked) {
        if (call.id === 'submitDishes') {
          const input = call.input as SubmitInput;
          // doc 2 §4: a selecting order is confirmed first; the basket sent is the one shown.
          if (input.confirm !== (before?.order?.status === 2))
            throw new Error('confirm asked of an order that did not need it, or not asked');
          if (before && JSON.stringify(input.lines) !== JSON.stringify(before.basket)) throw new Error('sent other lines than the basket');
          if (input.lines.some((l) => l.amount < 1 || l.amount > 999)) throw new Error('a line outside 1..999');
          if (step.before?.hasTag('submitting')) throw new Error('a second submit while the first was on its way');
        }
        if (call.id === 'findCustomer' && quickPhoneProblem(after.phone) !== null)
          throw new Error('looked up a phone that is not a mobile');
        if (call.id === 'createCustomer' && (quickNameProblem(after.name) !== null || quickPhoneProblem(after.phone) !== null))
          throw new Error('created a customer from an invalid form');
        if (call.id === 'attachCustomer' && type === 'xstate.done.actor.createCustomer') throw new Error('attached at once, not 1 s later');
        // D214: only the payments the refusal named are cancelled, and only when asked.
        if (call.id === 'cancelPending') {
          if (type !== 'PENDING.CANCEL') throw new Error('cancelled a payment nobody asked to cancel');
          const input = call.input as { pending: Array<{ method: string; id: unknown }> };
          if (JSON.stringify(input.pending) !== JSON.stringify([cardPending]))
            throw new Error('cancelled other payments than the ones named');
        }
        if (call.id === 'submitDishes' && type === 'xstate.done.actor.cancelPending')
          throw new Error('sent the dishes without being asked');
      }
      if (type === 'PHONE.TYPE' && step.invoked.some((c) => c.id === 'findCustomer'))
        throw new Error('a keystroke looked the phone up at once');
      if (before && type === 'xstate.error.actor.submitDishes') {
        // A refusal or a lost answer keeps the dishes picked.
        if (!step.after.hasTag('ready') && step.after.status !== 'done') throw new Error('left the screen after a failure');
        if (step.after.status !== 'done' && JSON.stringify(after.basket) !== JSON.stringify(before.basket))
          throw new Error('lost the basket');
        const code = (step.event as unknown as { error: { code: string } }).error.code;
        if (code === 'PRODUCT_NOT_AVAILABLE' && !actions.includes('notifySubmitFailed')) throw new Error('a refusal said nothing');
        if (code === 'NETWORK_ERROR' && !step.after.hasTag('uncertain')) throw new Error('a lost answer was taken as a refusal');
        if (code === 'ORDER_COMPLETED' && step.after.status !== 'done') throw new Error('stayed on a completed order');
        const data = (step.event as unknown as { error: { data?: unknown } }).error.data;
        if (code === 'ORDER_PAYMENT_PENDING' && data !== undefined && !step.after.hasTag('paymentPending'))
          throw new Error('issue 24 §1: a pending payment was not offered to be cancelled');
        if (code === 'ORDER_PAYMENT_PENDING' && data === undefined && !actions.includes('notifySubmitFailed'))
          throw new Error('an unreadable pending payment said nothing');
      }
      // Cancelling keeps the dishes picked, whatever its outcome (unless the order was paid meanwhile).
      if (
        before &&
        type.includes('.cancelPending') &&
        step.after.status !== 'done' &&
        JSON.stringify(after.basket) !== JSON.stringify(before.basket)
      )
        throw new Error('lost the basket while cancelling the pending payment');
      if (type === 'xstate.done.actor.cancelPending' && (!step.after.hasTag('editing') || !actions.includes('notifyPaymentCancelled')))
        throw new Error('a cancelled payment did not give the basket back with a word');
      if (type === 'xstate.error.actor.cancelPending') {
        const code = (step.event as unknown as { error: { code: string } }).error.code;
        if (code === 'ORDER_PAID' && step.after.status !== 'done') throw new Error('stayed on an order its payment completed');
        if (code === 'NETWORK_ERROR' && (!step.after.hasTag('paymentPending') || after.cancelError !== 'NETWORK_ERROR'))
          throw new Error('a failed cancel was not said');
      }
      // The basket cannot change while the payment holding the order is being cancelled.
      if (
        before &&
        step.before?.hasTag('cancellingPayment') &&
        type.startsWith('BASKET.') &&
        JSON.stringify(after.basket) !== JSON.stringify(before.basket)
      )
        throw new Error('the basket changed while the pending payment was being cancelled');
      // Nothing is sent while a payment holds the order: the cashier chooses first.
      if (step.before?.hasTag('paymentPending') && step.invoked.some((c) => c.id === 'submitDishes'))
        throw new Error('sent the dishes while a payment held the order');
      // While the answer is unknown the basket cannot change (the retry must send the same lines).
      if (
        before &&
        step.before?.hasTag('uncertain') &&
        type.startsWith('BASKET.') &&
        JSON.stringify(after.basket) !== JSON.stringify(before.basket)
      )
        throw new Error('the basket changed while an attempt was unanswered');
      // D335: the quantity entry's amount becomes the dish's line; 0 takes it out; nothing else changes it.
      if (before && type === 'QUANTITY.SAVE' && step.after.hasTag('quantityOpen') === false) {
        const wanted = before.quantity!.amount as number;
        const line = after.basket.find((l) => l.product_id === before.quantity!.product.product_id);
        const editable = step.before?.hasTag('editing') || step.before?.hasTag('paymentPending');
        if (editable && (wanted === 0 ? line !== undefined : line?.amount !== wanted))
          throw new Error('the quantity entered was not the line’s');
      }
      if (before && type === 'QUANTITY.SAVE' && before.quantity?.amount === '' && !step.after.hasTag('quantityOpen'))
        throw new Error('an empty quantity closed the entry');
      // D336: + and − change the line touched last, one at a time, within 1..999 (− on 1 takes it out).
      if (before && type === 'BASKET.STEP' && (step.before?.hasTag('editing') || step.before?.hasTag('paymentPending'))) {
        const e = step.event as unknown as { productId?: number; by: 1 | -1 };
        const id =
          e.productId ?? before.basket.find((l) => l.product_id === before.lastProductId)?.product_id ?? before.basket.at(-1)?.product_id;
        const was = before.basket.find((l) => l.product_id === id)?.amount ?? 0;
        const now = after.basket.find((l) => l.product_id === id)?.amount ?? 0;
        if (was > 0 && now !== Math.min(999, was + e.by)) throw new Error('a step changed the amount by other than one');
      }
      // D336: Enter adds exactly one of the first dish shown, never anything when nothing is shown.
      if (before && type === 'SEARCH.ENTER' && step.after.hasTag('editing')) {
        const added = after.basket.reduce((n, l) => n + l.amount, 0) - before.basket.reduce((n, l) => n + l.amount, 0);
        if (added > 1) throw new Error('Enter added more than one dish');
      }
      if (type === 'xstate.done.actor.submitDishes' && after.basket.length !== 0)
        throw new Error('the basket was not emptied after success');
      if (
        type === 'xstate.done.actor.loadOrder' &&
        (step.event as unknown as { output: { pending: unknown } }).output.pending &&
        !step.after.hasTag('uncertain')
      )
        throw new Error('an unanswered attempt from before the reload was not offered again');
    }
  },
});
