import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { getI18n } from 'react-i18next';
import type { ZReport } from '../../services/closing/schemas';
import type { RenderedReceipt } from '../../services/shared/print/printer';
import { RECEIPT_CSS } from '../shared/receipt/Receipt';
import { ZReportPaper } from './ZReportPaper';

/** The Z report's paper as markup for the print frame (D306), rendered by React so every value is text. */
export async function renderZReport(report: ZReport, language: 'vi' | 'en'): Promise<RenderedReceipt> {
  await getI18n().loadLanguages(language);
  await getI18n().loadNamespaces('closing');
  const host = document.createElement('div');
  const root = createRoot(host);
  flushSync(() => root.render(<ZReportPaper report={report} language={language} />));
  const html = host.innerHTML;
  root.unmount();
  if (!html) throw new Error('the Z report did not render');
  return { html, css: RECEIPT_CSS };
}
