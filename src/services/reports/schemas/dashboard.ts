import { z } from '../../../config/zod-classic';
import { transactionStatusSchema } from './transactions';

/** Chunks of GET /dashboard-data (docs/areas/dashboard.md): day, month, year, recent, then end. */

const figures = z.object({ revenue: z.number(), count: z.number().int().nonnegative() });
export type PeriodFigures = z.infer<typeof figures>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The previous period over the same span as the current one so far (decision D63): its first and
 * last day. The percent change compares with this; `previous` is the whole previous period.
 */
const spanFigures = figures.extend({ from: isoDate, to: isoDate });
export type SpanFigures = z.infer<typeof spanFigures>;

const splitValues = z.object({ card: z.number(), qr: z.number(), other: z.number() });

export const dayChunkSchema = z.object({
  kind: z.literal('day'),
  period: isoDate,
  current: figures,
  previous: figures.extend({ period: z.string() }),
  previous_span: spanFigures,
  split: z.object({ revenue: splitValues, count: splitValues }),
});
export type DayChunk = z.infer<typeof dayChunkSchema>;

export const monthChunkSchema = z.object({
  kind: z.literal('month'),
  period: z.string().regex(/^\d{4}-\d{2}$/),
  current: figures,
  previous: figures.extend({ period: z.string() }),
  previous_span: spanFigures,
});
export type MonthChunk = z.infer<typeof monthChunkSchema>;

export const yearChunkSchema = z.object({
  kind: z.literal('year'),
  period: z.string().regex(/^\d{4}$/),
  current: figures,
  previous: figures.extend({ period: z.string() }),
  previous_span: spanFigures,
});
export type YearChunk = z.infer<typeof yearChunkSchema>;

export const recentTransactionSchema = z.object({
  id: z.string(),
  store_name: z.string(),
  type: z.string(),
  amount: z.number(),
  /** Shown on each row (D64): a failed payment must not read like a paid one. */
  status: transactionStatusSchema,
  /** Unix ms, or an ISO string from other deployments; see rules/vnTime vnWallClock. */
  created_at: z.union([z.number(), z.string()]),
});
export type RecentTransaction = z.infer<typeof recentTransactionSchema>;

export const recentChunkSchema = z.object({ kind: z.literal('recent'), transactions: z.array(recentTransactionSchema) });
export type RecentChunk = z.infer<typeof recentChunkSchema>;

export const endChunkSchema = z.object({ kind: z.literal('end') });

export const dashboardChunkSchema = z.discriminatedUnion('kind', [
  dayChunkSchema,
  monthChunkSchema,
  yearChunkSchema,
  recentChunkSchema,
  endChunkSchema,
]);
export type DashboardChunk = z.infer<typeof dashboardChunkSchema>;
