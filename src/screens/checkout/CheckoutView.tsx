import { useId, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatVnd } from '../../rules/vnd';
import classes from './checkout.module.css';

export type CheckoutMethod = 'qr_code' | 'credit_card' | 'ewallet' | 'cash';

export interface CheckoutLook {
  primary_color: string;
  secondary_color: string;
  logo_url: string | null;
  logo_height: 60 | 80 | 100;
  logo_position: 'left' | 'center' | 'right';
  button_color: string;
  button_border: boolean;
  border_radius: number;
  button_text: string;
}

export interface CheckoutViewProps {
  look: CheckoutLook;
  merchantName: string;
  orderId: string;
  amount: number;
  methods: readonly CheckoutMethod[];
  selected: CheckoutMethod | null;
  onSelect(method: CheckoutMethod): void;
  /** 'HH:MM:SS' (the preview passes '01:00:00'). */
  countdown: string;
  status: 'open' | 'paid' | 'expired';
  /** preview: nothing can be paid; the page says it is a preview. */
  mode: 'live' | 'preview';
  /** The selected method's panel (QR, card form, a sample in the preview). */
  children?: ReactNode;
  /**
   * Beyond the contract's props, optional: the id of the form the pay button submits (the hosted page's
   * card form), so the button keeps the merchant's style while the form owns the fields.
   */
  payFormId?: string;
  /** While a payment is being sent: the button is disabled and says so. */
  paying?: boolean;
  /** Extra content after the card (the hosted page's paid/expired details, the return link). */
  footer?: ReactNode;
}

/** The doc 2 §9 defaults, used when a colour arrives malformed so the page never renders unreadable. */
const FALLBACK = { primary: '#ffffff', secondary: '#f5f5f5', button: '#fafafa' };
const HEX = /^#[0-9a-fA-F]{6}$/;

function colour(value: string, fallback: string): string {
  return HEX.test(value) ? value.toLowerCase() : fallback;
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Black or white, whichever contrasts more with the background. For any background one of the two
 * reaches at least 4.58:1 (the worst case is a luminance near 0.18), so text on whatever colours the
 * merchant picks passes WCAG AA without asking them to choose a text colour.
 */
export function readableOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;
const RADIUS_MAX = 24;

/** The payment methods the merchant offers, one radio each. */
function MethodChoice({
  methods,
  selected,
  onSelect,
  name,
  borderColor,
  radius,
}: {
  methods: readonly CheckoutMethod[];
  selected: CheckoutMethod | null;
  onSelect(method: CheckoutMethod): void;
  name: string;
  borderColor: string;
  radius: number;
}) {
  const { t } = useTranslation('checkout');
  return (
    <fieldset className={classes.methods}>
      <legend className={classes.legend}>{t('view.chooseMethod')}</legend>
      {methods.length === 0 ? <p data-testid="checkout-no-methods">{t('view.noMethods')}</p> : null}
      {methods.map((method) => (
        <label
          key={method}
          className={classes.method}
          data-selected={selected === method || undefined}
          style={{ borderColor: selected === method ? borderColor : undefined, borderRadius: radius }}
          data-testid={`checkout-method-${method}`}
        >
          <input type="radio" name={name} value={method} checked={selected === method} onChange={() => onSelect(method)} />
          <span>{t(`view.methods.${method}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** A link that takes no more money: paid, or expired (or cancelled). */
function ClosedState({ status }: { status: CheckoutViewProps['status'] }) {
  const { t } = useTranslation('checkout');
  return status === 'paid' ? (
    <div className={classes.state} role="status" data-testid="checkout-paid">
      <p className={classes.stateTitle}>{t('view.paidTitle')}</p>
      <p>{t('view.paidBody')}</p>
    </div>
  ) : (
    <div className={classes.state} role="status" data-testid="checkout-expired">
      <p className={classes.stateTitle}>{t('view.expiredTitle')}</p>
      <p>{t('view.expiredBody')}</p>
    </div>
  );
}

/** The page's, the card's and the button's colours from the merchant's look, each text colour readable on its background. */
function lookStyles(look: CheckoutLook) {
  const primary = colour(look.primary_color, FALLBACK.primary);
  const secondary = colour(look.secondary_color, FALLBACK.secondary);
  const button = colour(look.button_color, FALLBACK.button);
  const onPrimary = readableOn(primary);
  const onSecondary = readableOn(secondary);
  const onButton = readableOn(button);
  const radius = Math.min(RADIUS_MAX, Math.max(0, Math.round(Number.isFinite(look.border_radius) ? look.border_radius : 0)));
  const logoHeight = [60, 80, 100].includes(look.logo_height) ? look.logo_height : 100;

  const pageStyle: CSSProperties = { background: secondary, color: onSecondary };
  const cardStyle: CSSProperties = { background: primary, color: onPrimary, borderRadius: radius };
  const buttonStyle: CSSProperties = {
    background: button,
    color: onButton,
    borderRadius: radius,
    // The border is drawn in the text colour so it stays visible on a button the colour of the card.
    border: look.button_border ? `1px solid ${onButton}` : '1px solid transparent',
  };
  return { radius, logoHeight, onPrimary, pageStyle, cardStyle, buttonStyle };
}

/** What is being paid: the merchant's order id and the amount. */
function OrderSummary({ orderId, amount }: { orderId: string; amount: number }) {
  const { t } = useTranslation('checkout');
  return (
    <dl className={classes.summary}>
      <div>
        <dt>{t('view.order')}</dt>
        <dd data-testid="checkout-order-id">{orderId}</dd>
      </div>
      <div>
        <dt>{t('view.amount')}</dt>
        <dd className={classes.amount} data-testid="checkout-amount">
          {formatVnd(amount)}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The checkout a payer sees (CONTRACT14 §C): the hosted page renders it live and /e-com renders it as
 * its preview, so the merchant's preview is the page itself rather than an imitation of it.
 */
export function CheckoutView(props: CheckoutViewProps) {
  const { t } = useTranslation('checkout');
  const { look, mode, status } = props;
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const { radius, logoHeight, onPrimary, pageStyle, cardStyle, buttonStyle } = lookStyles(look);
  const Heading = mode === 'preview' ? 'h2' : 'h1';
  const preview = mode === 'preview';
  const showPay = status === 'open' && props.selected === 'credit_card';

  return (
    <div
      className={classes.page}
      style={pageStyle}
      data-testid="checkout-view"
      data-mode={mode}
      data-status={status}
      aria-labelledby={preview ? titleId : undefined}
      role={preview ? 'region' : undefined}
    >
      {preview ? (
        <p className={classes.previewBadge} data-testid="checkout-preview-badge">
          {t('view.previewBadge')}
        </p>
      ) : null}
      <section className={classes.card} style={cardStyle} data-testid="checkout-card">
        <div
          className={classes.logoRow}
          style={{ justifyContent: JUSTIFY[look.logo_position] ?? 'center' }}
          data-testid="checkout-logo-row"
        >
          {look.logo_url ? (
            <img
              className={classes.logo}
              src={look.logo_url}
              alt={t('view.logoAlt', { name: props.merchantName })}
              style={{ height: logoHeight }}
              data-testid="checkout-logo"
            />
          ) : null}
        </div>
        <Heading className={classes.merchant} id={titleId} data-testid="checkout-merchant">
          {props.merchantName}
        </Heading>
        <OrderSummary orderId={props.orderId} amount={props.amount} />

        {status === 'open' ? (
          <>
            <p className={classes.countdown} data-testid="checkout-countdown">
              {t('view.countdown')} <time>{props.countdown}</time>
            </p>
            <MethodChoice
              methods={props.methods}
              selected={props.selected}
              onSelect={props.onSelect}
              name={`${baseId}-method`}
              borderColor={onPrimary}
              radius={radius}
            />
            {props.selected ? (
              <div className={classes.panel} data-testid="checkout-panel" aria-live="polite">
                {props.children}
              </div>
            ) : null}
            {showPay ? (
              <button
                className={classes.pay}
                style={buttonStyle}
                type={preview ? 'button' : 'submit'}
                form={preview ? undefined : props.payFormId}
                disabled={preview || props.paying === true}
                aria-busy={props.paying === true || undefined}
                data-testid="checkout-pay"
              >
                {props.paying ? t('view.paying') : look.button_text.trim() || t('view.pay')}
              </button>
            ) : null}
          </>
        ) : (
          <ClosedState status={status} />
        )}
        {props.footer}
      </section>
      {preview ? (
        <p className={classes.previewNote} data-testid="checkout-preview-note">
          {t('view.previewNote')}
        </p>
      ) : null}
    </div>
  );
}
