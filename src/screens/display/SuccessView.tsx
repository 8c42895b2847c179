import { useTranslation } from 'react-i18next';
import type { DisplayMessage } from '../../services/display/messages';
import { formatVnd } from '../shared/table/format';
import classes from './display.module.css';

/**
 * /ecr-success-payment (doc 2 §2 customer display): the thanks, with the amount and the order when the
 * cashier sent them; the shop's own thank-you text when it saved one (D296), as text.
 */
export function SuccessView({ message, thanks }: { message: DisplayMessage | null; thanks: string | null }) {
  const { t } = useTranslation('display');
  const amount = message?.pay?.amount ?? message?.order?.total;
  return (
    <section className={classes.success} data-testid="display-success" aria-labelledby="display-success-title">
      <svg className={classes.tick} viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="11" fill="#ffffff" />
        <path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="#2b8a3e" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h1 className={classes.slideTitle} id="display-success-title">
        {t('success.title')}
      </h1>
      {amount !== undefined ? (
        <p className={classes.slideBody} data-testid="display-success-amount">
          {t('success.paid', { amount: formatVnd(amount) })}
        </p>
      ) : null}
      {message?.order ? <p className={classes.slideBody}>{t('success.order', { code: message.order.order_code })}</p> : null}
      <p className={classes.slideBody} data-testid="display-success-thanks">
        {thanks || t('success.thanks')}
      </p>
    </section>
  );
}
