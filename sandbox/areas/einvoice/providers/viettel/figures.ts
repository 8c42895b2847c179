import type { LineInput, RateCode, RateInput } from '../../core/types';
import { VIETTEL_RATES, type ViettelCreateBody } from './schemas';
import { ViettelError } from './common';

/** Viettel's taxPercentage (§6.6) and the invoice's rate code (TSuat): -2 KCT, -1 KKKNT (D231). */
const RATE_CODE_OF: Record<(typeof VIETTEL_RATES)[number], RateCode> = { [-2]: 'KCT', [-1]: 'KKKNT', 0: '0%', 5: '5%', 8: '8%', 10: '10%' };
export const VIETTEL_RATE_OF = Object.fromEntries(Object.entries(RATE_CODE_OF).map(([n, code]) => [code, Number(n)])) as Record<
  RateCode,
  number
>;
/** §8 VAT_AMOUNT_INVALID: a VAT may stray one đồng from the rate of its amount. */
const VAT_TOLERANCE = 1;
/** §6.6: quantity × unitPrice may stray 5 đồng from itemTotalAmountWithoutTax. */
const LINE_TOLERANCE = 5;

/** A refusal of the figures, as Viettel's error list §8 writes it: BAD_REQUEST with the message code first. */
export const figures = (message: string, text: string) => new ViettelError(400, 'BAD_REQUEST', `${message}: ${text}`);

function rateOf(value: number | null | undefined, at: string): RateCode {
  const rate = (VIETTEL_RATES as readonly number[]).includes(value as number) ? (value as (typeof VIETTEL_RATES)[number]) : undefined;
  if (rate === undefined)
    throw figures('VAT_PERCENTAGE_INVALID', `${at}.taxPercentage ${String(value)}: Thuế GTGT (%) phải là -2, -1, 0, 5, 8 hoặc 10`);
  return RATE_CODE_OF[rate];
}

/**
 * The invoice's lines, breakdown and notes as the request states them (D231), checked as Viettel
 * documents (§6.6, §6.7, §8): every goods line has its unit price before tax, quantity and amount
 * before tax within 5 đồng of their product, a rate from Viettel's list (none, or -2, on a sales
 * invoice) and a VAT within 1 đồng of its rate (absent = 0); the breakdown has each rate once, its
 * taxable amount the sum of its lines and its VAT the sum of theirs. An adjustment states its lines
 * unsigned with isIncreaseItem (Odoo sends a decrease's unit price negative): the sizes are kept.
 * The core then checks the same figures as the tax authority (core/document.ts, D229).
 */
export function figuresOf(body: ViettelCreateBody, sales: boolean): { lines: LineInput[]; rates?: RateInput[]; notes: string[] } {
  const lines: LineInput[] = [];
  const notes: string[] = [];
  const info = body.generalInvoiceInfo;
  const adjusting = info.adjustmentType === '5';
  // An adjustment of information (adjustmentInvoiceType 2) moves no money: its lines say what changed.
  const informationOnly = adjusting && info.adjustmentInvoiceType === '2';
  body.itemInfo.forEach((item, i) => {
    const at = `itemInfo[${i}]`;
    if (item.selection === 2) {
      notes.push(item.itemName);
      return;
    }
    if (informationOnly) {
      const moves = [item.unitPrice, item.itemTotalAmountWithoutTax, item.taxAmount].some((v) => v !== null && v !== undefined && v !== 0);
      if (moves) throw new ViettelError(400, 'BAD_REQUEST', `${at}: hóa đơn điều chỉnh thông tin không có số tiền`);
      notes.push(item.itemName);
      return;
    }
    if (item.isIncreaseItem === false && !adjusting) {
      throw new ViettelError(400, 'BAD_REQUEST', `${at}.isIncreaseItem: chỉ hóa đơn điều chỉnh có dòng giảm`);
    }
    if (item.unitPrice === null || item.unitPrice === undefined || item.quantity === null || item.quantity === undefined) {
      throw new ViettelError(400, 'BAD_REQUEST', `${at}: unitPrice (đơn giá chưa thuế) và quantity là bắt buộc với hàng hóa`);
    }
    if (item.itemTotalAmountWithoutTax === null || item.itemTotalAmountWithoutTax === undefined) {
      throw new ViettelError(400, 'BAD_REQUEST', `${at}: itemTotalAmountWithoutTax là bắt buộc`);
    }
    const unitPrice = Math.abs(item.unitPrice);
    const quantity = Math.abs(item.quantity);
    const amount = item.itemTotalAmountWithoutTax;
    if (amount < 0) throw new ViettelError(400, 'BAD_REQUEST', `${at}.itemTotalAmountWithoutTax: tổng tiền không có số âm`);
    if (Math.abs(quantity * unitPrice - amount) > LINE_TOLERANCE + 1e-9) {
      throw figures(
        'IVI_TOTAL_A_WITHOUT_TAX_AND_UP_QUAN_NOT_COMPARED',
        `${at}: ${quantity} × ${unitPrice} ≠ ${amount} (Đơn giá nhân số lượng không so khớp thành tiền)`,
      );
    }
    const vat = item.taxAmount ?? 0;
    if (vat < 0) throw figures('VAT_TAX_AMOUNT_NEGATE', `${at}.taxAmount: Tiền thuế không được nhập giá trị âm`);
    const base = {
      name: item.itemName,
      ...(item.unitName ? { unit: item.unitName } : {}),
      quantity,
      unitPrice,
      amount,
      // §6.6 isIncreaseItem false: the line lowers the original (Odoo also sends its unit price negative).
      ...(adjusting && (item.isIncreaseItem === false || (item.unitPrice ?? 0) < 0) ? { decrease: true } : {}),
    };
    if (sales) {
      if (item.taxPercentage !== null && item.taxPercentage !== undefined && item.taxPercentage !== -2) {
        throw figures('VAT_PERCENTAGE_INVALID', `${at}.taxPercentage: hóa đơn bán hàng không có thuế GTGT (-2 hoặc không truyền)`);
      }
      if (vat !== 0) throw figures('VAT_AMOUNT_INVALID', `${at}.taxAmount: hóa đơn bán hàng không có tiền thuế`);
      lines.push({ ...base, rate: null });
      return;
    }
    const rate = rateOf(item.taxPercentage, at);
    const percent = Math.max(0, VIETTEL_RATE_OF[rate]);
    if (Math.abs(vat - (amount * percent) / 100) > VAT_TOLERANCE + 1e-9) {
      throw figures('VAT_AMOUNT_INVALID', `${at}.taxAmount ${vat} ≠ ${percent}% × ${amount} (Tiền thuế không hợp lệ)`);
    }
    lines.push({ ...base, rate, vat });
  });
  if (informationOnly) return { lines, ...(sales ? {} : { rates: [] }), notes };
  if (lines.length === 0) throw new ViettelError(400, 'BAD_REQUEST', 'itemInfo: hóa đơn cần ít nhất một dòng hàng hóa');
  const breakdown = body.taxBreakdowns ?? [];
  if (breakdown.length === 0) return { lines, notes };
  const rates = ratesOf(breakdown, lines, sales);
  return { lines, ...(sales ? {} : { rates }), notes };
}

/**
 * The breakdown by rate (taxBreakdowns, §6.7) checked against the lines: each rate once, its taxable
 * amount and VAT the sums of its lines'. A sales invoice's breakdown may only say -2.
 */
function ratesOf(breakdown: NonNullable<ViettelCreateBody['taxBreakdowns']>, lines: LineInput[], sales: boolean): RateInput[] {
  const signed = (l: LineInput, value: number) => (l.decrease ? -value : value);
  const seen = new Set<RateCode>();
  const rates: RateInput[] = [];
  breakdown.forEach((row, i) => {
    const at = `taxBreakdowns[${i}]`;
    if (sales) {
      if (row.taxPercentage !== -2) throw figures('VAT_PERCENTAGE_INVALID', `${at}.taxPercentage: hóa đơn bán hàng chỉ có -2`);
      return;
    }
    const rate = rateOf(row.taxPercentage, at);
    if (seen.has(rate)) throw figures('VAT_PERCENTAGE_INVALID', `${at}: mỗi mức thuế chỉ xuất hiện một lần`);
    seen.add(rate);
    const members = lines.filter((l) => l.rate === rate);
    const net = members.reduce((sum, l) => sum + signed(l, l.amount), 0);
    const vat = members.reduce((sum, l) => sum + signed(l, l.vat ?? 0), 0);
    // Not sent: Viettel works it out from the lines (§6.7). taxableAmountPos/taxAmountPos false: a decrease (Odoo).
    const taxable =
      row.taxableAmount === null || row.taxableAmount === undefined
        ? net
        : row.taxableAmountPos === false
          ? -row.taxableAmount
          : row.taxableAmount;
    const tax = row.taxAmount === null || row.taxAmount === undefined ? vat : row.taxAmountPos === false ? -row.taxAmount : row.taxAmount;
    if (members.length === 0 || Math.abs(taxable - net) > 1e-9) {
      throw new ViettelError(
        400,
        'BAD_REQUEST',
        `${at}.taxableAmount ${taxable} ≠ tổng itemTotalAmountWithoutTax của mức ${row.taxPercentage} (${net})`,
      );
    }
    if (Math.abs(tax - vat) > 1e-9)
      throw figures('VAT_AMOUNT_INVALID', `${at}.taxAmount ${tax} ≠ tổng taxAmount của mức ${row.taxPercentage} (${vat})`);
    rates.push({ rate, net: taxable, vat: tax });
  });
  return rates;
}
