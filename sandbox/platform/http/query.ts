import { ApiError } from './envelope';

/**
 * A whole-number query parameter from 1 to `max` (page, page_size): `fallback` when absent or empty,
 * 400 BAD_REQUEST `{field}` for anything else.
 */
export function queryInt(query: unknown, name: string, fallback: number, max: number): number {
  const v = (query as Record<string, unknown> | undefined)?.[name];
  if (v === undefined || v === '') return fallback;
  if (typeof v !== 'string' || !/^\d{1,7}$/.test(v) || Number(v) < 1 || Number(v) > max) {
    throw new ApiError(400, 'BAD_REQUEST', `${name} must be 1..${max}`, { field: name });
  }
  return Number(v);
}
