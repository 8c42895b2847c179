import { visibleText } from '../text';

/**
 * Table names (doc 2 §5 table create and rename; D135). Pure: the portal's forms and the sandbox's
 * /fnb/table calls use the same rules, so a name the form accepts is one the service accepts.
 */

/** A name longer than this fits no card (D135). */
export const TABLE_NAME_MAX_LENGTH = 50;
/** The grid's search box: what is sent, at most. */
export const TABLE_SEARCH_MAX_LENGTH = 100;

export type TableNameProblem = 'required' | 'tooLong' | 'invalid';

/** Visible text with single spaces, NFC; control characters are refused by `validateTableName`, not silently dropped. */
export function tidyTableName(value: string): string {
  return visibleText(value.normalize('NFC')).replace(/\s+/g, ' ');
}

/** doc 2 §5: not empty; D135: at most 50 characters, no control characters. */
export function validateTableName(value: string): TableNameProblem | null {
  if (/[\u0000-\u001F\u007F]/.test(value.replace(/[\t\n\r]/g, ' '))) return 'invalid';
  const tidy = tidyTableName(value);
  if (!tidy) return 'required';
  if ([...tidy].length > TABLE_NAME_MAX_LENGTH) return 'tooLong';
  return null;
}

/**
 * Lower case without Vietnamese diacritics, đ made d: "Bàn 1" and "ban 1" are one name (unique per
 * merchant, CONTRACT13) and "san" finds "Sân vườn".
 */
export function foldTableName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();
}

/** The grid's search as sent: visible text, single spaces, no control characters, bounded. */
export function tableSearchText(value: string): string {
  return tidyTableName(value.replace(/[\u0000-\u001F\u007F]/g, ' ')).slice(0, TABLE_SEARCH_MAX_LENGTH);
}

const collator = new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });

/** Natural order: "Bàn 2" before "Bàn 10" (CONTRACT13), ties by id so pages never overlap. */
export function compareTables(a: { table_name: string; table_id: number }, b: { table_name: string; table_id: number }): number {
  return collator.compare(a.table_name, b.table_name) || a.table_id - b.table_id;
}

/**
 * The ordering QR's text (doc 2 §2): `{website}order/{table_id}` and, while a bill is open,
 * `/{order_id}`. The website is the merchant's setting and ends with '/' (a missing one is added).
 * Null without a website (the screen shows require_setting_eorder_website).
 */
export function tableQrText(website: string | null | undefined, tableId: number, orderId: number | null): string | null {
  const base = (website ?? '').trim();
  if (!base) return null;
  const root = base.endsWith('/') ? base : `${base}/`;
  return `${root}order/${tableId}${orderId !== null ? `/${orderId}` : ''}`;
}
