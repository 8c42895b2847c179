import type { SnapshotFrom } from 'xstate';
import type { InvoiceDetail } from '../../services/orderpayment/schemas';
import type { cardPaymentMachine } from './cardPayment.machine';
import type { cashPaymentMachine } from './cashPayment.machine';
import type { orderPaymentMachine, PaymentTab } from './orderPayment.machine';
import type { linkPaymentMachine } from './linkPayment.machine';
import type { qrPaymentMachine } from './qrPayment.machine';

/** What the payment screens read from the machines; screens never compare state values themselves. */

export type OrderPaymentSnapshot = SnapshotFrom<typeof orderPaymentMachine>;
export type CashSnapshot = SnapshotFrom<typeof cashPaymentMachine>;
export type QrSnapshot = SnapshotFrom<typeof qrPaymentMachine>;
export type CardSnapshot = SnapshotFrom<typeof cardPaymentMachine>;
export type LinkSnapshot = SnapshotFrom<typeof linkPaymentMachine>;

export function selectTab(s: OrderPaymentSnapshot): PaymentTab | null {
  if (!s.matches('paying')) return null;
  if (s.matches({ paying: { way: 'qr' } })) return 'qr';
  if (s.matches({ paying: { way: 'card' } })) return 'card';
  if (s.matches({ paying: { way: 'link' } })) return 'link';
  return 'cash';
}

export const selectDetail = (s: OrderPaymentSnapshot): InvoiceDetail | null => s.context.detail;
export const selectPaid = (s: OrderPaymentSnapshot) => s.hasTag('success');
export const selectPrinting = (s: OrderPaymentSnapshot) => s.hasTag('printing');
export const selectLoading = (s: OrderPaymentSnapshot) => s.hasTag('loading');
export const selectLoadFailed = (s: OrderPaymentSnapshot) => s.hasTag('error');
export const selectRedirecting = (s: OrderPaymentSnapshot): boolean => s.status === 'done';
/** The reconnect check is running: the screen says the status is being confirmed. */
export const selectChecking = (s: OrderPaymentSnapshot) => s.matches({ paying: { sync: 'checking' } });

export const selectCashChild = (s: OrderPaymentSnapshot) => s.children.cash;
export const selectQrChild = (s: OrderPaymentSnapshot) => s.children.qr;
export const selectCardChild = (s: OrderPaymentSnapshot) => s.children.card;
export const selectLinkChild = (s: OrderPaymentSnapshot) => s.children.link;

export const selectQr = (s: QrSnapshot) => ({
  qr: s.matches('shown') ? s.context.qr : null,
  loading: s.hasTag('loading'),
  noAccount: s.matches('noAccount'),
  errorCode: s.matches('failed') ? s.context.errorCode : null,
  /** The QR was fetched again after the service refused the old one for a Soundbox (D298). */
  renewed: s.context.renewed,
});

/** The Soundbox control under the QR (D298): shown only when the order's store has an active Soundbox. */
export const selectSoundbox = (s: QrSnapshot) => ({
  offered:
    s.matches({ shown: 'ready' }) ||
    s.matches({ shown: 'pushing' }) ||
    s.matches({ shown: 'pushed' }) ||
    s.matches({ shown: 'pushFailed' }),
  failedToList: s.matches({ shown: 'soundboxesFailed' }),
  soundboxes: s.context.soundboxes,
  chosen: s.context.chosen,
  pushing: s.hasTag('pushing'),
  pushedTo: s.matches({ shown: 'pushed' }) ? s.context.pushedTo : null,
  pushError: s.matches({ shown: 'pushFailed' }) ? s.context.pushError : null,
});

export const selectCash = (s: CashSnapshot) => ({
  received: s.context.form.values.received,
  busy: s.hasTag('busy'),
  uncertain: s.hasTag('uncertain'),
  errorCode: s.context.form.saveError,
  editable: s.matches('editing'),
});

export const selectCard = (s: CardSnapshot) => ({
  terminals: s.context.terminals,
  serial: s.context.serial,
  connection: s.context.connection,
  connectionError: s.context.connectionError,
  loading: s.hasTag('loading'),
  terminalsFailed: s.matches('terminalsFailed'),
  polling: s.hasTag('polling'),
  pollingStopped: s.matches({ choosing: 'stopped' }),
  canPay: s.matches('choosing') && s.context.serial !== null && s.context.connection === 'ONLINE',
  busy: s.hasTag('busy'),
  waiting: s.hasTag('waiting'),
  uncertain: s.hasTag('uncertain'),
  declined: s.matches('declined'),
  /** Why the declined popup shows: DECLINED, AMOUNT_MISMATCH (D215) or CANCELLED (D216). */
  failure: s.context.failure,
  disconnected: s.matches('disconnected'),
  errorCode: s.context.errorCode,
  orderCode: s.context.orderCode,
});

export const selectLinkWay = (s: LinkSnapshot) => ({
  link: s.matches('shown') ? s.context.link : null,
  loading: s.hasTag('loading'),
  widgetFailed: s.matches('widgetFailed'),
  uncertain: s.hasTag('uncertain'),
  errorCode: s.hasTag('error') ? s.context.errorCode : null,
});
