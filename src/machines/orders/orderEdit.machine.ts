import { ORDER_SELECTING } from '../../services/orders/schemas';
import { errorCode } from '../../rules/serviceError';
import { searchablePhone, tidyQuickName } from './rules/quickCustomer';
import { LINE_EDITS, QUANTITY_REGION, TYPE_SEARCH } from './orderEdit.touch';
import { orderEditSetup } from './orderEdit.setup';

export * from './orderEdit.setup';

/**
 * /sale-order/{order_id} (doc 2 §2, §4 order status and customer in order flow, §5 quick create, §7
 * /order, §8 "Thêm món thất bại", §9 add-dishes popup 2 s, customer attach 1 s, customer search 500 ms).
 *
 * Loads the order and its lines; a completed order (0) ends at once (the route goes back to the list);
 * a voided one (3, D301) is only shown.
 * Beside it, three regions:
 *  - catalogue: the available products matching the search (asked of the service 300 ms after the last
 *    key, D125) and the category tabs (filtered here, no request); Enter adds the first dish shown (D336);
 *  - basket: dishes picked and not sent; SUBMIT confirms the order first when it is still selecting (2)
 *    and then adds the basket with the attempt's Idempotency-Key (D124). A lost answer keeps the basket
 *    frozen and the key, and RETRY sends the very same attempt (the service answers what it did the
 *    first time); a refusal keeps the basket and says "Adding dishes failed"; success shows the popup 2 s;
 *    a second click while sending is ignored. A payment pending on the order (409 ORDER_PAYMENT_PENDING,
 *    D214: a card on a terminal, its VietQR, its link) locks its dishes: the basket is kept and the
 *    screen offers to cancel that payment (D216), after which the dishes can be sent again;
 *  - quantity: the entry a long press on a dish opens (D335);
 *  - customer: the phone is looked up 500 ms after the last key; found: attach on request; not found:
 *    quick-create (name and phone) and attach it 1 s later; or back to the walk-in customer.
 * An order found completed meanwhile (409 ORDER_COMPLETED) ends the screen like a completed load.
 */
export const orderEditMachine = orderEditSetup.createMachine({
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
    lastProductId: null,
    enterPending: false,
    quantity: null,
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
          {
            guard: { type: 'voided', params: ({ event }) => ({ loaded: event.output }) },
            target: 'voided',
            actions: { type: 'setLoaded', params: ({ event }) => ({ loaded: event.output }) },
          },
          { target: 'ready', actions: { type: 'setLoaded', params: ({ event }) => ({ loaded: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'setLoadError', params: ({ event }) => ({ code: errorCode(event.error) }) } },
      },
    },
    failed: {
      tags: ['failed'],
      on: { RETRY: { target: 'loading' } },
    },
    voided: {
      tags: ['voided'],
      description: 'A voided order (D301) is shown with who voided it, when and why; nothing on it changes.',
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
                onDone: [
                  {
                    guard: { type: 'enterWithMatch', params: ({ event }) => ({ products: event.output }) },
                    target: 'shown',
                    actions: [{ type: 'setProducts', params: ({ event }) => ({ products: event.output }) }, 'addFirstMatch'],
                  },
                  { target: 'shown', actions: { type: 'setProducts', params: ({ event }) => ({ products: event.output }) } },
                ],
                onError: {
                  target: 'failed',
                  actions: { type: 'setCatalogueError', params: ({ event }) => ({ code: errorCode(event.error) }) },
                },
              },
              on: { 'SEARCH.TYPE': TYPE_SEARCH, 'SEARCH.ENTER': { actions: 'holdEnter' } },
            },
            shown: {
              on: {
                'SEARCH.TYPE': TYPE_SEARCH,
                'SEARCH.ENTER': { guard: 'hasFirstMatch', actions: 'addFirstMatch' },
              },
            },
            typing: {
              tags: ['searching'],
              description: 'The search is asked of the service 300 ms after the last key (D125).',
              on: {
                'SEARCH.TYPE': { ...TYPE_SEARCH, reenter: true },
                // Enter does not wait for the pause: the search is asked now and its first dish added (D336).
                'SEARCH.ENTER': { target: 'loading', actions: ['takeTyped', 'holdEnter'] },
              },
              after: { productSearch: { target: 'loading', actions: 'takeTyped' } },
            },
            failed: {
              tags: ['catalogueFailed'],
              on: { 'CATALOGUE.RETRY': { target: 'loading' }, 'SEARCH.TYPE': TYPE_SEARCH },
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
                ...LINE_EDITS,
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
                ...LINE_EDITS,
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
        quantity: QUANTITY_REGION,
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
