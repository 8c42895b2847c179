import { useTranslation } from 'react-i18next';
import type { ReceiptData, ReceiptInvoice, ReceiptRefund } from '../../../services/shared/print/receipt';
import { formatVndNumber } from '../../../rules/vnd';
import { formatDateTime, formatVnd } from '../table/format';

/**
 * The printed bill on 80 mm paper (D131): shop, order, lines, totals, how it was paid, a
 * VietQR for an unpaid bill, BẢN SAO / COPY on a reprint. A refund receipt (issue 27 §1) is the same
 * paper with the refunded lines, the amount given back as its total and a block saying how, why, by
 * whom and what stays paid. Plain markup with class names styled by
 * RECEIPT_CSS, so the same markup shows on screen and in the print frame. Every value is text.
 */
export function Receipt({
  receipt,
  qrImage,
  invoiceQrImage = null,
}: {
  receipt: ReceiptData;
  qrImage: string | null;
  /** The QR of the e-invoice provider's lookup page (D252), on a paid receipt with print invoice on. */
  invoiceQrImage?: string | null;
}) {
  const { t } = useTranslation('common', { lng: receipt.language });
  const method = receipt.paymentMethod ? t(`receipt.method.${receipt.paymentMethod}`) : null;
  const refund = receipt.refund ?? null;
  const title = refund ? t('receipt.refund.title') : receipt.paid ? t('receipt.titlePaid') : t('receipt.titleBill');
  return (
    <article className="receipt" data-testid="receipt" lang={receipt.language}>
      <header className="receipt-head">
        <div className="receipt-shop">{receipt.shopName}</div>
        {receipt.shopAddress && <div className="receipt-small">{receipt.shopAddress}</div>}
        <div className="receipt-title" data-testid="receipt-title">
          {title}
        </div>
        {receipt.copy && (
          <div className="receipt-copy" data-testid="receipt-copy">
            {t('receipt.copy')}
          </div>
        )}
      </header>
      <dl className="receipt-meta">
        <div>
          <dt>{t('receipt.order')}</dt>
          <dd data-testid="receipt-order-code">{receipt.orderCode}</dd>
        </div>
        {receipt.tableName && (
          <div>
            <dt>{t('receipt.table')}</dt>
            <dd>{receipt.tableName}</dd>
          </div>
        )}
        <div>
          <dt>{t('receipt.time')}</dt>
          <dd>{formatDateTime(receipt.time)}</dd>
        </div>
      </dl>
      <table className="receipt-lines">
        <thead>
          <tr>
            <th scope="col">{t('receipt.item')}</th>
            <th scope="col">{t('receipt.quantity')}</th>
            <th scope="col">{t('receipt.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line, index) => (
            <tr key={index}>
              <td>
                {line.name}
                <div className="receipt-small">{formatVndNumber(line.price)}</div>
              </td>
              <td className="receipt-num">{line.amount}</td>
              <td className="receipt-num">{formatVndNumber(line.price * line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Totals receipt={receipt} method={method} />
      {!receipt.paid && qrImage && (
        <div className="receipt-qr">
          <img src={qrImage} alt={t('receipt.qrAlt')} width={160} height={160} />
          <div className="receipt-small">{t('receipt.scanToPay')}</div>
        </div>
      )}
      {receipt.paid && receipt.invoice && !refund && (
        <InvoiceBlock invoice={receipt.invoice} qrImage={invoiceQrImage} language={receipt.language} />
      )}
      <footer className="receipt-foot">{t('receipt.thanks')}</footer>
    </article>
  );
}

/** The amount (the bill's total, or what a refund gave back) and how it was paid or given back. */
function Totals({ receipt, method }: { receipt: ReceiptData; method: string | null }) {
  const { t } = useTranslation('common', { lng: receipt.language });
  const refund = receipt.refund ?? null;
  return (
    <dl className="receipt-totals">
      <div className="receipt-total">
        <dt>{refund ? t('receipt.refund.total') : t('receipt.total')}</dt>
        <dd data-testid="receipt-total">{formatVnd(receipt.total)}</dd>
      </div>
      {method && !refund && (
        <div>
          <dt>{t('receipt.paidBy')}</dt>
          <dd data-testid="receipt-method">{method}</dd>
        </div>
      )}
      {refund && <RefundBlock refund={refund} method={method ?? refund.method} language={receipt.language} />}
      {receipt.receiveAmount !== null && receipt.paymentMethod === 'CASH' && !refund && (
        <>
          <div>
            <dt>{t('receipt.received')}</dt>
            <dd>{formatVnd(receipt.receiveAmount)}</dd>
          </div>
          <div>
            <dt>{t('receipt.change')}</dt>
            <dd>{formatVnd(receipt.returnAmount ?? 0)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

/** The refund's way, reason, who and what stays paid (issue 27 §1; D305), under the amount given back. */
function RefundBlock({ refund, method, language }: { refund: ReceiptRefund; method: string; language: 'vi' | 'en' }) {
  const { t } = useTranslation('common', { lng: language });
  const rows: Array<[string, string, string]> = [
    ['way', t('receipt.refund.way'), method],
    ['reason', t('receipt.refund.reason'), refund.reason],
    ...(refund.note ? [['note', t('receipt.refund.note'), refund.note] as [string, string, string]] : []),
    ['by', t('receipt.refund.by'), refund.by],
    ['paid', t('receipt.refund.paid'), formatVnd(refund.paid)],
    ['remaining', t('receipt.refund.remaining'), formatVnd(refund.remainingPaid)],
  ];
  return (
    <>
      {rows.map(([key, label, value]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd data-testid={`receipt-refund-${key}`}>{value}</dd>
        </div>
      ))}
    </>
  );
}

/**
 * "Print invoice" (D252): the e-invoice's symbol, number and lookup code with a QR of the
 * provider's lookup page; while the sale service is still issuing it, a line saying so and where to
 * look it up (a reprint from the order list carries the code).
 */
function InvoiceBlock({ invoice, qrImage, language }: { invoice: ReceiptInvoice; qrImage: string | null; language: 'vi' | 'en' }) {
  const { t } = useTranslation('common', { lng: language });
  return (
    <section className="receipt-invoice" data-testid="receipt-invoice">
      <div className="receipt-invoice-title">{t('receipt.invoice.title')}</div>
      {invoice.state === 'issued' ? (
        <dl>
          {invoice.symbol && (
            <div>
              <dt>{t('receipt.invoice.symbol')}</dt>
              <dd data-testid="receipt-invoice-symbol">{invoice.symbol}</dd>
            </div>
          )}
          <div>
            <dt>{t('receipt.invoice.number')}</dt>
            <dd data-testid="receipt-invoice-number">{invoice.number}</dd>
          </div>
          <div>
            <dt>{t('receipt.invoice.lookupCode')}</dt>
            <dd data-testid="receipt-invoice-lookup-code">{invoice.lookupCode}</dd>
          </div>
        </dl>
      ) : (
        <div className="receipt-small" data-testid="receipt-invoice-pending">
          {t('receipt.invoice.pending')}
        </div>
      )}
      <div className="receipt-small">
        {t('receipt.invoice.lookupAt')} <span data-testid="receipt-invoice-lookup-url">{invoice.lookupUrl}</span>
      </div>
      {invoice.state === 'issued' && qrImage && (
        <div className="receipt-qr" data-testid="receipt-invoice-qr">
          <img src={qrImage} alt={t('receipt.invoice.qrAlt')} width={128} height={128} />
        </div>
      )}
    </section>
  );
}

/** Receipt layout for a 72 mm printable width (80 mm paper). */
export const RECEIPT_CSS = `
.receipt { width: 72mm; margin: 0 auto; padding: 3mm 0; color: #000; font: 12px/1.35 Arial, Helvetica, sans-serif; }
.receipt-head { text-align: center; margin-bottom: 2mm; }
.receipt-shop { font-size: 15px; font-weight: 700; }
.receipt-title { margin-top: 2mm; font-size: 13px; font-weight: 700; text-transform: uppercase; }
.receipt-copy { margin-top: 1mm; font-weight: 700; border: 1px solid #000; display: inline-block; padding: 0 2mm; }
.receipt-small { font-size: 10px; color: #000; }
.receipt dl { margin: 0; }
.receipt dl > div { display: flex; justify-content: space-between; gap: 2mm; }
.receipt dt, .receipt dd { margin: 0; }
.receipt dd { text-align: right; overflow-wrap: anywhere; }
.receipt-meta, .receipt-totals { border-top: 1px dashed #000; padding-top: 1mm; margin-top: 1mm; }
.receipt-lines { width: 100%; border-collapse: collapse; margin-top: 1mm; border-top: 1px dashed #000; }
.receipt-lines th { text-align: left; font-size: 11px; }
.receipt-lines td { vertical-align: top; padding: 0.5mm 0; overflow-wrap: anywhere; }
.receipt-num { text-align: right; white-space: nowrap; }
.receipt-total { font-weight: 700; font-size: 14px; }
.receipt-qr { text-align: center; margin-top: 2mm; }
.receipt-invoice { margin-top: 2mm; border-top: 1px dashed #000; padding-top: 1mm; }
.receipt-invoice-title { font-weight: 700; text-align: center; text-transform: uppercase; }
.receipt-foot { text-align: center; margin-top: 3mm; border-top: 1px dashed #000; padding-top: 1mm; }
`;
