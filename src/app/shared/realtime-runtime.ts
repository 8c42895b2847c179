import { createActor, type ActorRefFrom } from 'xstate';
import { i18n } from '../../i18n';
import { announcementQueueMachine } from '../../machines/notifications/announcementQueue.machine';
import { formatVnd } from '../../rules/vnd';
import { createExchangedTokenSource, createSessionAuthPort, type SessionActorLike } from '../../services/http';
import { wesapTokenCall } from '../../services/shared/portal/user';
import type { RealtimeHub } from '../../services/realtime/hub';
import { createNotificationsApi, type NotificationsApi } from '../../services/notifications/api';
import { fetchMissedPayments } from '../../services/notifications/payment-catch-up';
import { createRealtimeHub, type RealtimeHubController } from '../../services/realtime/realtime-hub';
import { accessTokenSource, exchangedTokenSource } from '../../services/realtime/tokens';
import { salePaymentSuccessSchema, vaPaymentEventSchema } from '../../services/realtime/schemas';
import { parseSpokenAmount } from '../../services/speech/amount-words';
import { readMuted, writeMuted } from '../../services/speech/mute-storage';
import { createSpeakActor, isSpeechSupported } from '../../services/speech/speaker';
import type { AreaFactory } from './composition';
import type { Runtime } from './runtime';
import { notify } from './notify';
import { realtimeConnectionDriver } from './realtime-driver';

/**
 * The realtime layer of one page load: the hub (two sockets), spoken announcements and the bell's
 * refresh signal. Sockets open when the session is signed in and close at sign-out. Route modules and
 * the top bar reach it through the app scope (`useAreaActors(realtimeOf)`, D279); nothing here loads
 * before the shell does.
 */

export type Announcer = ActorRefFrom<typeof announcementQueueMachine>;

export interface RealtimeRuntime {
  hub: RealtimeHubController;
  announcer: Announcer;
  notifications: NotificationsApi;
  /** The bell refetches when this fires: a new notification, or a reconnect that lost events. */
  onBellRefresh(listener: () => void): () => void;
}

/** The realtime layer of the scope's runtime (D279): made on first use, one per runtime. */
export const realtimeOf: AreaFactory<RealtimeRuntime> = (scope) => createRealtimeRuntime(scope.runtime);

/** The hub of hub.ts. Idle until a session is signed in. */
export const realtimeHubOf: AreaFactory<RealtimeHub> = (scope) => scope.use(realtimeOf).hub;

function socketOrigin(url: string): string {
  if (url === '' || url.startsWith('/')) return window.location.origin;
  return url.replace(/\/+$/, '');
}

/** The announcer of payments (spoken amounts), muted as the user last left it. */
function startAnnouncer(inspect: Runtime['inspect']): Announcer {
  const language = () => (i18n.language === 'en' ? 'en' : 'vi');
  const announcer = createActor(
    announcementQueueMachine.provide({
      actors: { speak: createSpeakActor(language) },
      actions: {
        persistMuted: (_, params) => writeMuted(params.muted),
        alertUnsupported: () => window.alert(i18n.t('notifications:speechUnsupported')),
      },
    }),
    { input: { muted: readMuted(), speechSupported: isSpeechSupported() }, ...(inspect ? { inspect } : {}) },
  );
  announcer.start();
  void i18n.loadNamespaces('notifications');
  return announcer;
}

type PaymentReceived = (id: string, amount: number | null, message: string) => void;

/** One toast and one announcement per payment, however often its event arrives. */
function paymentToaster(announcer: Announcer): PaymentReceived {
  const toasted = new Set<string>();
  return function paymentReceived(id: string, amount: number | null, message: string): void {
    if (toasted.has(id)) return;
    toasted.add(id);
    if (toasted.size > 500) toasted.delete(toasted.values().next().value!);
    const amountText = amount === null ? '' : formatVnd(amount);
    notify.received({
      title: 'notifications:toast.title',
      message: message ? 'notifications:toast.receivedWithMessage' : 'notifications:toast.received',
      values: { amount: amountText, message },
    });
    if (amount !== null) announcer.send({ type: 'ANNOUNCE', announcement: { id, amount } });
  };
}

/**
 * The sale namespace's payments and notifications, and what a reconnect without replay missed: the
 * bell refetches, and the va report supplies the payments made meanwhile.
 */
function listenForPayments(
  hub: RealtimeHubController,
  portal: Runtime['clients']['portal'],
  paymentReceived: PaymentReceived,
  refreshBell: () => void,
): void {
  hub.on('sale', 'payment_success', (payload) => {
    const parsed = salePaymentSuccessSchema.safeParse(payload);
    if (!parsed.success) return;
    const { total_price, order_code } = parsed.data.data.invoice_data;
    const amount = typeof total_price === 'number' ? total_price : parseSpokenAmount(total_price);
    paymentReceived(`sale:${order_code}`, amount, order_code);
  });
  hub.on('sale', 'notification', refreshBell);
  hub.onConnected('sale', ({ first, recovered }) => {
    if (!first && !recovered) refreshBell();
  });

  // A reconnect without replay: payments made meanwhile come from the va report instead.
  let liveSince: number | null = null;
  hub.onConnected('va', ({ first, recovered }) => {
    const since = liveSince;
    liveSince = Date.now();
    if (first || recovered || since === null) return;
    fetchMissedPayments(portal, since, Date.now()).then(
      (missed) => missed.forEach((p) => paymentReceived(`va:${p.id}`, p.amount, '')),
      (error: unknown) => console.warn('[realtime] missed payments could not be fetched', error),
    );
  });
}

function createRealtimeRuntime(runtime: Runtime): RealtimeRuntime {
  const { config, session, clients } = runtime;
  const bellListeners = new Set<() => void>();
  const refreshBell = (): void => {
    for (const listener of [...bellListeners]) listener();
  };
  const sessionLike: SessionActorLike = {
    send: (event) => session.send(event),
    getSnapshot: () => session.getSnapshot(),
    subscribe: (next, error, complete) => session.subscribe({ next, error, complete }),
  };
  const port = createSessionAuthPort(sessionLike);

  let saleTokens = accessTokenSource(port);
  let resetSaleToken = () => {};
  if (config.features.saleTokenExchange) {
    const exchanged = createExchangedTokenSource(port, async () => (await wesapTokenCall(clients.portal)).token);
    saleTokens = exchangedTokenSource(exchanged);
    resetSaleToken = () => exchanged.reset();
  }

  const hub = createRealtimeHub({
    origin: socketOrigin(config.realtime.url),
    path: config.realtime.path,
    namespaces: { va: config.realtime.vaNamespace, sale: config.realtime.saleNamespace },
    tokens: { va: accessTokenSource(port), sale: saleTokens },
    driver: realtimeConnectionDriver(runtime.inspect),
    onHandlerError: (error) => console.error('[realtime] a handler failed', error),
  });

  const announcer = startAnnouncer(runtime.inspect);

  const paymentReceived = paymentToaster(announcer);

  listenForPayments(hub, clients.portal, paymentReceived, refreshBell);

  // The va payment event is named by the merchant id: (re)subscribe when the profile says who we are.
  let merchantId: string | null = null;
  let offPayments = () => {};
  let started = false;
  const follow = (snapshot: ReturnType<typeof session.getSnapshot>) => {
    const signedIn = snapshot.hasTag('signedIn');
    const id = snapshot.context.profile?.merchant_id ?? null;
    if (id !== merchantId) {
      offPayments();
      offPayments = () => {};
      merchantId = id;
      if (id) {
        offPayments = hub.on('va', id, (payload) => {
          const parsed = vaPaymentEventSchema.safeParse(payload);
          if (!parsed.success) return;
          paymentReceived(`va:${parsed.data.transaction_id}`, parseSpokenAmount(parsed.data.amount), parsed.data.message);
        });
      }
    }
    if (signedIn && !started) {
      started = true;
      hub.start();
    } else if (!signedIn && started && !snapshot.hasTag('refreshing')) {
      started = false;
      hub.stop();
      resetSaleToken();
      announcer.send({ type: 'CLEAR' });
    }
  };
  session.subscribe(follow);
  follow(session.getSnapshot());

  window.addEventListener('online', () => hub.online(true));
  window.addEventListener('offline', () => hub.online(false));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') hub.retry();
  });

  return {
    hub,
    announcer,
    notifications: createNotificationsApi(clients.sale),
    onBellRefresh: (listener) => {
      bellListeners.add(listener);
      return () => void bellListeners.delete(listener);
    },
  };
}
