import type { InvoiceRecord } from '../../core/types';

/** The invoice as MISA's status, publish and paging results name it. */
export function toWire(invoice: InvoiceRecord) {
  const h = invoice.hdon;
  const buyer = h.NDHDon.NMua;
  // A business buyer is printed as the company with the person beside it; an individual is the person alone.
  const business = buyer.HVTNMHang !== '';
  return {
    RefID: invoice.clientRef,
    TransactionID: invoice.lookupCode,
    InvTemplateNo: invoice.templateCode,
    InvSeries: `${invoice.templateCode}${invoice.series}`,
    InvNo: String(invoice.number).padStart(8, '0'),
    InvDate: h.TTChung.NLap,
    InvoiceCode: invoice.cqtCode,
    PublishStatus: invoice.signedAt === null ? 0 : 1,
    EInvoiceStatus: invoice.status,
    SendTaxStatus: Number(invoice.cqtStatus ?? 0),
    PaymentMethodName: h.TTChung.HTTToan,
    BuyerFullName: business ? buyer.HVTNMHang : buyer.Ten,
    BuyerLegalName: business ? buyer.Ten : '',
    BuyerTaxCode: buyer.MST,
    BuyerAddress: buyer.DChi,
    BuyerCode: buyer.MKHang,
    BuyerEmail: buyer.DCTDTu ?? '',
    BuyerPhoneNumber: buyer.SDThoai ?? '',
    BuyerIDNumber: buyer.CCCDan ?? '',
    TotalSaleAmountOC: h.NDHDon.TToan.TgTCThue,
    TotalSaleAmount: h.NDHDon.TToan.TgTCThue,
    TotalAmountWithoutVATOC: h.NDHDon.TToan.TgTCThue,
    TotalVATAmountOC: h.NDHDon.TToan.TgTThue,
    TotalVATAmount: h.NDHDon.TToan.TgTThue,
    TotalAmountOC: h.NDHDon.TToan.TgTTTBSo,
    TotalAmount: h.NDHDon.TToan.TgTTTBSo,
    TotalAmountInWords: h.NDHDon.TToan.TgTTTBChu,
    TaxRateInfo: h.NDHDon.TToan.THTTLTSuat.map((r) => ({ VATRateName: r.TSuat, AmountWithoutVATOC: r.ThTien, VATAmountOC: r.TThue })),
    OriginalInvoiceDetail: h.NDHDon.DSHHDVu.map((l) => ({
      LineNumber: l.STT,
      ItemName: l.THHDVu,
      UnitName: l.DVTinh,
      Quantity: l.SLuong,
      UnitPrice: l.DGia,
      AmountOC: l.ThTien,
      AmountWithoutVATOC: l.ThTien,
      VATRateName: l.TSuat ?? null,
      VATAmountOC: l.TThue ?? null,
    })),
    SignedDate: invoice.signedAt,
    // A correction names its original in the fields its publish took (D246).
    ...(h.TTChung.TTHDLQuan
      ? {
          ReferenceType: h.TTChung.TTHDLQuan.TCHDon,
          OrgInvoiceType: h.TTChung.TTHDLQuan.LHDCLQuan,
          OrgInvTemplateNo: h.TTChung.TTHDLQuan.KHMSHDCLQuan,
          OrgInvSeries: h.TTChung.TTHDLQuan.KHHDCLQuan,
          OrgInvNo: String(h.TTChung.TTHDLQuan.SHDCLQuan).padStart(8, '0'),
          OrgInvDate: h.TTChung.TTHDLQuan.NLHDCLQuan,
          ChangeReason: h.TTChung.TTHDLQuan.GChu,
          TypeChangeInvoice: h.TTChung.TTHDLQuan.TCHDon === 2 && h.NDHDon.DSHHDVu.length === 0 ? 1 : 0,
        }
      : {}),
  };
}
