import { assign, fromPromise, setup } from 'xstate';
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
  orderPaymentPendingSchema,
  WALK_IN_CUSTOMER_ID,
} from '../../services/orders/schemas';
import type { SearchEvent } from '../shared/list/search';
import { errorCode, notProvided } from '../../rules/serviceError';
import { addToBasket, knownCategory, setBasketAmount } from './rules/basket';
import { outcomeUnknown } from '../../rules/idempotency';
import {
  QUICK_NAME_MAX,
  QUICK_PHONE_MAX,
  quickNameProblem,
  quickPhoneProblem,
  searchablePhone,
  tidyQuickName,
} from './rules/quickCustomer';

/**
 * /sale-order/{order_id} (doc 2 §2, §4 order status and customer in order flow, §5 quick create, §7
 * /order, §8 "Thêm món thất bại", §9 add-dishes popup 2 s, customer attach 1 s, customer search 500 ms).
 *
 * Loads the order and its lines; a completed order (0) ends at once (the route goes back to the list).
 * Beside it, three regions:
 *  - catalogue: the available products matching the search (asked of the service 300 ms after the last
 *    key, D125) and the category tabs (filtered here, no request);
 *  - basket: dishes picked and not sent; SUBMIT confirms the order first when it is still selecting (2)
 *    and then adds the basket with the attempt's Idempotency-Key (D124). A lost answer keeps the basket
 *    frozen and the key, and RETRY sends the very same attempt (the service answers what it did the
 *    first time); a refusal keeps the basket and says "Adding dishes failed"; success shows the popup 2 s;
 *    a second click while sending is ignored. A payment pending on the order (409 ORDER_PAYMENT_PENDING,
 *    D214: a card on a terminal, its VietQR, its link) locks its dishes: the basket is kept and the
 *    screen offers to cancel that payment (D216), after which the dishes can be sent again;
 *  - customer: the phone is looked up 500 ms after the last key; found: attach on request; not found:
 *    quick-create (name and phone) and attach it 1 s later; or back to the walk-in customer.
 * An order found completed meanwhile (409 ORDER_COMPLETED) ends the screen like a completed load.
 */

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

export const orderEditMachine = setup({
  types: {
    context: {} as OrderEditContext,
    events: {} as OrderEditEvent,
    input: {} as OrderEditInput,
    tags: {} as
      | 'loading'
      | 'failed'
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
      | 'customerCreated',
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
    setTyped: assign((_, params: { q: string }) => ({ typed: params.q.slice(0, ORDER_SEARCH_MAX) })),
    takeTyped: assign(({ context }) => ({ q: context.typed.trim() })),
    setProducts: assign((_, params: { products: PickableProduct[] }) => ({ products: params.products, catalogueError: null })),
    setCatalogueError: assign((_, params: { code: string }) => ({ catalogueError: params.code })),
    setCategories: assign(({ context }, params: { categories: OrderCategory[] }) => ({
      categories: params.categories,
      categoryId: knownCategory(params.categories, context.categoryId) ? context.categoryId : null,
    })),
    selectCategory: assign((_, params: { categoryId: number | null }) => ({ categoryId: params.categoryId })),
    addToBasket: assign(({ context }, params: { product: PickableProduct }) => ({ basket: addToBasket(context.basket, params.product) })),
    setAmount: assign(({ context }, params: { productId: number; amount: number }) => ({
      basket: setBasketAmount(context.basket, params.productId, params.amount),
    })),
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
  },
  delays: {
    productSearch: PRODUCT_SEARCH_DEBOUNCE_MS,
    customerSearch: CUSTOMER_SEARCH_DEBOUNCE_MS,
    addedPopup: ADDED_POPUP_MS,
    attachDelay: CUSTOMER_ATTACH_DELAY_MS,
  },
}).createMachine({
  id: 'orderEdit',
  context: ({ input }) => ({
    orderId: input.orderId,
    order: null,
    lines: [],
    loadError: null,
    typed: '',
    q: '',
    products: [],
    categories: [],
    categoryId: null,
    catalogueError: null,
    basket: [],
    submitError: null,
    pending: null,
    phone: '',
    name: '',
    showCustomerErrors: false,
    found: null,
    customerError: null,
    attachId: null,
    pendingPayments: [],
    cancelError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description: 'GET /order/{id}, and an attempt to add dishes this tab left unanswered (session storage).',
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          { guard: { type: 'completed', params: ({ event }) => ({ loaded: event.output }) }, target: 'completed' },
          { target: 'ready', actions: { type: 'setLoaded', params: ({ event }) => ({ loaded: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'setLoadError', params: ({ event }) => ({ code: errorCode(event.error) }) } },
      },
    },
    failed: {
      tags: ['failed'],
      on: { RETRY: { target: 'loading' } },
    },
    completed: {
      type: 'final',
      description: 'A completed order cannot be edited (doc 2 §4): the route goes to /sale-order?page=1&page_size=10.',
    },
    ready: {
      type: 'parallel',
      tags: ['ready'],
      states: {
        catalogue: {
          initial: 'loading',
          states: {
            loading: {
              tags: ['catalogueLoading'],
              description: 'GET /inventory/product?status=0&q: every available product matching the search, in one answer.',
              invoke: {
                id: 'loadProducts',
                src: 'loadProducts',
                input: ({ context }) => ({ q: context.q }),
                onDone: { target: 'shown', actions: { type: 'setProducts', params: ({ event }) => ({ products: event.output }) } },
                onError: {
                  target: 'failed',
                  actions: { type: 'setCatalogueError', params: ({ event }) => ({ code: errorCode(event.error) }) },
                },
              },
              on: { 'SEARCH.TYPE': { target: 'typing', actions: { type: 'setTyped', params: ({ event }) => ({ q: event.value }) } } },
            },
            shown: {
              on: { 'SEARCH.TYPE': { target: 'typing', actions: { type: 'setTyped', params: ({ event }) => ({ q: event.value }) } } },
            },
            typing: {
              tags: ['searching'],
              description: 'The search is asked of the service 300 ms after the last key (D125).',
              on: {
                'SEARCH.TYPE': {
                  target: 'typing',
                  reenter: true,
                  actions: { type: 'setTyped', params: ({ event }) => ({ q: event.value }) },
                },
              },
              after: { productSearch: { target: 'loading', actions: 'takeTyped' } },
            },
            failed: {
              tags: ['catalogueFailed'],
              on: {
                'CATALOGUE.RETRY': { target: 'loading' },
                'SEARCH.TYPE': { target: 'typing', actions: { type: 'setTyped', params: ({ event }) => ({ q: event.value }) } },
              },
            },
          },
        },
        categories: {
          initial: 'loading',
          states: {
            loading: {
              description: 'GET /category/: the tabs. Without them the picker still shows every product.',
              invoke: {
                id: 'loadCategories',
                src: 'loadCategories',
                onDone: { target: 'shown', actions: { type: 'setCategories', params: ({ event }) => ({ categories: event.output }) } },
                onError: { target: 'shown' },
              },
            },
            shown: {
              on: {
                'CATEGORY.SELECT': {
                  guard: { type: 'categoryKnown', params: ({ event }) => ({ categoryId: event.categoryId }) },
                  actions: { type: 'selectCategory', params: ({ event }) => ({ categoryId: event.categoryId }) },
                },
              },
            },
          },
        },
        basket: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'hasPending', target: 'uncertain' }, { target: 'editing' }],
            },
            editing: {
              tags: ['editing'],
              on: {
                'BASKET.ADD': { actions: { type: 'addToBasket', params: ({ event }) => ({ product: event.product }) } },
                'BASKET.SET': {
                  actions: { type: 'setAmount', params: ({ event }) => ({ productId: event.productId, amount: event.amount }) },
                },
                'BASKET.CLEAR': { actions: 'clearBasket' },
                SUBMIT: { guard: 'canSubmit', target: 'submitting' },
              },
            },
            submitting: {
              tags: ['submitting'],
              description:
                'PUT /order/confirm when still selecting, then PUT /order/product with the Idempotency-Key of this attempt; clicks meanwhile are ignored.',
              invoke: {
                id: 'submitDishes',
                src: 'submitDishes',
                input: ({ context }) => ({
                  orderId: context.orderId,
                  lines: context.basket,
                  confirm: context.order?.status === ORDER_SELECTING,
                }),
                onDone: { target: 'added', actions: { type: 'setSubmitted', params: ({ event }) => ({ detail: event.output }) } },
                onError: [
                  { guard: { type: 'completedError', params: ({ event }) => ({ error: event.error }) }, target: '#orderEdit.completed' },
                  {
                    guard: { type: 'outcomeUnknown', params: ({ event }) => ({ error: event.error }) },
                    target: 'uncertain',
                    actions: { type: 'setSubmitError', params: ({ event }) => ({ code: errorCode(event.error) }) },
                  },
                  {
                    guard: { type: 'paymentPendingError', params: ({ event }) => ({ error: event.error }) },
                    target: 'paymentPending',
                    actions: [
                      { type: 'setSubmitError', params: ({ event }) => ({ code: errorCode(event.error) }) },
                      { type: 'setPendingPayments', params: ({ event }) => ({ error: event.error }) },
                    ],
                  },
                  {
                    target: 'editing',
                    actions: [
                      { type: 'setSubmitError', params: ({ event }) => ({ code: errorCode(event.error) }) },
                      { type: 'notifySubmitFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
                    ],
                  },
                ],
              },
            },
            uncertain: {
              tags: ['uncertain'],
              description:
                'No answer (or one we could not read): the dishes may have been added. The basket is frozen and RETRY sends the same attempt with the same key, which the service answers with its first result.',
              on: { 'SUBMIT.RETRY': { target: 'submitting', actions: 'clearSubmitError' } },
            },
            paymentPending: {
              tags: ['paymentPending'],
              description:
                "A payment holds the order's amount (409 ORDER_PAYMENT_PENDING, D214): nothing was added and the basket is kept, still editable, but nothing is sent until the cashier chooses. CANCEL cancels that payment (D216); KEEP leaves it and goes back to the basket.",
              on: {
                'BASKET.ADD': { actions: { type: 'addToBasket', params: ({ event }) => ({ product: event.product }) } },
                'BASKET.SET': {
                  actions: { type: 'setAmount', params: ({ event }) => ({ productId: event.productId, amount: event.amount }) },
                },
                'BASKET.CLEAR': { actions: 'clearBasket' },
                'PENDING.CANCEL': { target: 'cancellingPayment', actions: 'clearCancelError' },
                'PENDING.KEEP': { target: 'editing', actions: 'clearPendingPayments' },
              },
            },
            cancellingPayment: {
              tags: ['paymentPending', 'cancellingPayment'],
              description:
                'POST /payment/{id}/cancel or POST /payment-links/{id}/cancel for every payment the refusal named; then the basket can be sent again (not sent by itself).',
              invoke: {
                id: 'cancelPending',
                src: 'cancelPending',
                input: ({ context }) => ({ pending: context.pendingPayments }),
                onDone: { target: 'editing', actions: ['clearPendingPayments', 'notifyPaymentCancelled'] },
                onError: [
                  // The payment went through meanwhile: the order is paid and can no longer change.
                  { guard: { type: 'paidMeanwhile', params: ({ event }) => ({ error: event.error }) }, target: '#orderEdit.completed' },
                  {
                    target: 'paymentPending',
                    actions: { type: 'setCancelError', params: ({ event }) => ({ code: errorCode(event.error) }) },
                  },
                ],
              },
            },
            added: {
              tags: ['added'],
              description: 'The add-dishes success popup, 2 s (doc 2 §9).',
              after: { addedPopup: { target: 'editing' } },
              on: { 'POPUP.CLOSE': { target: 'editing' } },
            },
          },
        },
        customer: {
          initial: 'closed',
          states: {
            closed: {
              on: { 'CUSTOMER.OPEN': { target: 'search', actions: 'resetCustomer' } },
            },
            search: {
              tags: ['customerOpen', 'customerSearch'],
              initial: 'idle',
              on: {
                'CUSTOMER.CLOSE': { target: 'closed' },
                'PHONE.TYPE': { target: '.typing', actions: { type: 'setPhone', params: ({ event }) => ({ value: event.value }) } },
                'CUSTOMER.WALK_IN': { target: 'attaching', actions: 'chooseWalkIn' },
              },
              states: {
                idle: {},
                typing: {
                  description: 'The phone is looked up 500 ms after the last key (doc 2 §9), only once it is a valid mobile.',
                  after: { customerSearch: [{ guard: 'phoneSearchable', target: 'looking' }, { target: 'invalid' }] },
                },
                invalid: { tags: ['customerInvalid'] },
                looking: {
                  tags: ['customerLooking'],
                  invoke: {
                    id: 'findCustomer',
                    src: 'findCustomer',
                    input: ({ context }) => ({ phone: searchablePhone(context.phone)! }),
                    onDone: [
                      {
                        guard: { type: 'foundSomeone', params: ({ event }) => ({ customer: event.output }) },
                        target: 'found',
                        actions: { type: 'setFound', params: ({ event }) => ({ customer: event.output }) },
                      },
                      { target: 'notFound', actions: { type: 'setFound', params: () => ({ customer: null }) } },
                    ],
                    onError: {
                      target: 'failed',
                      actions: { type: 'setCustomerError', params: ({ event }) => ({ code: errorCode(event.error) }) },
                    },
                  },
                },
                found: {
                  tags: ['customerFound'],
                  on: { 'CUSTOMER.ATTACH': { target: '#orderEdit.ready.customer.attaching', actions: 'chooseFound' } },
                },
                notFound: {
                  tags: ['customerNotFound'],
                  on: { 'CUSTOMER.NEW': { target: '#orderEdit.ready.customer.create' } },
                },
                failed: {
                  tags: ['customerFailed'],
                  on: { RETRY: { target: 'looking' } },
                },
              },
            },
            create: {
              tags: ['customerOpen', 'customerCreate'],
              description: 'Quick create (doc 2 §5): name letters and spaces, phone a Vietnamese mobile without spaces.',
              initial: 'form',
              on: {
                'CUSTOMER.CLOSE': { target: 'closed' },
              },
              states: {
                form: {
                  on: {
                    'NAME.TYPE': { actions: { type: 'setName', params: ({ event }) => ({ value: event.value }) } },
                    'PHONE.TYPE': {
                      actions: { type: 'setPhone', params: ({ event }) => ({ value: event.value }) },
                    },
                    'CUSTOMER.BACK': { target: '#orderEdit.ready.customer.search.typing' },
                    'CUSTOMER.CREATE': [{ guard: 'customerValid', target: 'creating' }, { actions: 'showCustomerErrors' }],
                  },
                },
                creating: {
                  tags: ['customerBusy'],
                  invoke: {
                    id: 'createCustomer',
                    src: 'createCustomer',
                    input: ({ context }) => ({ name: tidyQuickName(context.name), phone_number: searchablePhone(context.phone)! }),
                    onDone: { target: 'created', actions: { type: 'setCreated', params: ({ event }) => ({ customer: event.output }) } },
                    onError: {
                      target: 'form',
                      actions: [
                        { type: 'setCustomerError', params: ({ event }) => ({ code: errorCode(event.error) }) },
                        { type: 'notifyCustomerFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
                      ],
                    },
                  },
                },
                created: {
                  tags: ['customerBusy', 'customerCreated'],
                  description: 'Created: attached to the order 1 s later (doc 2 §4, §9).',
                  after: { attachDelay: { target: '#orderEdit.ready.customer.attaching' } },
                },
              },
            },
            attaching: {
              tags: ['customerOpen', 'customerBusy'],
              description: 'PUT /order/customer {order_id, customer_id} (0 = walk-in).',
              invoke: {
                id: 'attachCustomer',
                src: 'attachCustomer',
                input: ({ context }) => ({ orderId: context.orderId, customerId: context.attachId! }),
                onDone: {
                  target: 'closed',
                  actions: [
                    { type: 'setAttached', params: ({ event }) => ({ order: event.output }) },
                    { type: 'notifyCustomerAttached', params: ({ event }) => ({ order: event.output }) },
                  ],
                },
                onError: [
                  { guard: { type: 'completedError', params: ({ event }) => ({ error: event.error }) }, target: '#orderEdit.completed' },
                  {
                    target: 'search',
                    actions: [
                      { type: 'setCustomerError', params: ({ event }) => ({ code: errorCode(event.error) }) },
                      { type: 'notifyCustomerFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
                    ],
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});
