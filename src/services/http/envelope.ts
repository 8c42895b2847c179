import { z } from 'zod';

/**
 * The two success shapes of the wire contract: `{data}` and list answers that carry paging beside
 * `data`. Call sites declare the payload schema; these wrap it so the whole body is validated.
 */
export function dataEnvelope<S extends z.ZodType>(payload: S) {
  return z.object({ data: payload }).transform((body) => (body as { data: z.output<S> }).data);
}

// Paging numbers sometimes arrive as numeric strings from older services; accept both.
const count = z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/).transform(Number)]);

export interface ListPage<T> {
  data: T;
  total_page: number;
  page?: number;
  page_size?: number;
  total_amount?: number;
}

export function listEnvelope<S extends z.ZodType>(payload: S) {
  return z
    .object({
      data: payload,
      total_page: count,
      page: count.optional(),
      page_size: count.optional(),
      total_amount: count.optional(),
    })
    .transform((body): ListPage<z.output<S>> => {
      const page: ListPage<z.output<S>> = { data: (body as { data: z.output<S> }).data, total_page: body.total_page };
      if (body.page !== undefined) page.page = body.page;
      if (body.page_size !== undefined) page.page_size = body.page_size;
      if (body.total_amount !== undefined) page.total_amount = body.total_amount;
      return page;
    });
}

export type EnvelopeKind = 'data' | 'list';
