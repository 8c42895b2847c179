import type { EinvAccount } from '../../core/accounts';
import { EARLIEST_INVOICE_DAY } from '../../core/document';
import type { CorrectionRefusal } from '../../core/store';
import { isValidTaxCode } from '../../core/taxcode';
import type { CorrectionInput, IssueInput } from '../../core/types';
import { vnDay } from '../../core/vat';
import { FPT_VRT_RATES, type FptInvoiceBody, type FptVrt } from './schemas';
import { PROVIDER, FptError } from './common';

/** What FPT checks in a create body, and the core's input made from it. */

/** FPT's refusal of the original a correction names (D244). */
export const ORIGINAL_REFUSALS: Record<CorrectionRefusal, string> = {
  unknown: 'Không tìm thấy hóa đơn gốc',
  'not-issued': 'Hóa đơn gốc chưa được duyệt (ký và gửi CQT)',
  replaced: 'Hóa đơn gốc đã bị thay thế',
  adjustment: 'Không được thay thế hóa đơn điều chỉnh',
  mismatch: 'Ngày hoặc mẫu số của hóa đơn gốc không đúng',
};

/**
 * The core's input from FPT's own figures (D234): each item's price and amount before tax, its rate and
 * VAT, and the invoice's sum, vat and total. FPT states no breakdown by rate: the core works it from
 * the items and checks the totals against it.
 */
export function issueInputOf(merchantId: string, inv: FptInvoiceBody, issuedAt: number, correction?: CorrectionInput): IssueInput {
  const info = correction?.adjustKind === 'info';
  const company = inv.buyer?.trim() || undefined;
  const taxCode = inv.btax?.trim() || undefined;
  return {
    merchantId,
    provider: PROVIDER,
    templateCode: inv.form,
    series: inv.serial,
    issuedAt,
    buyer: {
      isIndividual: !company && !taxCode,
      name: inv.bname,
      ...(company ? { company } : {}),
      ...(taxCode ? { taxCode } : {}),
      ...(inv.baddr ? { address: inv.baddr } : {}),
      ...(inv.bmail ? { email: inv.bmail } : {}),
      ...(inv.btel ? { phone: inv.btel } : {}),
      ...(inv.bcode ? { customerCode: inv.bcode } : {}),
      ...(inv.bidc ? { idCard: inv.bidc } : {}),
    },
    // An adjustment's decrease comes negative (D247): its size, marked as lowering the original.
    lines: info
      ? []
      : inv.items.map((item) => ({
          name: item.name,
          ...(item.unit ? { unit: item.unit } : {}),
          quantity: Math.abs(item.quantity),
          unitPrice: Math.abs(item.price),
          amount: Math.abs(item.amount),
          rate: item.vrt === undefined ? null : FPT_VRT_RATES[item.vrt as FptVrt],
          ...(item.vat !== undefined ? { vat: Math.abs(item.vat) } : {}),
          ...(item.amount < 0 || item.quantity < 0 ? { decrease: true } : {}),
        })),
    totals: { net: inv.sum, vat: inv.vat, gross: inv.total },
    ...(inv.note || info ? { notes: [...(inv.note ? [inv.note] : []), ...(info ? inv.items.map((i) => i.name) : [])] } : {}),
    ...(correction ? { correction } : {}),
    paymentMethod: inv.paym,
    clientRef: inv.sid,
  };
}

/** A core field (document.ts) as FPT names it in its request, for the refusal's `field`. */
export function fptField(field: string): string {
  const line = /^lines\[(\d+)\](?:\.(\w+))?$/.exec(field);
  if (line) {
    const names: Record<string, string> = { unitPrice: 'price', rate: 'vrt' };
    return `inv.items.${line[1]}${line[2] ? `.${names[line[2]] ?? line[2]}` : ''}`;
  }
  const named: Record<string, string> = {
    series: 'inv.serial',
    lines: 'inv.items',
    'totals.net': 'inv.sum',
    'totals.vat': 'inv.vat',
    'totals.gross': 'inv.total',
    issuedAt: 'inv.idt',
    templateCode: 'inv.form',
  };
  return named[field] ?? `inv.${field}`;
}

/**
 * The figures FPT checks before the core does (D234): each item's rate from FPT's list and only on a
 * VAT invoice, an item's total = amount + VAT, the đồng copies of the totals equal to them. The core
 * checks the rest (amount = quantity × price and VAT = rate × amount within 1 đồng, the sums exact).
 */
function checkFigures(inv: FptInvoiceBody): void {
  const adjusting = inv.adj !== undefined && inv.adj.adjtyp !== undefined;
  if (adjusting && inv.adj?.adjtyp === '2') {
    // An adjustment of information: its items say what changed, without amounts.
    inv.items.forEach((item, i) => {
      if (item.amount !== 0 || (item.vat ?? 0) !== 0 || item.price !== 0)
        throw new FptError(400, 'INVALID_DATA', 'Hóa đơn điều chỉnh thông tin không có số tiền', { field: `inv.items.${i}.amount` });
    });
    if (inv.sum !== 0 || inv.vat !== 0 || inv.total !== 0)
      throw new FptError(400, 'INVALID_DATA', 'Hóa đơn điều chỉnh thông tin không có số tiền', { field: 'inv.total' });
    return;
  }
  if (!adjusting) {
    const negative = inv.items.findIndex((item) => item.quantity <= 0 || item.price < 0 || item.amount < 0 || (item.vat ?? 0) < 0);
    if (negative >= 0)
      throw new FptError(400, 'INVALID_DATA', 'Số lượng, đơn giá và số tiền không được âm', { field: `inv.items.${negative}.quantity` });
    if (inv.sum < 0 || inv.vat < 0 || inv.total < 0)
      throw new FptError(400, 'INVALID_DATA', 'Tổng tiền không được âm', { field: 'inv.total' });
  }
  inv.items.forEach((item, i) => {
    const at = `inv.items.${i}`;
    if (item.quantity === 0) throw new FptError(400, 'INVALID_DATA', `Dòng ${i + 1}: số lượng phải khác 0`, { field: `${at}.quantity` });
    if (inv.form === '2') {
      if (item.vrt !== undefined || item.vat !== undefined) {
        throw new FptError(400, 'INVALID_VAT_RATE', 'Hóa đơn bán hàng không có thuế GTGT', {
          field: `${at}.${item.vrt !== undefined ? 'vrt' : 'vat'}`,
        });
      }
      return;
    }
    if (item.vrt === undefined) throw new FptError(400, 'INVALID_VAT_RATE', `Dòng ${i + 1}: thiếu thuế suất (vrt)`, { field: `${at}.vrt` });
    if (!Object.hasOwn(FPT_VRT_RATES, item.vrt)) {
      throw new FptError(400, 'INVALID_VAT_RATE', `Dòng ${i + 1}: thuế suất ${item.vrt} không hợp lệ (0, 5, 8, 10, -1, -2)`, {
        field: `${at}.vrt`,
      });
    }
    if (
      item.total !== undefined &&
      item.total !== item.amount + (item.vat ?? 0) &&
      item.total !== Math.abs(item.amount) + Math.abs(item.vat ?? 0)
    ) {
      throw new FptError(400, 'INVALID_DATA', `Dòng ${i + 1}: tổng tiền ${item.total} khác thành tiền + tiền thuế`, {
        field: `${at}.total`,
      });
    }
  });
  for (const [copy, of] of [
    ['sumv', 'sum'],
    ['vatv', 'vat'],
    ['totalv', 'total'],
  ] as const) {
    if (inv[copy] !== undefined && inv[copy] !== inv[of]) {
      throw new FptError(400, 'INVALID_DATA', `${copy} phải bằng ${of} (hóa đơn bằng VND)`, { field: `inv.${copy}` });
    }
  }
}

export function checkInvoice(account: EinvAccount, inv: FptInvoiceBody, issuedAt: number, now: number, approved: boolean): void {
  const series = account.series.find((s) => s.value === inv.serial);
  if (!series) throw new FptError(400, 'SERIAL_NOT_FOUND', `Ký hiệu ${inv.serial} không tồn tại`, { field: 'inv.serial' });
  if (!series.active) throw new FptError(400, 'SERIAL_NOT_ACTIVE', `Ký hiệu ${inv.serial} chưa được sử dụng`, { field: 'inv.serial' });
  if (series.template_code !== inv.form) {
    throw new FptError(400, 'FORM_MISMATCH', `Ký hiệu ${inv.serial} thuộc mẫu số ${series.template_code}`, { field: 'inv.form' });
  }
  if (inv.type && inv.type !== (inv.form === '1' ? '01GTKT' : '02GTTT')) {
    throw new FptError(400, 'TYPE_MISMATCH', `Loại hóa đơn ${inv.type} không khớp mẫu số ${inv.form}`, { field: 'inv.type' });
  }
  if (vnDay(issuedAt) < EARLIEST_INVOICE_DAY)
    throw new FptError(400, 'INVALID_DATE', `Ngày hóa đơn không được trước ngày ${EARLIEST_INVOICE_DAY}`, { field: 'inv.idt' });
  if (vnDay(issuedAt) > vnDay(now))
    throw new FptError(400, 'INVALID_DATE', 'Ngày hóa đơn không được sau ngày hiện tại', { field: 'inv.idt' });
  // The symbol's two digits are its year (Circular 78 art. 4): a C26… series cannot carry a 2027 invoice (D234).
  if (inv.serial.slice(1, 3) !== vnDay(issuedAt).slice(2, 4)) {
    throw new FptError(400, 'SERIAL_YEAR_MISMATCH', `Ký hiệu ${inv.serial} không dùng cho hóa đơn ngày ${vnDay(issuedAt)}`, {
      field: 'inv.serial',
    });
  }
  checkFigures(inv);
  if (inv.btax && !isValidTaxCode(inv.btax)) {
    throw new FptError(400, 'BUYER_TAX_CODE_INVALID', 'Mã số thuế người mua không hợp lệ', { field: 'inv.btax' });
  }
  if ((inv.btax || inv.buyer) && !(inv.btax && inv.buyer)) {
    throw new FptError(400, 'INVALID_DATA', 'Người mua là doanh nghiệp cần cả tên đơn vị và mã số thuế', {
      field: inv.btax ? 'inv.buyer' : 'inv.btax',
    });
  }
  if (!approved) {
    throw new FptError(400, 'DECLARATION_NOT_APPROVED', 'Tờ khai đăng ký sử dụng hóa đơn điện tử chưa được CQT chấp nhận');
  }
}
