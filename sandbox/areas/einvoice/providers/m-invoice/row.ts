import type { InvoiceRecord } from '../../core/types';
import { MI_CQT_TEXT, type MiCqtStatus } from './wire';

/** The invoice in M-Invoice's names (GetInfoInvoice, Save, Sign, GetInvoices). */
export function toWire(invoice: InvoiceRecord) {
  const h = invoice.hdon;
  const buyer = h.NDHDon.NMua;
  // A business buyer is printed as the company with the person beside it (HVTNMHang); an individual,
  // even one with a personal tax code, is the person alone.
  const business = buyer.HVTNMHang !== '';
  return {
    // API 2.0 answers the invoice under both names (its published Save answer): the inv_* ones of the
    // request (D259) beside the tax authority's lower-case ones below.
    inv_invoiceAuth_id: invoice.providerId,
    inv_invoiceSeries: `${invoice.templateCode}${invoice.series}`,
    inv_invoiceNumber: invoice.number,
    inv_invoiceIssuedDate: `${h.TTChung.NLap}T00:00:00`,
    key_api: invoice.clientRef,
    so_benh_an: invoice.extra.soBenhAn ?? null,
    inv_TotalAmountWithoutVat: h.NDHDon.TToan.TgTCThue,
    inv_vatAmount: h.NDHDon.TToan.TgTThue,
    inv_TotalAmount: h.NDHDon.TToan.TgTTTBSo,
    id: invoice.providerId,
    hoadon68_id: invoice.providerId,
    khieu: `${invoice.templateCode}${invoice.series}`,
    khmshdon: invoice.templateCode,
    khhdon: invoice.series,
    shdon: invoice.number,
    nlap: h.TTChung.NLap,
    dvtte: h.TTChung.DVTTe,
    tgia: h.TTChung.TGia,
    htttoan: h.TTChung.HTTToan,
    sdhang: invoice.extra.soBenhAn ?? null,
    tnmua: business ? buyer.HVTNMHang : buyer.Ten,
    ten: business ? buyer.Ten : '',
    mst: buyer.MST,
    dchi: buyer.DChi,
    mnmua: buyer.MKHang,
    email: buyer.DCTDTu ?? '',
    sdtnmua: buyer.SDThoai ?? '',
    cccdan: buyer.CCCDan ?? '',
    details: [
      {
        data: h.NDHDon.DSHHDVu.map((l) => ({
          stt: l.STT,
          ten: l.THHDVu,
          dvtinh: l.DVTinh,
          sluong: l.SLuong,
          dgia: l.DGia,
          thtien: l.ThTien,
          tsuat: l.TSuat ?? null,
          tthue: l.TThue ?? null,
        })),
      },
    ],
    thue_suat: h.NDHDon.TToan.THTTLTSuat.map((r) => ({ tsuat: r.TSuat, thtien: r.ThTien, tthue: r.TThue })),
    tgtcthue: h.NDHDon.TToan.TgTCThue,
    tgtthue: h.NDHDon.TToan.TgTThue,
    tgtttbso: h.NDHDon.TToan.TgTTTBSo,
    tgtttbchu: h.NDHDon.TToan.TgTTTBChu,
    trang_thai_hd: invoice.status,
    // D259: the CQT status's number is `trang_thai`, its words `tthai` (M-Invoice's published answer).
    trang_thai: Number(invoice.cqtStatus),
    tthai: MI_CQT_TEXT[Number(invoice.cqtStatus) as MiCqtStatus] ?? '',
    macqt: invoice.cqtCode,
    sobaomat: invoice.lookupCode,
    ngay_ky: invoice.signedAt,
    ngay_tao: invoice.createdAt,
    // A correction answers what it names, as its call took it (D247).
    ...(h.TTChung.TTHDLQuan
      ? {
          tthdlquan: {
            tchdon: h.TTChung.TTHDLQuan.TCHDon,
            lhdclquan: h.TTChung.TTHDLQuan.LHDCLQuan,
            khmshdclquan: h.TTChung.TTHDLQuan.KHMSHDCLQuan,
            khhdclquan: h.TTChung.TTHDLQuan.KHHDCLQuan,
            shdclquan: h.TTChung.TTHDLQuan.SHDCLQuan,
            nlhdclquan: h.TTChung.TTHDLQuan.NLHDCLQuan,
            gchu: h.TTChung.TTHDLQuan.GChu,
            dcthongtin: h.TTChung.TTHDLQuan.TCHDon === 2 && h.NDHDon.DSHHDVu.length === 0,
          },
        }
      : {}),
  };
}
