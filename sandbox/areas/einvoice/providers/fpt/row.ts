import type { FastifyReply } from 'fastify';
import type { SandboxContext } from '../../../../platform/context';
import { consumeFault } from '../../core/faults';
import { renderInvoicePdf } from '../../core/pdf';
import { totalAfterOf } from '../../core/store';
import { PROVIDER_NAMES, type InvoiceRecord, type RateCode } from '../../core/types';
import { FPT_VRT_RATES } from './schemas';
import { PROVIDER, FPT_LOOKUP_URL, FptError, fptDateTime } from './common';

/** The list and detail row: doc 2 §3 "E-invoice row" plus FPT's own invoice fields. */
export function fptRow(invoice: InvoiceRecord) {
  const { TTChung, NDHDon } = invoice.hdon;
  const buyer = NDHDon.NMua;
  return {
    sid: invoice.clientRef,
    vpid: String(invoice.id),
    type: invoice.templateCode === '1' ? '01GTKT' : '02GTTT',
    form: invoice.templateCode,
    serial: invoice.series,
    seq: invoice.number,
    idt: fptDateTime(invoice.issuedAt),
    invoice_date: fptDateTime(invoice.issuedAt),
    paym: TTChung.HTTToan,
    bname: buyer.HVTNMHang || buyer.Ten,
    buyer: buyer.HVTNMHang ? buyer.Ten : '',
    btax: buyer.MST,
    baddr: buyer.DChi,
    bmail: buyer.DCTDTu ?? '',
    btel: buyer.SDThoai ?? '',
    sum: NDHDon.TToan.TgTCThue,
    vat: NDHDon.TToan.TgTThue,
    total: NDHDon.TToan.TgTTTBSo,
    vat_v: NDHDon.TToan.TgTThue,
    total_v: NDHDon.TToan.TgTTTBSo,
    // One rate: its vrt; several (a mixed bill) or none (a sales invoice): null, the items say each.
    vrt: NDHDon.TToan.THTTLTSuat.length === 1 ? vrtOf(NDHDon.TToan.THTTLTSuat[0]!.TSuat) : null,
    items: NDHDon.DSHHDVu.map((item) => ({
      line: item.STT,
      name: item.THHDVu,
      unit: item.DVTinh ?? '',
      quantity: item.SLuong,
      price: item.DGia,
      amount: item.ThTien,
      vrt: item.TSuat === undefined ? null : vrtOf(item.TSuat),
      vat: item.TThue ?? null,
    })),
    status: invoice.status,
    status_received: invoice.cqtStatus === null ? null : Number(invoice.cqtStatus),
    tax_authority_code: invoice.cqtCode,
    search_code: invoice.lookupCode,
    sec: invoice.lookupCode,
    // A correction answers what it names, as its call took it (D247).
    ...(TTChung.TTHDLQuan
      ? {
          adj: {
            kind: TTChung.TTHDLQuan.TCHDon === 1 ? 'replace' : 'adjust',
            rform: TTChung.TTHDLQuan.KHMSHDCLQuan,
            rserial: TTChung.TTHDLQuan.KHHDCLQuan,
            rseq: TTChung.TTHDLQuan.SHDCLQuan,
            rdt: TTChung.TTHDLQuan.NLHDCLQuan,
            rea: TTChung.TTHDLQuan.GChu,
            ...(TTChung.TTHDLQuan.TCHDon === 2 ? { adjtyp: NDHDon.DSHHDVu.length === 0 ? '2' : '1' } : {}),
          },
        }
      : {}),
  };
}

const vrtOf = (rate: RateCode): string => Object.entries(FPT_VRT_RATES).find(([, code]) => code === rate)?.[0] ?? rate;

export async function sendPdf(ctx: SandboxContext, reply: FastifyReply, invoice: InvoiceRecord, asJson: boolean) {
  if (await consumeFault(ctx.db, invoice.merchantId, PROVIDER, 'pdf-not-ready')) {
    throw new FptError(409, 'PDF_NOT_READY', 'Tệp hóa đơn đang được tạo, vui lòng thử lại');
  }
  const pdf = Buffer.from(
    await renderInvoicePdf(invoice.hdon, {
      lookupCode: invoice.lookupCode,
      lookupUrl: FPT_LOOKUP_URL,
      providerName: PROVIDER_NAMES.fpt,
      totalAfter: totalAfterOf(invoice),
    }),
  );
  if (asJson)
    return reply.send({
      sid: invoice.clientRef,
      form: invoice.templateCode,
      serial: invoice.series,
      seq: invoice.number,
      pdf: pdf.toString('base64'),
    });
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${invoice.series}-${invoice.number}.pdf"`)
    .send(pdf);
}
