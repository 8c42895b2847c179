import { z } from '../../config/zod-mini';
import type { $ZodType, output } from 'zod/v4/core';

/**
 * The two success shapes of the wire contract: `{data}` and list answers that carry paging beside
 * `data`. Call sites declare the payload schema; these wrap it so the whole body is validated.
 */
export function dataEnvelope<S extends $ZodType>(payload: S) {
  return z.pipe(
    z.object({ data: payload }),
    z.transform((body) => (body as { data: output<S> }).data),
  );
}

// Paging numbers sometimes arrive as numeric strings from older services; accept both.
const count = z.union([z.number(), z.pipe(z.string().check(z.regex(/^\d+(\.\d+)?$/)), z.transform(Number))]);

export interface ListPage<T> {
  data: T;
  total_page: number;
  page?: number;
  page_size?: number;
  total_amount?: number;
}

export function listEnvelope<S extends $ZodType>(payload: S) {
  return z.pipe(
    z.object({
      data: payload,
      total_page: count,
      page: z.optional(count),
      page_size: z.optional(count),
      total_amount: z.optional(count),
    }),
    z.transform((body): ListPage<output<S>> => {
      const page: ListPage<output<S>> = { data: (body as { data: output<S> }).data, total_page: body.total_page };
      if (body.page !== undefined) page.page = body.page;
      if (body.page_size !== undefined) page.page_size = body.page_size;
      if (body.total_amount !== undefined) page.total_amount = body.total_amount;
      return page;
    }),
  );
}

export type EnvelopeKind = 'data' | 'list';
