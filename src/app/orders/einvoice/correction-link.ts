import { parseEivCode } from '../../../rules/einvoiceCode';
import { MAX_CUSTOM_RANGE_MS } from '../../../rules/timeRange';
import { DAY_MS, vnDayStart, vnToday } from '../../../rules/vnTime';
import type { Order } from '../../../services/orders/schemas';
import { einvoicePaths } from '../../einvoice/paths';

/**
 * D243, from the order: the e-invoice list opened on the order's invoice, its correction
 * offered (adjust or replace, D243). The order keeps its invoice's lookup code; the invoice carries the
 * sale's day or a later one (D254), so the list looks from the payment's day over the longest range it
 * takes (core §5, 30 days), never past today. Null when the order has no issued invoice.
 */
export function correctionHref(order: Pick<Order, 'eiv_code' | 'paid_at' | 'updated_at'>, nowMs: number): string | null {
  const parts = parseEivCode(order.eiv_code);
  if (!parts) return null;
  const from = vnDayStart((order.paid_at ?? order.updated_at) * 1000);
  const to = Math.min(vnDayStart(nowMs), from + Math.floor(MAX_CUSTOM_RANGE_MS / DAY_MS - 1) * DAY_MS);
  return einvoicePaths.correctByCode({ lookupCode: parts.searchCode, from: vnToday(from), to: vnToday(Math.max(from, to)) });
}
