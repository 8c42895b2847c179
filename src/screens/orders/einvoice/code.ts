import type { TFunction } from 'i18next';
import { invoiceCodeView } from '../../../rules/einvoiceCode';

/**
 * An order's e-invoice code as the merchant reads it (D224): symbol, number and lookup code (the
 * symbol only where the export's answer named it), never the stored `cqt::lookup::number`. `t` is the
 * orders namespace's. The same text is the toast's (OrderEinvoice's notifyExported).
 */
export function invoiceCodeText(t: TFunction<'orders'> | TFunction, code: string, serial?: string | null): string {
  const view = invoiceCodeView(code, serial);
  return t(`orders:einvoice.code.${view.kind}`, view) as string;
}
