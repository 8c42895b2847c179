import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { formatVnd } from '../../rules/vnd';
import { errorMessageKey } from '../../services/errors';
import {
  hostedCheckoutMachine,
  selectStatus,
  type CardField,
  type CheckoutWay,
  type HostedCheckoutContext,
} from '../../machines/checkout/hostedCheckout.machine';
import { QrImage } from '../shared/QrImage';
import { CheckoutView } from './CheckoutView';
import classes from './hosted.module.css';
import { SubmitForm } from '../shared/form/SubmitForm';

export type HostedCheckoutActor = ActorRefFrom<typeof hostedCheckoutMachine>;
export type HostedLanguage = 'vi' | 'en';

export interface HostedCheckoutScreenProps {
  actor: HostedCheckoutActor;
  language: HostedLanguage;
  onLanguage(language: HostedLanguage): void;
}

export const CARD_FORM_ID = 'hosted-card-form';

/** Seconds left as HH:MM:SS (never negative). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The time left to `expiresAt` (unix seconds), redrawn every second while shown. */
function useCountdown(expiresAt: number | null): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);
  return formatCountdown(expiresAt === null ? 0 : expiresAt - now / 1000);
}

/** Only https addresses the merchant saved are offered as links (they were checked when saved; this is the page's own guard). */
const safeHttps = (url: string | undefined) => (url && /^https:\/\/[^\s]+$/i.test(url) ? url : null);

const selectContext = (s: { context: HostedCheckoutContext }) => s.context;

/** The hosted checkout page: the language switch, then the link's state in the merchant's look. */
export function HostedCheckoutScreen({ actor, language, onLanguage }: HostedCheckoutScreenProps) {
  const { t } = useTranslation('checkout');
  const status = useSelector(actor, selectStatus);
  const context = useSelector(actor, selectContext);
  const countdown = useCountdown(status === 'open' ? (context.info?.expires_at ?? null) : null);

  return (
    <div className={classes.page}>
      <header className={classes.top}>
        <span className={classes.brand}>{t('hosted.brand')}</span>
        <div role="group" aria-label={t('hosted.language')} className={classes.languages}>
          {(['vi', 'en'] as const).map((lng) => (
            <button
              key={lng}
              type="button"
              className={classes.languageButton}
              aria-pressed={language === lng}
              lang={lng}
              onClick={() => onLanguage(lng)}
              data-testid={`hosted-language-${lng}`}
            >
              {lng === 'vi' ? 'Tiếng Việt' : 'English'}
            </button>
          ))}
        </div>
      </header>
      <main className={classes.main}>
        {status === 'loading' ? (
          <p role="status" className={classes.notice} data-testid="hosted-loading">
            {t('hosted.loading')}
          </p>
        ) : status === 'invalid' ? (
          <section className={classes.notice} data-testid="hosted-invalid">
            <h1 className={classes.noticeTitle}>{t('hosted.invalidTitle')}</h1>
            <p>{t('hosted.invalidBody')}</p>
          </section>
        ) : status === 'failed' ? (
          <section className={classes.notice} role="alert" data-testid="hosted-failed">
            <h1 className={classes.noticeTitle}>{t('hosted.failedTitle')}</h1>
            <p>{t('hosted.failedBody')}</p>
            <button type="button" className={classes.plainButton} onClick={() => actor.send({ type: 'RETRY' })}>
              {t('hosted.retry')}
            </button>
          </section>
        ) : context.info ? (
          <Checkout actor={actor} context={context} status={status} countdown={countdown} />
        ) : null}
      </main>
    </div>
  );
}

function Checkout({
  actor,
  context,
  status,
  countdown,
}: {
  actor: HostedCheckoutActor;
  context: HostedCheckoutContext;
  status: 'open' | 'paid' | 'expired';
  countdown: string;
}) {
  const { t, i18n } = useTranslation('checkout');
  const info = context.info!;
  const paying = useSelector(actor, (s) => s.hasTag('paying'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const returnUrl = safeHttps(info.return_url);
  const cancelUrl = safeHttps(info.cancel_url);
  const paidAt = info.paid_at ? new Date(info.paid_at * 1000).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'vi-VN') : null;

  const footer =
    status === 'paid' ? (
      <div className={classes.footer} data-testid="hosted-paid-details">
        {paidAt ? <p>{t('hosted.paidAt', { time: paidAt })}</p> : null}
        {returnUrl ? (
          <a className={classes.link} href={returnUrl} target="_top" rel="noopener" data-testid="hosted-return">
            {t('hosted.returnToShop')}
          </a>
        ) : null}
      </div>
    ) : status === 'expired' ? (
      cancelUrl ? (
        <div className={classes.footer}>
          <a className={classes.link} href={cancelUrl} target="_top" rel="noopener" data-testid="hosted-back">
            {t('hosted.backToShop')}
          </a>
        </div>
      ) : null
    ) : cancelUrl ? (
      <div className={classes.footer}>
        <a className={classes.link} href={cancelUrl} target="_top" rel="noopener" data-testid="hosted-cancel">
          {t('hosted.cancel')}
        </a>
      </div>
    ) : null;

  return (
    <CheckoutView
      look={info.widget}
      merchantName={info.merchant_name}
      orderId={info.order_id}
      amount={info.amount}
      methods={info.methods}
      selected={context.method}
      onSelect={(method) => {
        if (!paying) actor.send({ type: 'SELECT', method: method as CheckoutWay });
      }}
      countdown={countdown}
      status={status}
      mode="live"
      payFormId={CARD_FORM_ID}
      paying={paying && busy}
      footer={footer}
    >
      {context.method === 'qr_code' ? (
        <QrPanel actor={actor} context={context} />
      ) : context.method === 'credit_card' ? (
        <CardPanel actor={actor} context={context} />
      ) : context.method === 'ewallet' ? (
        <p data-testid="hosted-wallet">{t('hosted.wallet')}</p>
      ) : null}
    </CheckoutView>
  );
}

function QrPanel({ actor, context }: { actor: HostedCheckoutActor; context: HostedCheckoutContext }) {
  const { t } = useTranslation('checkout');
  const failed = useSelector(actor, (s) => s.matches({ open: { qr: 'failed' } }));
  const info = context.info!;
  if (failed) {
    const noAccount = context.errorCode === 'BAD_REQUEST';
    return (
      <div className={classes.problem} role="alert" data-testid="hosted-qr-failed">
        <p>{noAccount ? t('hosted.qr.noAccount') : t('hosted.qr.failed')}</p>
        {noAccount ? null : <p>{t(errorMessageKey(context.errorCode))}</p>}
        <button type="button" className={classes.plainButton} onClick={() => actor.send({ type: 'RETRY' })}>
          {t('hosted.retry')}
        </button>
      </div>
    );
  }
  if (!context.qr) return <p role="status">{t('hosted.qr.loading')}</p>;
  return (
    <div className={classes.qr}>
      <QrImage
        payload={context.qr}
        pixels={240}
        testId="hosted-qr"
        className={classes.qrImage}
        alt={t('hosted.qr.alt', { amount: formatVnd(info.amount), order: info.order_id })}
      />
      <p>{t('hosted.qr.scan')}</p>
      <p role="status" className={classes.waiting} data-testid="hosted-qr-waiting">
        {t('hosted.qr.waiting')}
      </p>
    </div>
  );
}

const FIELDS: { field: CardField; autoComplete: string; inputMode: 'numeric' | 'text'; placeholder?: string }[] = [
  { field: 'number', autoComplete: 'cc-number', inputMode: 'numeric', placeholder: '1234 5678 9012 3456' },
  { field: 'expiry', autoComplete: 'cc-exp', inputMode: 'numeric', placeholder: 'MM/YY' },
  { field: 'cvc', autoComplete: 'cc-csc', inputMode: 'numeric', placeholder: '123' },
  { field: 'holder', autoComplete: 'cc-name', inputMode: 'text' },
];

function CardPanel({ actor, context }: { actor: HostedCheckoutActor; context: HostedCheckoutContext }) {
  const { t } = useTranslation('checkout');
  const editing = useSelector(actor, (s) => s.matches({ open: { card: 'editing' } }));
  const uncertain = useSelector(actor, (s) => s.matches({ open: { card: 'uncertain' } }));
  return (
    <SubmitForm id={CARD_FORM_ID} className={classes.card} onSubmit={() => actor.send({ type: 'SUBMIT' })} data-testid="hosted-card-form">
      {context.errorCode === 'CARD_DECLINED' ? (
        <p className={classes.problem} role="alert" data-testid="hosted-card-declined">
          {t('hosted.card.declined')}
        </p>
      ) : context.errorCode && editing ? (
        <div className={classes.problem} role="alert" data-testid="hosted-card-error">
          <p>{t('hosted.card.failed')}</p>
          {/* The order behind the link changed after it was made: the shop has to send a new link. */}
          <p>{context.errorCode === 'AMOUNT_MISMATCH' ? t('hosted.card.amountChanged') : t(errorMessageKey(context.errorCode))}</p>
        </div>
      ) : null}
      {FIELDS.map(({ field, autoComplete, inputMode, placeholder }) => {
        const problem = context.cardErrors[field];
        const id = `hosted-card-${field}`;
        return (
          <div key={field} className={classes.field}>
            <label htmlFor={id}>{t(`hosted.card.${field}`)}</label>
            <input
              id={id}
              name={field}
              className={classes.input}
              value={context.card[field]}
              autoComplete={autoComplete}
              inputMode={inputMode}
              placeholder={placeholder}
              readOnly={!editing}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : undefined}
              onChange={(event) => actor.send({ type: 'FIELD.CHANGE', field, value: event.currentTarget.value })}
              data-testid={id}
            />
            {problem ? (
              <p id={`${id}-error`} className={classes.fieldError} data-testid={`${id}-error`}>
                {t(`hosted.card.errors.${problem}`)}
              </p>
            ) : null}
          </div>
        );
      })}
      <p className={classes.hint}>{t('hosted.card.testHint')}</p>
      {uncertain ? (
        <div className={classes.problem} role="alert" data-testid="hosted-card-uncertain">
          <p>{t('hosted.card.uncertain')}</p>
          <button type="button" className={classes.plainButton} onClick={() => actor.send({ type: 'RETRY' })}>
            {t('hosted.card.retrySame')}
          </button>
        </div>
      ) : null}
    </SubmitForm>
  );
}
