import { assign, fromPromise, raise, setup } from 'xstate';
import type {
  BasketLine,
  ConfirmAttempt,
  Order,
  OrderCategory,
  OrderCustomer,
  OrderDetail,
  OrderProduct,
  PendingPayment,
  PickableProduct,
  QuickCustomer,
} from '../../services/orders/schemas';
import {
  ORDER_COMPLETED,
  ORDER_SEARCH_MAX,
  ORDER_SELECTING,
  ORDER_VOIDED,
  orderPaymentPendingSchema,
  WALK_IN_CUSTOMER_ID,
} from '../../services/orders/schemas';
import type { SearchEvent } from '../shared/list/search';
import { errorCode, notProvided } from '../../rules/serviceError';
import {
  addToBasket,
  amountInBasket,
  isLineAmount,
  knownCategory,
  lastLine,
  productsOfCategory,
  putAmount,
  setBasketAmount,
  setLineNote,
  stepAmount,
} from './rules/basket';
import { outcomeUnknown } from '../../rules/idempotency';
import { QUICK_NAME_MAX, QUICK_PHONE_MAX, quickNameProblem, quickPhoneProblem, searchablePhone } from './rules/quickCustomer';

export interface OrderEditInput {
  orderId: number;
}

export interface LoadedOrder {
  detail: OrderDetail;
  pending: ConfirmAttempt | null;
}

export interface SubmitInput {
  orderId: number;
  lines: BasketLine[];
  confirm: boolean;
}

export interface OrderEditContext {
  orderId: number;
  order: Order | null;
  lines: OrderProduct[];
  loadError: string | null;
  /** What the search box shows, and the search the products answer. */
  typed: string;
  q: string;
  products: PickableProduct[];
  categories: OrderCategory[];
  categoryId: number | null;
  catalogueError: string | null;
  basket: BasketLine[];
  /** The dish the cashier touched last (added, stepped, set): the + and − keys change its line (D336). */
  lastProductId: number | null;
  /** Enter was pressed in the search before its answer came: the first match is added when it comes (D336). */
  enterPending: boolean;
  /** The quantity entry a long press opened (D335): the dish and the amount typed ('' while empty). */
  quantity: { product: PickableProduct; amount: number | '' } | null;
  submitError: string | null;
  /** An attempt found unanswered when the page loaded (its lines become the basket). */
  pending: ConfirmAttempt | null;
  phone: string;
  name: string;
  showCustomerErrors: boolean;
  found: OrderCustomer | null;
  customerError: string | null;
  /** The customer being attached (0 = walk-in). */
  attachId: number | null;
  /** The payments holding the order's amount, from the last ORDER_PAYMENT_PENDING (D214), newest first. */
  pendingPayments: PendingPayment[];
  /** Why cancelling them failed, if it did. */
  cancelError: string | null;
}

export type OrderEditEvent =
  | { type: 'RETRY' }
  /** The product picker's search box, in the lists' one search dialect (D287). */
  | SearchEvent
  | { type: 'CATEGORY.SELECT'; categoryId: number | null }
  | { type: 'CATALOGUE.RETRY' }
  | { type: 'BASKET.ADD'; product: PickableProduct }
  | { type: 'BASKET.SET'; productId: number; amount: number }
  | { type: 'BASKET.CLEAR' }
  /** The stepper on a line, or the + and − keys on the last line (no productId), D336. */
  | { type: 'BASKET.STEP'; productId?: number; by: 1 | -1 }
  /** The quantity entry's amount for a dish, in the basket or not yet (D335). */
  | { type: 'BASKET.PUT'; product: PickableProduct; amount: number }
  | { type: 'BASKET.NOTE'; productId: number; note: string }
  /** Enter in the search: the first dish shown is added (D336). */
  | { type: 'SEARCH.ENTER' }
  | { type: 'QUANTITY.OPEN'; product: PickableProduct }
  | { type: 'QUANTITY.TYPE'; amount: number | '' }
  | { type: 'QUANTITY.SAVE' }
  | { type: 'QUANTITY.CLOSE' }
  | { type: 'SUBMIT' }
  | { type: 'SUBMIT.RETRY' }
  | { type: 'PENDING.CANCEL' }
  | { type: 'PENDING.KEEP' }
  | { type: 'POPUP.CLOSE' }
  | { type: 'CUSTOMER.OPEN' }
  | { type: 'CUSTOMER.CLOSE' }
  | { type: 'PHONE.TYPE'; value: string }
  | { type: 'NAME.TYPE'; value: string }
  | { type: 'CUSTOMER.ATTACH' }
  | { type: 'CUSTOMER.NEW' }
  | { type: 'CUSTOMER.BACK' }
  | { type: 'CUSTOMER.CREATE' }
  | { type: 'CUSTOMER.WALK_IN' };

export const PRODUCT_SEARCH_DEBOUNCE_MS = 300;
export const CUSTOMER_SEARCH_DEBOUNCE_MS = 500;
export const ADDED_POPUP_MS = 2000;
export const CUSTOMER_ATTACH_DELAY_MS = 1000;

const isCompletedError = (error: unknown) => errorCode(error) === 'ORDER_COMPLETED';

/** The payments an ORDER_PAYMENT_PENDING names, or null when it names none this screen can read. */
function pendingOf(error: unknown): PendingPayment[] | null {
  if (errorCode(error) !== 'ORDER_PAYMENT_PENDING') return null;
  const parsed = orderPaymentPendingSchema.safeParse((error as { data?: unknown }).data);
  return parsed.success ? parsed.data.pending : null;
}

/** Cancelling found the order paid meanwhile: by that payment (ORDER_PAID, LINK_PAID) or another (ORDER_COMPLETED). */
const PAID_MEANWHILE = ['ORDER_PAID', 'LINK_PAID', 'ORDER_COMPLETED'];

/** The order editor's setup: its context, events, actors, actions, guards and delays (the flow is ./orderEdit.machine.ts). */
export const orderEditSetup = setup({
  types: {
    context: {} as OrderEditContext,
    events: {} as OrderEditEvent,
    input: {} as OrderEditInput,
    tags: {} as
      | 'loading'
      | 'failed'
      | 'voided'
      | 'ready'
      | 'catalogueLoading'
      | 'catalogueFailed'
      | 'searching'
      | 'editing'
      | 'submitting'
      | 'uncertain'
      | 'added'
      | 'paymentPending'
      | 'cancellingPayment'
      | 'customerOpen'
      | 'customerSearch'
      | 'customerLooking'
      | 'customerFound'
      | 'customerInvalid'
      | 'customerNotFound'
      | 'customerFailed'
      | 'customerCreate'
      | 'customerBusy'
      | 'customerCreated'
      | 'quantityOpen',
  },
  actors: {
    loadOrder: fromPromise<LoadedOrder, { orderId: number }>(async () => {
      throw notProvided('loadOrder');
    }),
    loadProducts: fromPromise<PickableProduct[], { q: string }>(async () => {
      throw notProvided('loadProducts');
    }),
    loadCategories: fromPromise<OrderCategory[], void>(async () => {
      throw notProvided('loadCategories');
    }),
    submitDishes: fromPromise<OrderDetail, SubmitInput>(async () => {
      throw notProvided('submitDishes');
    }),
    findCustomer: fromPromise<OrderCustomer | null, { phone: string }>(async () => {
      throw notProvided('findCustomer');
    }),
    createCustomer: fromPromise<OrderCustomer, QuickCustomer>(async () => {
      throw notProvided('createCustomer');
    }),
    attachCustomer: fromPromise<Order, { orderId: number; customerId: number }>(async () => {
      throw notProvided('attachCustomer');
    }),
    cancelPending: fromPromise<void, { pending: PendingPayment[] }>(async () => {
      throw notProvided('cancelPending');
    }),
  },
  actions: {
    setLoaded: assign((_, params: { loaded: LoadedOrder }) => ({
      order: params.loaded.detail.invoice_data,
      lines: params.loaded.detail.products_data,
      pending: params.loaded.pending,
      basket: params.loaded.pending ? params.loaded.pending.lines : [],
      loadError: null,
    })),
    setLoadError: assign((_, params: { code: string }) => ({ loadError: params.code })),
    setTyped: assign((_, params: { q: string }) => ({ typed: params.q.slice(0, ORDER_SEARCH_MAX), enterPending: false })),
    holdEnter: assign({ enterPending: true }),
    /** The first dish the grid shows (the search's answer in the chosen category) goes to the basket. */
    // Only after hasFirstMatch or enterWithMatch: the grid shows at least one dish.
    addFirstMatch: raise(
      ({ context }) => ({ type: 'BASKET.ADD', product: productsOfCategory(context.products, context.categoryId)[0]! }) as OrderEditEvent,
    ),
    takeTyped: assign(({ context }) => ({ q: context.typed.trim() })),
    setProducts: assign((_, params: { products: PickableProduct[] }) => ({
      products: params.products,
      catalogueError: null,
      enterPending: false,
    })),
    setCatalogueError: assign((_, params: { code: string }) => ({ catalogueError: params.code, enterPending: false })),
    setCategories: assign(({ context }, params: { categories: OrderCategory[] }) => ({
      categories: params.categories,
      categoryId: knownCategory(params.categories, context.categoryId) ? context.categoryId : null,
    })),
    selectCategory: assign((_, params: { categoryId: number | null }) => ({ categoryId: params.categoryId })),
    addToBasket: assign(({ context }, params: { product: PickableProduct }) => ({
      basket: addToBasket(context.basket, params.product),
      lastProductId: params.product.product_id,
    })),
    setAmount: assign(({ context }, params: { productId: number; amount: number }) => ({
      basket: setBasketAmount(context.basket, params.productId, params.amount),
      lastProductId: params.productId,
    })),
    putAmount: assign(({ context }, params: { product: PickableProduct; amount: number }) => ({
      basket: putAmount(context.basket, params.product, params.amount),
      lastProductId: params.product.product_id,
    })),
    stepAmount: assign(({ context }, params: { productId?: number; by: 1 | -1 }) => {
      const productId = params.productId ?? lastLine(context.basket, context.lastProductId)?.product_id;
      if (productId === undefined) return {};
      return { basket: stepAmount(context.basket, productId, params.by), lastProductId: productId };
    }),
    setNote: assign(({ context }, params: { productId: number; note: string }) => ({
      basket: setLineNote(context.basket, params.productId, params.note),
    })),
    openQuantity: assign(({ context }, params: { product: PickableProduct }) => ({
      quantity: { product: params.product, amount: amountInBasket(context.basket, params.product.product_id) || 1 },
    })),
    typeQuantity: assign(({ context }, params: { amount: number | '' }) => ({
      quantity: context.quantity && { ...context.quantity, amount: params.amount },
    })),
    // Only after quantityValid: the amount is a whole 0..999.
    saveQuantity: raise(
      ({ context }) =>
        ({ type: 'BASKET.PUT', product: context.quantity!.product, amount: context.quantity!.amount as number }) as OrderEditEvent,
    ),
    closeQuantity: assign({ quantity: null }),
    clearBasket: assign({ basket: [], submitError: null }),
    setSubmitted: assign((_, params: { detail: OrderDetail }) => ({
      order: params.detail.invoice_data,
      lines: params.detail.products_data,
      basket: [],
      pending: null,
      submitError: null,
    })),
    setSubmitError: assign((_, params: { code: string }) => ({ submitError: params.code })),
    clearSubmitError: assign({ submitError: null, pending: null }),
    setPendingPayments: assign((_, params: { error: unknown }) => ({ pendingPayments: pendingOf(params.error) ?? [], cancelError: null })),
    clearPendingPayments: assign({ pendingPayments: [], cancelError: null, submitError: null }),
    setCancelError: assign((_, params: { code: string }) => ({ cancelError: params.code })),
    clearCancelError: assign({ cancelError: null }),
    setPhone: assign((_, params: { value: string }) => ({
      phone: params.value.slice(0, QUICK_PHONE_MAX),
      found: null,
      customerError: null,
    })),
    setName: assign((_, params: { value: string }) => ({ name: params.value.slice(0, QUICK_NAME_MAX + 1) })),
    setFound: assign((_, params: { customer: OrderCustomer | null }) => ({ found: params.customer, customerError: null })),
    setCustomerError: assign((_, params: { code: string }) => ({ customerError: params.code })),
    showCustomerErrors: assign({ showCustomerErrors: true }),
    resetCustomer: assign({ phone: '', name: '', found: null, customerError: null, showCustomerErrors: false, attachId: null }),
    chooseFound: assign(({ context }) => ({ attachId: context.found!.customer_id })),
    chooseWalkIn: assign({ attachId: WALK_IN_CUSTOMER_ID }),
    setCreated: assign((_, params: { customer: OrderCustomer }) => ({ found: params.customer, attachId: params.customer.customer_id })),
    setAttached: assign((_, params: { order: Order }) => ({ order: params.order })),
    // Provided by the app (toasts through notify; doc 2 §8 "Thêm món thất bại").
    notifySubmitFailed: (_, _params: { code: string }) => {},
    notifyCustomerFailed: (_, _params: { code: string }) => {},
    notifyCustomerAttached: (_, _params: { order: Order }) => {},
    notifyPaymentCancelled: () => {},
  },
  guards: {
    completed: (_, params: { loaded: LoadedOrder }) => params.loaded.detail.invoice_data.status === ORDER_COMPLETED,
    voided: (_, params: { loaded: LoadedOrder }) => params.loaded.detail.invoice_data.status === ORDER_VOIDED,
    hasPending: ({ context }) => context.pending !== null,
    /** Something to send: dishes, or a selecting order that only needs confirming. */
    canSubmit: ({ context }) => context.basket.length > 0 || context.order?.status === ORDER_SELECTING,
    completedError: (_, params: { error: unknown }) => isCompletedError(params.error),
    paymentPendingError: (_, params: { error: unknown }) => pendingOf(params.error) !== null,
    paidMeanwhile: (_, params: { error: unknown }) => PAID_MEANWHILE.includes(errorCode(params.error)),
    outcomeUnknown: (_, params: { error: unknown }) => outcomeUnknown(params.error),
    phoneSearchable: ({ context }) => searchablePhone(context.phone) !== null,
    customerValid: ({ context }) => quickNameProblem(context.name) === null && quickPhoneProblem(context.phone) === null,
    categoryKnown: ({ context }, params: { categoryId: number | null }) => knownCategory(context.categories, params.categoryId),
    foundSomeone: (_, params: { customer: OrderCustomer | null }) => params.customer !== null,
    hasFirstMatch: ({ context }) => productsOfCategory(context.products, context.categoryId).length > 0,
    enterWithMatch: ({ context }, params: { products: PickableProduct[] }) =>
      context.enterPending && productsOfCategory(params.products, context.categoryId).length > 0,
    quantityValid: ({ context }) => context.quantity !== null && isLineAmount(context.quantity.amount),
  },
  delays: {
    productSearch: PRODUCT_SEARCH_DEBOUNCE_MS,
    customerSearch: CUSTOMER_SEARCH_DEBOUNCE_MS,
    addedPopup: ADDED_POPUP_MS,
    attachDelay: CUSTOMER_ATTACH_DELAY_MS,
  },
});
