import { useTranslation } from 'react-i18next';
import { formatVndNumber } from '../../rules/vnd';
import type { ZReport } from '../../services/closing/schemas';
import { formatDateTime } from '../shared/table/format';
import { sectionsOf, shownLines } from './lines';

/**
 * The Z report on 80 mm paper (D306), in the receipt's layout and classes (RECEIPT_CSS, D131): shop,
 * scope, then every line of the report with its count and amount. Plain markup, every value text.
 */
export function ZReportPaper({ report, language }: { report: ZReport; language: 'vi' | 'en' }) {
  const { t } = useTranslation('closing', { lng: language });
  const lines = shownLines(report, t);
  const scope =
    report.kind === 'shift'
      ? t('scope.shift', {
          store: report.store_name,
          shift: report.shift_id,
          from: formatDateTime(report.from),
          to: formatDateTime(report.to),
        })
      : t('scope.day', { store: report.store_name, date: report.date });
  return (
    <article className="receipt" data-testid="z-report-paper" lang={language}>
      <header className="receipt-head">
        <div className="receipt-shop">{report.store_name}</div>
        <div className="receipt-title">{t('paperTitle')}</div>
        <div className="receipt-small">{scope}</div>
        <div className="receipt-small">{t('scope.generated', { time: formatDateTime(report.generated_at) })}</div>
      </header>
      {sectionsOf(lines).map((group) => (
        <table className="receipt-lines" key={group.section}>
          <thead>
            <tr>
              <th scope="col">{t(`section.${group.section}`)}</th>
              <th scope="col" className="receipt-num">
                {t('column.count')}
              </th>
              <th scope="col" className="receipt-num">
                {t('column.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {group.lines.map((line) => (
              <tr key={line.id} data-line={line.id} className={line.strong ? 'receipt-total' : undefined}>
                <td>{line.label}</td>
                <td className="receipt-num">{line.count === null ? '' : line.count}</td>
                <td className="receipt-num">
                  {line.amount === null ? (line.id === 'cash.counted' ? t('notCounted') : '') : formatVndNumber(line.amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </article>
  );
}
