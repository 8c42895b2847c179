import type { InvoiceRecord } from '../../core/types';
import { VIETTEL_CQT_NAMES, type ViettelCqtStatus } from './statuses';
import { templateOf, viettelInvoiceNo } from './common';
import { VIETTEL_RATE_OF } from './figures';

/** One invoice as Viettel's searches answer it; dates are epoch milliseconds. */
export function viettelInvoice(invoice: InvoiceRecord) {
  const { TTChung, NDHDon } = invoice.hdon;
  const exchange = Number(invoice.cqtStatus) as ViettelCqtStatus;
  return {
    invoiceId: invoice.id,
    transactionID: invoice.providerId,
    transactionUuid: invoice.clientRef,
    invoiceType: invoice.templateCode,
    adjustmentType: String(invoice.status),
    templateCode: templateOf(invoice),
    invoiceSeri: invoice.series,
    invoiceNumber: String(invoice.number),
    invoiceNo: viettelInvoiceNo(invoice),
    currency: TTChung.DVTTe,
    issueDate: invoice.issuedAt,
    buyerName: NDHDon.NMua.HVTNMHang || NDHDon.NMua.Ten,
    buyerLegalName: NDHDon.NMua.HVTNMHang ? NDHDon.NMua.Ten : null,
    buyerTaxCode: NDHDon.NMua.MST || null,
    buyerAddressLine: NDHDon.NMua.DChi || null,
    buyerEmail: NDHDon.NMua.DCTDTu ?? null,
    buyerPhoneNumber: NDHDon.NMua.SDThoai ?? null,
    paymentMethodName: TTChung.HTTToan,
    totalBeforeTax: NDHDon.TToan.TgTCThue,
    taxAmount: NDHDon.TToan.TgTThue,
    total: NDHDon.TToan.TgTTTBSo,
    // One rate: its number; several (or none): null, as Viettel's own taxRate on a mixed invoice.
    taxPercentage: NDHDon.TToan.THTTLTSuat.length === 1 ? VIETTEL_RATE_OF[NDHDon.TToan.THTTLTSuat[0]!.TSuat] : null,
    status: exchange,
    statusName: VIETTEL_CQT_NAMES[exchange] ?? null,
    reservationCode: invoice.lookupCode,
    codeOfTax: invoice.cqtCode,
    sentDate: invoice.signedAt,
    // A replacement (3) or adjustment (5) answers what it names, in the create's own fields (§6.2; D245).
    ...(TTChung.TTHDLQuan
      ? {
          adjustmentInvoiceType: TTChung.TTHDLQuan.TCHDon === 2 ? (invoice.hdon.NDHDon.DSHHDVu.length === 0 ? '2' : '1') : null,
          originalInvoiceId: `${TTChung.TTHDLQuan.KHHDCLQuan}${TTChung.TTHDLQuan.SHDCLQuan}`,
          originalTemplateCode: `${TTChung.TTHDLQuan.KHMSHDCLQuan}`,
          originalInvoiceIssueDate: Date.parse(`${TTChung.TTHDLQuan.NLHDCLQuan}T00:00:00+07:00`),
          adjustedNote: TTChung.TTHDLQuan.GChu,
        }
      : {}),
  };
}
