export { createOrderPaymentApi, type OrderPaymentApi } from './api';
export { createOrderPaymentActors, type OrderPaymentActors } from './actors';
export { createIntentKeys, type IntentKeys, type PaymentWay } from './intent-keys';
