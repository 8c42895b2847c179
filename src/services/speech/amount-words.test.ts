import { describe, expect, it } from 'vitest';
import {
  AmountWordsError,
  amountInWords,
  MAX_AMOUNT_IN_WORDS,
  parseSpokenAmount,
  spokenPaymentAnnouncement,
  type AmountErrorCode,
} from './amount-words';

function codeOf(fn: () => unknown): AmountErrorCode | 'no error' | 'other error' {
  try {
    fn();
    return 'no error';
  } catch (error) {
    return error instanceof AmountWordsError ? error.code : 'other error';
  }
}

describe('amountInWords', () => {
  it('reads the examples of the notes exactly', () => {
    expect(amountInWords(21)).toBe('hai mươi mốt');
    expect(amountInWords(1005)).toBe('một nghìn không trăm linh năm');
    expect(amountInWords(105000)).toBe('một trăm linh năm nghìn');
    expect(amountInWords(1_000_000_000)).toBe('một tỷ');
  });

  it('reads 0 as "không" and the digits', () => {
    expect(amountInWords(0)).toBe('không');
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(amountInWords)).toEqual(['một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín']);
  });

  it('uses "mười" for 10–19 and "mươi" from 20', () => {
    expect(amountInWords(10)).toBe('mười');
    expect(amountInWords(12)).toBe('mười hai');
    expect(amountInWords(19)).toBe('mười chín');
    expect(amountInWords(20)).toBe('hai mươi');
    expect(amountInWords(90)).toBe('chín mươi');
    expect(amountInWords(99)).toBe('chín mươi chín');
  });

  it('says "mốt" after a tens digit of 2 or more, "một" after mười and linh', () => {
    expect(amountInWords(11)).toBe('mười một');
    expect(amountInWords(21)).toBe('hai mươi mốt');
    expect(amountInWords(91)).toBe('chín mươi mốt');
    expect(amountInWords(101)).toBe('một trăm linh một');
    expect(amountInWords(1)).toBe('một');
  });

  it('says "lăm" for 5 after mười/mươi and "năm" elsewhere', () => {
    expect(amountInWords(15)).toBe('mười lăm');
    expect(amountInWords(25)).toBe('hai mươi lăm');
    expect(amountInWords(55)).toBe('năm mươi lăm');
    expect(amountInWords(105)).toBe('một trăm linh năm');
    expect(amountInWords(500)).toBe('năm trăm');
    expect(amountInWords(5)).toBe('năm');
  });

  it('says "tư" for 4 after mươi, "bốn" after mười and linh', () => {
    expect(amountInWords(24)).toBe('hai mươi tư');
    expect(amountInWords(94)).toBe('chín mươi tư');
    expect(amountInWords(14)).toBe('mười bốn');
    expect(amountInWords(104)).toBe('một trăm linh bốn');
    expect(amountInWords(4)).toBe('bốn');
  });

  it('inserts "linh" (northern form, never "lẻ") for a zero tens digit before a unit', () => {
    expect(amountInWords(105)).toBe('một trăm linh năm');
    expect(amountInWords(909)).toBe('chín trăm linh chín');
    expect(amountInWords(110)).toBe('một trăm mười');
    expect(amountInWords(100)).toBe('một trăm');
    for (let n = 0; n < 2000; n += 7) expect(amountInWords(n)).not.toMatch(/lẻ/);
  });

  it('reads "không trăm" in inner groups and not in the leading one', () => {
    expect(amountInWords(1005)).toBe('một nghìn không trăm linh năm');
    expect(amountInWords(1050)).toBe('một nghìn không trăm năm mươi');
    expect(amountInWords(2015)).toBe('hai nghìn không trăm mười lăm');
    expect(amountInWords(1_000_021)).toBe('một triệu không trăm hai mươi mốt');
    expect(amountInWords(5_021_000)).toBe('năm triệu không trăm hai mươi mốt nghìn');
    expect(amountInWords(21_000)).toBe('hai mươi mốt nghìn');
    expect(amountInWords(5_000)).toBe('năm nghìn');
  });

  it('skips all-zero groups', () => {
    expect(amountInWords(1000)).toBe('một nghìn');
    expect(amountInWords(1_000_000)).toBe('một triệu');
    expect(amountInWords(1_000_500)).toBe('một triệu năm trăm');
    expect(amountInWords(2_000_000_001)).toBe('hai tỷ không trăm linh một');
    expect(amountInWords(3_000_007_000)).toBe('ba tỷ không trăm linh bảy nghìn');
  });

  it('reads common payment amounts', () => {
    expect(amountInWords(150_000)).toBe('một trăm năm mươi nghìn');
    expect(amountInWords(25_500)).toBe('hai mươi lăm nghìn năm trăm');
    expect(amountInWords(1_250_000)).toBe('một triệu hai trăm năm mươi nghìn');
    expect(amountInWords(45_000)).toBe('bốn mươi lăm nghìn');
    expect(amountInWords(34_000)).toBe('ba mươi tư nghìn');
    expect(amountInWords(999_999)).toBe('chín trăm chín mươi chín nghìn chín trăm chín mươi chín');
  });

  it('reads tỷ and nghìn tỷ up to 999 nghìn tỷ', () => {
    expect(amountInWords(10 ** 12)).toBe('một nghìn tỷ');
    expect(amountInWords(1_500_000_000_000)).toBe('một nghìn năm trăm tỷ');
    expect(amountInWords(1_005_000_000_000)).toBe('một nghìn không trăm linh năm tỷ');
    expect(amountInWords(21_000_000_000)).toBe('hai mươi mốt tỷ');
    expect(amountInWords(1_000_000_000_001)).toBe('một nghìn tỷ không trăm linh một');
    expect(amountInWords(999 * 10 ** 12)).toBe('chín trăm chín mươi chín nghìn tỷ');
    expect(amountInWords(MAX_AMOUNT_IN_WORDS)).toBe(
      'chín trăm chín mươi chín nghìn chín trăm chín mươi chín tỷ ' +
        'chín trăm chín mươi chín triệu chín trăm chín mươi chín nghìn chín trăm chín mươi chín',
    );
  });

  it('never produces doubled or stray spaces', () => {
    for (const n of [0, 7, 10, 100, 1000, 10_000, 100_000, 1_000_001, 10 ** 12, 10 ** 12 + 10 ** 6]) {
      expect(amountInWords(n)).toMatch(/^\S+( \S+)*$/);
    }
  });

  it.each([
    [-1, 'NEGATIVE'],
    [-0, 'NEGATIVE'],
    [Number.NaN, 'NOT_A_NUMBER'],
    [1.5, 'NOT_WHOLE'],
    [0.1, 'NOT_WHOLE'],
    [Number.POSITIVE_INFINITY, 'TOO_LARGE'],
    [10 ** 15, 'TOO_LARGE'],
    [Number.MAX_SAFE_INTEGER, 'TOO_LARGE'],
  ] as const)('refuses %s with %s', (amount, code) => {
    expect(codeOf(() => amountInWords(amount))).toBe(code);
  });

  it('refuses non-numbers with a clear, typed error', () => {
    expect(codeOf(() => amountInWords('100' as unknown as number))).toBe('NOT_A_NUMBER');
    expect(() => amountInWords(-5)).toThrow(AmountWordsError);
    expect(() => amountInWords(-5)).toThrow(/negative/);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});

describe('spokenPaymentAnnouncement', () => {
  it('announces in Vietnamese words', () => {
    expect(spokenPaymentAnnouncement(150_000, 'vi')).toBe('Đã nhận một trăm năm mươi nghìn đồng');
    expect(spokenPaymentAnnouncement(0, 'vi')).toBe('Đã nhận không đồng');
  });

  it('announces in English with en-US grouping', () => {
    expect(spokenPaymentAnnouncement(150_000, 'en')).toBe('Received 150,000 dong');
    expect(spokenPaymentAnnouncement(1_234_567_890, 'en')).toBe('Received 1,234,567,890 dong');
    expect(spokenPaymentAnnouncement(5, 'en')).toBe('Received 5 dong');
  });

  it('refuses bad amounts in both languages and unknown languages', () => {
    expect(codeOf(() => spokenPaymentAnnouncement(-1, 'en'))).toBe('NEGATIVE');
    expect(codeOf(() => spokenPaymentAnnouncement(1.5, 'en'))).toBe('NOT_WHOLE');
    expect(codeOf(() => spokenPaymentAnnouncement(Number.NaN, 'vi'))).toBe('NOT_A_NUMBER');
    expect(() => spokenPaymentAnnouncement(1, 'fr' as 'en')).toThrow(/language/);
  });
});

describe('parseSpokenAmount', () => {
  it.each([
    ['150000', 150_000],
    ['150.000', 150_000],
    ['150,000', 150_000],
    ['150 000', 150_000],
    ['150\u00A0000', 150_000],
    ['150\u202F000', 150_000],
    ['150.000đ', 150_000],
    ['150.000 đ', 150_000],
    ['150.000 ₫', 150_000],
    ['₫150,000', 150_000],
    ['150,000 VND', 150_000],
    ['VND 150,000', 150_000],
    ['150.000 vnd', 150_000],
    ['  1.000.000  ', 1_000_000],
    ['0', 0],
    ['999.999.999.999.999', MAX_AMOUNT_IN_WORDS],
  ])('parses %j as %d', (text, value) => {
    expect(parseSpokenAmount(text)).toBe(value);
  });

  it('strips separators as §7 says, so a dot is never a decimal point', () => {
    expect(parseSpokenAmount('1.500')).toBe(1500);
    expect(parseSpokenAmount('1,5')).toBe(15);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'only spaces'],
    ['đ', 'only a currency mark'],
    ['VND', 'only a currency code'],
    ['-150.000', 'negative'],
    ['+150000', 'plus sign'],
    ['150k', 'abbreviation'],
    ['một trăm nghìn', 'words'],
    ['1e6', 'exponent'],
    ['0x10', 'hexadecimal'],
    ['Infinity', 'Infinity'],
    ['NaN', 'NaN'],
    ['.500', 'leading separator'],
    ['150.000đđ', 'doubled currency mark'],
    ['150 USD', 'other currency'],
    ['1VND2', 'currency in the middle'],
    ['١٥٠', 'Arabic-Indic digits'],
    ['１５０', 'full-width digits'],
    ['150\n000', 'newline'],
    ['150\u200B000', 'zero-width space'],
    ['<script>1</script>', 'markup'],
    ['1'.repeat(10_000), '10,000 characters'],
    ['1'.repeat(16), 'beyond 999 nghìn tỷ'],
    ['9'.repeat(20), 'beyond safe integers'],
  ])('refuses %j (%s)', (text) => {
    expect(parseSpokenAmount(text)).toBeNull();
  });

  it('refuses non-strings', () => {
    expect(parseSpokenAmount(150000 as unknown as string)).toBeNull();
    expect(parseSpokenAmount(null as unknown as string)).toBeNull();
  });

  it('round-trips with the English announcement', () => {
    for (const n of [0, 5, 150_000, 1_234_567, 10 ** 12]) {
      expect(parseSpokenAmount(spokenPaymentAnnouncement(n, 'en').replace('Received ', '').replace(' dong', ''))).toBe(n);
    }
  });
});
