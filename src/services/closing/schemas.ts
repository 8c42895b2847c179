import { z } from '../../config/zod-classic';
import { PAY_METHODS, type ZReportFigures } from '../../rules/closing/zReport';
import { VAT_RATE_CODES } from '../../rules/vatRates';

/**
 * The sale service's Z report (D306; docs/areas/closing.md): the scope it covers and the one figure
 * object the screen, the paper and the spreadsheet are built from. Money whole đồng, times unix seconds.
 */

const money = z.number().int();
const count = z.number().int().nonnegative();
const countAmount = z.object({ count, amount: money });
const byMethod = z.object(
  Object.fromEntries(PAY_METHODS.map((m) => [m, countAmount])) as Record<(typeof PAY_METHODS)[number], typeof countAmount>,
);

export const zReportFiguresSchema = z.object({
  sales: byMethod,
  refunds: byMethod,
  voids: countAmount,
  discounts: countAmount,
  vat: z.array(z.object({ rate: z.enum(VAT_RATE_CODES), net: money, vat: money, gross: money })),
  invoiced: countAmount,
  notInvoiced: countAmount,
  cash: z.object({
    shifts: count,
    float: money,
    sales: money,
    refunds: money,
    cashIn: money,
    cashOut: money,
    expected: money,
    counted: money.nullable(),
    difference: money.nullable(),
  }),
}) satisfies z.ZodType<ZReportFigures>;

export const zReportSchema = z.object({
  kind: z.enum(['day', 'shift']),
  store_id: z.number().int().positive(),
  store_name: z.string(),
  /** The Vietnam day (YYYY-MM-DD): the one asked, or the day the shift opened. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  shift_id: z.number().int().positive().nullable(),
  /** OPEN: a shift of the scope is still open (figures up to now, cash not counted); null: a day with no open shift. */
  status: z.enum(['OPEN', 'CLOSED']).nullable(),
  from: z.number().int().nonnegative(),
  to: z.number().int().nonnegative(),
  generated_at: z.number().int().nonnegative(),
  figures: zReportFiguresSchema,
});
export type ZReport = z.infer<typeof zReportSchema>;

/** What a report is asked for: a store and a day, or a shift. */
export type ZReportQuery = { kind: 'day'; storeId: number; date: string } | { kind: 'shift'; shiftId: number };

export const zReportQueryToParams = (q: ZReportQuery): Record<string, string | number> =>
  q.kind === 'day' ? { store_id: q.storeId, date: q.date } : { shift_id: q.shiftId };
