/**
 * The amount in Vietnamese words as printed on an invoice (TgTTTBChu): "Một triệu chín trăm nghìn
 * đồng". Rules: a zero ten before a unit reads "lẻ" (một trăm lẻ năm); one after a ten of 20 or more
 * reads "mốt" (hai mươi mốt), four "tư" (hai mươi tư), five after any ten "lăm" (mười lăm, hai mươi
 * lăm); a group after a higher one with no hundreds reads "không trăm" (một nghìn không trăm lẻ năm);
 * empty groups are left out. Up to 999 billion đồng (999,999,999,999).
 */
const DIGITS = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'] as const;
const SCALES = ['', 'nghìn', 'triệu', 'tỷ'] as const;
export const MAX_AMOUNT_IN_WORDS = 999_999_999_999;

function group(n: number, full: boolean): string[] {
  const hundreds = Math.floor(n / 100);
  const tens = Math.floor((n % 100) / 10);
  const units = n % 10;
  const words: string[] = [];
  if (full || hundreds > 0) words.push(DIGITS[hundreds]!, 'trăm');
  if (tens === 0) {
    if (units > 0 && words.length > 0) words.push('lẻ');
    if (units > 0) words.push(DIGITS[units]!);
    return words;
  }
  if (tens === 1) words.push('mười');
  else words.push(DIGITS[tens]!, 'mươi');
  if (units === 1) words.push(tens === 1 ? 'một' : 'mốt');
  else if (units === 4) words.push(tens === 1 ? 'bốn' : 'tư');
  else if (units === 5) words.push('lăm');
  else if (units > 0) words.push(DIGITS[units]!);
  return words;
}

export function amountInWords(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount < 0 || amount > MAX_AMOUNT_IN_WORDS) {
    throw new RangeError(`amount must be a whole number of đồng from 0 to ${MAX_AMOUNT_IN_WORDS}`);
  }
  if (amount === 0) return 'Không đồng';
  const groups: number[] = [];
  for (let rest = amount; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    if (g === 0) continue;
    words.push(...group(g, i < groups.length - 1), ...(SCALES[i] ? [SCALES[i]!] : []));
  }
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} đồng`;
}
