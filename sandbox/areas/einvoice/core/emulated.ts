import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { InvoiceRecord } from './types';

/**
 * A body parsed by the provider's schema; a failure throws the ZodError itself, which the FPT and
 * Viettel emulators' error handlers turn into their own refusal shapes (MISA and M-Invoice throw their
 * refusal directly, so they keep their own parse).
 */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw result.error;
  return result.data;
}

/**
 * A stand-in for the code the tax authority gives a coded invoice (MCCQT), 34 characters. Made from
 * the invoice's random lookup code, so two reads settling the same invoice at once write the same code.
 */
export const cqtCodeOf = (invoice: InvoiceRecord): string =>
  `00${createHash('sha256').update(`${invoice.lookupCode}:${invoice.id}`).digest('hex').slice(0, 32).toUpperCase()}`;
