/**
 * Vietnamese amount in words (spoken payment announcements, invoices) and the amount-text parser of
 * core §7. Pure and dependency-free; rules in /work/shared/notes/vietnam-formats.md. The product
 * uses the northern forms ("nghìn", "linh") throughout.
 */

export type AmountErrorCode = 'NOT_A_NUMBER' | 'NEGATIVE' | 'NOT_WHOLE' | 'TOO_LARGE';

export class AmountWordsError extends RangeError {
  readonly code: AmountErrorCode;
  constructor(code: AmountErrorCode, message: string) {
    super(message);
    this.name = 'AmountWordsError';
    this.code = code;
  }
}

/** 999 nghìn tỷ … is the largest amount with a name in the nghìn/triệu/tỷ/nghìn tỷ scheme. */
export const MAX_AMOUNT_IN_WORDS = 10 ** 15 - 1;

const DIGITS = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'] as const;
const BILLION = 1_000_000_000;

function digit(d: number): string {
  return DIGITS[d] ?? '';
}

function tensAndUnits(t: number, u: number, afterHundreds: boolean): string[] {
  if (t === 0) {
    if (u === 0) return [];
    // "linh" only bridges a spoken hundreds digit to the unit; a bare unit is just the digit.
    return afterHundreds ? ['linh', digit(u)] : [digit(u)];
  }
  const words = t === 1 ? ['mười'] : [digit(t), 'mươi'];
  if (u === 0) return words;
  if (u === 5) return [...words, 'lăm'];
  if (u === 1 && t >= 2) return [...words, 'mốt'];
  if (u === 4 && t >= 2) return [...words, 'tư'];
  return [...words, digit(u)];
}

/** One group of three digits; `full` groups (not the leading one) always say their hundreds. */
function group(n: number, full: boolean): string[] {
  const h = Math.floor(n / 100);
  const t = Math.floor(n / 10) % 10;
  const u = n % 10;
  if (!full && h === 0) return tensAndUnits(t, u, false);
  return [digit(h), 'trăm', ...tensAndUnits(t, u, true)];
}

/** Below one tỷ: triệu, nghìn, đơn vị groups. */
function belowBillion(n: number, leading: boolean): string[] {
  const words: string[] = [];
  const groups: [number, string][] = [
    [Math.floor(n / 1_000_000), 'triệu'],
    [Math.floor(n / 1000) % 1000, 'nghìn'],
    [n % 1000, ''],
  ];
  for (const [value, unit] of groups) {
    if (value === 0) continue;
    const full = !leading || words.length > 0;
    words.push(...group(value, full));
    if (unit) words.push(unit);
  }
  return words;
}

function checkAmount(amount: number): void {
  if (typeof amount !== 'number' || Number.isNaN(amount)) {
    throw new AmountWordsError('NOT_A_NUMBER', 'The amount is not a number.');
  }
  if (amount < 0 || Object.is(amount, -0)) throw new AmountWordsError('NEGATIVE', 'The amount is negative.');
  if (!Number.isFinite(amount) || amount > MAX_AMOUNT_IN_WORDS) {
    throw new AmountWordsError('TOO_LARGE', 'The amount is larger than 999 nghìn tỷ.');
  }
  if (!Number.isInteger(amount)) throw new AmountWordsError('NOT_WHOLE', 'The amount is not a whole number of dong.');
}

export function amountInWords(amount: number): string {
  checkAmount(amount);
  if (amount === 0) return 'không';
  // Counting in tỷ (not a fixed "nghìn tỷ" group) reads 1,500 tỷ as "một nghìn năm trăm tỷ".
  const billions = Math.floor(amount / BILLION);
  const rest = amount % BILLION;
  const words = billions > 0 ? [...belowBillion(billions, true), 'tỷ', ...belowBillion(rest, false)] : belowBillion(rest, true);
  return words.join(' ');
}

const EN_GROUPING = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function spokenPaymentAnnouncement(amount: number, language: 'vi' | 'en'): string {
  checkAmount(amount);
  if (language === 'vi') return `Đã nhận ${amountInWords(amount)} đồng`;
  if (language === 'en') return `Received ${EN_GROUPING.format(amount)} dong`;
  throw new RangeError(`Unsupported language "${String(language)}".`);
}

// Generous for any real amount with separators, small enough that hostile input is refused at once.
const MAX_AMOUNT_TEXT_LENGTH = 64;
const CURRENCY = /^(?:đ|₫|vnd)|(?:đ|₫|vnd)$/giu;
// Spaces include the no-break spaces that number formatters insert.
const BODY = /^[0-9][0-9., \u00A0\u202F]*$/;

/**
 * Core §7: the amount is the amount text with its separators stripped. Only digits, separators and one
 * currency marker at the start or end are accepted; anything else (signs, letters, other scripts) is
 * refused with null rather than guessed at. Note that a dot is a thousands separator in VND, so
 * "1.500" is 1500.
 */
export function parseSpokenAmount(text: string): number | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_AMOUNT_TEXT_LENGTH) return null;
  const trimmed = text.normalize('NFC').trim();
  const withoutCurrency = trimmed.replace(CURRENCY, '').trim();
  if (!BODY.test(withoutCurrency)) return null;
  const digits = withoutCurrency.replace(/[., \u00A0\u202F]/g, '');
  const value = Number(digits);
  if (!Number.isSafeInteger(value) || value > MAX_AMOUNT_IN_WORDS) return null;
  return value;
}
