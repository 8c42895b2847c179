import type { DeclarationRecord } from '../../../services/einvoice/core/types';

const time = (value: string): number => {
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
};

/** Newest first by creation date (doc 2 §2); a date the browser cannot read goes last, in the order given. */
export function newestFirst(records: readonly DeclarationRecord[]): DeclarationRecord[] {
  return records
    .map((record, index) => ({ record, index }))
    .sort((a, b) => time(b.record.createDate) - time(a.record.createDate) || a.index - b.index)
    .map(({ record }) => record);
}
