import type { EinvoiceListPage, EinvoiceListProvider, EinvoiceListRow } from '../../../src/services/einvoice/list/schemas';
import type { EinvoiceRow } from '../../../src/services/einvoice/core/types';

/** Rows of the /e-invoice model tests: an M-Invoice merchant's invoices, one waiting to sign, one coded. */

export const mInvoice: EinvoiceListProvider = {
  route: 'm-invoice',
  name: 'M-Invoice',
  features: ['invoices', 'view', 'export', 'sign', 'sso', 'check_status', 'serial', 'export_sign'],
  invoiceLookupUrl: 'https://tracuu.minvoice.com.vn',
};

const invoice = (seq: number, over: Partial<EinvoiceRow> = {}): EinvoiceRow => ({
  id: `6f1c0000-0000-4000-8000-00000000000${seq}`,
  serial: '1C26TMV',
  seq,
  invoiceDate: Date.UTC(2026, 10, 20, 3),
  taxAuthorityCode: null,
  searchCode: `K7Q2M9XRT${seq}`,
  buyerName: 'Khách lẻ',
  vat: 140_741,
  total: 1_900_000,
  status: '0',
  statusReceived: '1',
  ...over,
});

export const waitingRow: EinvoiceListRow = {
  provider: 'm-invoice',
  invoice: invoice(1),
  cqt: { labelKey: 'status.mInvoice.cqt.1', color: 'orange' },
  status: { labelKey: 'status.mInvoice.invoice.0', color: 'blue' },
  signable: true,
  viewable: true,
  correctable: false,
  correctedBy: [],
  totalAfter: null,
};

export const codedRow: EinvoiceListRow = {
  provider: 'm-invoice',
  invoice: invoice(2, { statusReceived: '4', taxAuthorityCode: '00AB12CD34EF56AB12CD34EF56AB12CD34' }),
  cqt: { labelKey: 'status.mInvoice.cqt.4', color: 'green' },
  status: { labelKey: 'status.mInvoice.invoice.0', color: 'blue' },
  signable: false,
  viewable: true,
  correctable: true,
  correctedBy: [],
  totalAfter: null,
};

/** A provider without the PDF feature: the row can be neither viewed nor signed. */
export const blindRow: EinvoiceListRow = { ...codedRow, viewable: false };

export const twoPages: EinvoiceListPage = { rows: [waitingRow, codedRow], totalPage: 2, total: 12, provider: mInvoice };
export const emptyPage: EinvoiceListPage = { rows: [], totalPage: 0, total: 0, provider: mInvoice };

export const pdfBlob = new Blob(['%PDF-1.7 test'], { type: 'application/pdf' });
