import type { SnapshotFrom } from 'xstate';
import { ORDER_HANDLING, ORDER_SELECTING } from '../../services/orders/schemas';
import type { orderEditMachine } from './orderEdit.machine';
import type { orderListMachine } from './orderList.machine';
import { basketCount, basketTotal, productsOfCategory } from './rules/basket';
import { quickNameProblem, quickPhoneProblem } from './rules/quickCustomer';

/** What the order screens read from their machines (tags and context, never state names). */

type ListSnapshot = SnapshotFrom<typeof orderListMachine>;
type EditSnapshot = SnapshotFrom<typeof orderEditMachine>;

export const selectFilter = (s: ListSnapshot) => s.context.filter;
export const selectDetailOpen = (s: ListSnapshot) => s.hasTag('detailOpen');
export const selectDetailLoading = (s: ListSnapshot) => s.hasTag('detailLoading');
export const selectDetailFailed = (s: ListSnapshot) => s.hasTag('detailFailed');
export const selectDetailOf = (s: ListSnapshot) => s.context.detailOf;
export const selectDetail = (s: ListSnapshot) => s.context.detail;
export const selectDetailError = (s: ListSnapshot) => s.context.detailError;
export const selectCreating = (s: ListSnapshot) => s.hasTag('creating');
export const selectPrinting = (s: ListSnapshot) => s.hasTag('printing');
/** D250: the failed invoice's retry is on its way to the sale service. */
export const selectEinvoiceRetrying = (s: ListSnapshot) => s.hasTag('einvoiceRetrying');
/** D288: today's paid orders and those without an e-invoice, as the list's answer said. */
export const selectToday = (s: ListSnapshot) => s.context.today;

export const selectLoading = (s: EditSnapshot) => s.hasTag('loading');
export const selectLoadFailed = (s: EditSnapshot) => s.hasTag('failed');
/** D301: the order is voided; the screen shows who, when and why instead of the editor. */
export const selectVoided = (s: EditSnapshot) => s.hasTag('voided');
export const selectLoadError = (s: EditSnapshot) => s.context.loadError;
export const selectReady = (s: EditSnapshot) => s.hasTag('ready');
export const selectCompleted = (s: EditSnapshot): boolean => s.status === 'done';
export const selectOrder = (s: EditSnapshot) => s.context.order;
export const selectLines = (s: EditSnapshot) => s.context.lines;
export const selectSearchTyped = (s: EditSnapshot) => s.context.typed;
export const selectCategories = (s: EditSnapshot) => s.context.categories;
export const selectCategoryId = (s: EditSnapshot) => s.context.categoryId;
/** The picker's rows: the search's answer, narrowed to the category tab. */
export const selectPickable = (s: EditSnapshot) => productsOfCategory(s.context.products, s.context.categoryId);
export const selectCatalogueLoading = (s: EditSnapshot) => s.hasTag('catalogueLoading') || s.hasTag('searching');
export const selectCatalogueFailed = (s: EditSnapshot) => s.hasTag('catalogueFailed');
export const selectCatalogueError = (s: EditSnapshot) => s.context.catalogueError;
export const selectBasket = (s: EditSnapshot) => s.context.basket;
export const selectBasketTotal = (s: EditSnapshot) => basketTotal(s.context.basket);
export const selectBasketCount = (s: EditSnapshot) => basketCount(s.context.basket);
/**
 * The basket can change while editing and while a payment holding the order awaits the cashier's
 * choice (D214), not while sending, cancelling that payment, or while an answer is unknown.
 */
export const selectBasketEditable = (s: EditSnapshot) =>
  s.hasTag('editing') || (s.hasTag('paymentPending') && !s.hasTag('cancellingPayment'));
export const selectSubmitting = (s: EditSnapshot) => s.hasTag('submitting');
export const selectUncertain = (s: EditSnapshot) => s.hasTag('uncertain');
export const selectAdded = (s: EditSnapshot) => s.hasTag('added');
export const selectSubmitError = (s: EditSnapshot) => s.context.submitError;
/** A payment holds the order's amount (D214): what it is, and whether it is being cancelled (D216). */
export const selectPaymentPending = (s: EditSnapshot) => s.hasTag('paymentPending');
export const selectCancellingPayment = (s: EditSnapshot) => s.hasTag('cancellingPayment');
export const selectPendingPayments = (s: EditSnapshot) => s.context.pendingPayments;
export const selectCancelError = (s: EditSnapshot) => s.context.cancelError;
/** A selecting order confirms even with nothing new; otherwise there must be dishes to send. */
export const selectCanSubmit = (s: EditSnapshot) =>
  s.hasTag('editing') && (s.context.basket.length > 0 || s.context.order?.status === ORDER_SELECTING);
export const selectNeedsConfirm = (s: EditSnapshot) => s.context.order?.status === ORDER_SELECTING;
/** Payment once the order is confirmed, has dishes (the service refuses an empty one) and nothing picked is left unsent. */
export const selectCanPay = (s: EditSnapshot) =>
  s.context.order?.status === ORDER_HANDLING &&
  s.context.order.product_amount > 0 &&
  s.context.basket.length === 0 &&
  (s.hasTag('editing') || s.hasTag('added'));

export const selectCustomerOpen = (s: EditSnapshot) => s.hasTag('customerOpen');
export const selectCustomerStep = (s: EditSnapshot): 'search' | 'create' | 'busy' =>
  s.hasTag('customerCreate') ? 'create' : s.hasTag('customerSearch') ? 'search' : 'busy';
export const selectCustomerLooking = (s: EditSnapshot) => s.hasTag('customerLooking');
export const selectCustomerFound = (s: EditSnapshot) => (s.hasTag('customerFound') ? s.context.found : null);
export const selectCustomerNotFound = (s: EditSnapshot) => s.hasTag('customerNotFound');
export const selectCustomerFailed = (s: EditSnapshot) => s.hasTag('customerFailed');
export const selectCustomerBusy = (s: EditSnapshot) => s.hasTag('customerBusy');
export const selectCustomerCreated = (s: EditSnapshot) => s.hasTag('customerCreated');
export const selectCustomerError = (s: EditSnapshot) => s.context.customerError;
export const selectPhone = (s: EditSnapshot) => s.context.phone;
export const selectName = (s: EditSnapshot) => s.context.name;
export const selectCustomerProblems = (s: EditSnapshot) =>
  s.context.showCustomerErrors
    ? { name: quickNameProblem(s.context.name), phone: quickPhoneProblem(s.context.phone) }
    : { name: null, phone: null };
/** While searching: the phone typed is not a mobile yet (said after the 500 ms wait, not on every key). */
export const selectPhoneInvalid = (s: EditSnapshot) => s.hasTag('customerInvalid');

/** D335: the quantity entry a long press opened, while the basket can still change. */
export const selectQuantity = (s: EditSnapshot) => (s.hasTag('quantityOpen') ? s.context.quantity : null);
