import { describe, expect, it } from 'vitest';
import {
  buildVietQr,
  crc16ccitt,
  MAX_AMOUNT,
  MAX_PURPOSE_LENGTH,
  parseVietQr,
  stripVietnameseDiacritics,
  VietQrError,
  type VietQrErrorCode,
} from './vietqr';

const STATIC_VECTOR = '00020101021138530010A0000007270123000697041601092576788590208QRIBFTTA53037045802VN6304AE9F';
const DYNAMIC_VECTOR =
  '00020101021238530010A0000007270123000697041601092576788590208QRIBFTTA53037045405100005802VN62150811Chuyen tien630453E6';

function codeOf(fn: () => unknown): VietQrErrorCode | 'no error' | 'other error' {
  try {
    fn();
    return 'no error';
  } catch (error) {
    return error instanceof VietQrError ? error.code : 'other error';
  }
}

function t(tag: string, value: string): string {
  return tag + String(value.length).padStart(2, '0') + value;
}

/** Re-signs a body so tests can reach the checks behind the CRC. */
function signed(body: string): string {
  return body + '6304' + crc16ccitt(body + '6304');
}

describe('crc16ccitt', () => {
  it('has the CRC-16/CCITT-FALSE check value', () => {
    expect(crc16ccitt('123456789')).toBe('29B1');
  });

  it('returns the initial value for empty text and pads to 4 upper-case digits', () => {
    expect(crc16ccitt('')).toBe('FFFF');
    for (const text of ['A', 'abc', '000201', STATIC_VECTOR]) expect(crc16ccitt(text)).toMatch(/^[0-9A-F]{4}$/);
  });

  it('matches the CRC field of both public vectors', () => {
    expect(crc16ccitt(STATIC_VECTOR.slice(0, -4))).toBe('AE9F');
    expect(crc16ccitt(DYNAMIC_VECTOR.slice(0, -4))).toBe('53E6');
  });
});

describe('stripVietnameseDiacritics', () => {
  it('removes tone and vowel marks and maps đ/Đ to d/D', () => {
    expect(stripVietnameseDiacritics('Chuyển tiền')).toBe('Chuyen tien');
    expect(stripVietnameseDiacritics('Đặng Thị Ngọc Ánh đóng học phí')).toBe('Dang Thi Ngoc Anh dong hoc phi');
    expect(stripVietnameseDiacritics('ƯỚC ơn')).toBe('UOC on');
  });

  it('handles text already decomposed (NFD)', () => {
    expect(stripVietnameseDiacritics('tiền'.normalize('NFD'))).toBe('tien');
  });
});

describe('buildVietQr', () => {
  it('reproduces the static public vector', () => {
    expect(buildVietQr({ bin: '970416', accountNumber: '257678859' })).toBe(STATIC_VECTOR);
  });

  it('reproduces the dynamic public vector', () => {
    expect(buildVietQr({ bin: '970416', accountNumber: '257678859', amount: 10000, purpose: 'Chuyen tien' })).toBe(DYNAMIC_VECTOR);
  });

  it('strips diacritics from the purpose (the vector from its Vietnamese spelling)', () => {
    expect(buildVietQr({ bin: '970416', accountNumber: '257678859', amount: 10000, purpose: 'Chuyển tiền' })).toBe(DYNAMIC_VECTOR);
    const payload = buildVietQr({ bin: '970416', accountNumber: '1', purpose: 'Đóng  phí\tđiện ' });
    expect(parseVietQr(payload).purpose).toBe('Dong phi dien');
  });

  it('uses QRIBFTTC for a card and QRIBFTTA by default', () => {
    expect(buildVietQr({ bin: '970436', accountNumber: '9704360000000000', service: 'card' })).toContain('0208QRIBFTTC');
    expect(buildVietQr({ bin: '970436', accountNumber: '1234' })).toContain('0208QRIBFTTA');
  });

  it('marks static without an amount and dynamic with one', () => {
    expect(buildVietQr({ bin: '970436', accountNumber: '1234' }).slice(6, 12)).toBe('010211');
    expect(buildVietQr({ bin: '970436', accountNumber: '1234', amount: 1 }).slice(6, 12)).toBe('010212');
  });

  it('omits field 62 when the purpose is empty or only spaces', () => {
    expect(buildVietQr({ bin: '970416', accountNumber: '257678859', purpose: '' })).toBe(STATIC_VECTOR);
    expect(buildVietQr({ bin: '970416', accountNumber: '257678859', purpose: '   ' })).toBe(STATIC_VECTOR);
  });

  it('accepts the limits exactly', () => {
    const payload = buildVietQr({
      bin: '970416',
      accountNumber: '1234567890123456789',
      amount: MAX_AMOUNT,
      purpose: 'x'.repeat(MAX_PURPOSE_LENGTH),
    });
    expect(parseVietQr(payload)).toEqual({
      bin: '970416',
      accountNumber: '1234567890123456789',
      service: 'account',
      amount: 9_999_999_999_999,
      purpose: 'x'.repeat(MAX_PURPOSE_LENGTH),
      pointOfInitiation: 'dynamic',
    });
  });

  it.each([
    ['97041', 'short'],
    ['9704166', 'long'],
    ['97041a', 'letter'],
    ['', 'empty'],
    [' 970416', 'space'],
    ['９７０４１６', 'full-width digits'],
  ])('refuses BIN %j (%s)', (bin) => {
    expect(codeOf(() => buildVietQr({ bin, accountNumber: '1' }))).toBe('INVALID_BIN');
  });

  it.each([
    ['', 'empty'],
    ['12345678901234567890', '20 characters'],
    ['1234 5678', 'space'],
    ['1234-5678', 'dash'],
    ['12345é', 'non-ASCII'],
    ['0102ab', 'TLV-looking but with nothing to inject'],
  ])('refuses or accepts account %j (%s) consistently', (accountNumber, why) => {
    const expected = why.startsWith('TLV') ? 'no error' : 'INVALID_ACCOUNT';
    expect(codeOf(() => buildVietQr({ bin: '970416', accountNumber }))).toBe(expected);
  });

  it.each([
    [-1, 'negative'],
    [0, 'zero'],
    [1.5, 'fraction'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'infinity'],
    [10 ** 13, '14 digits'],
    [Number.MAX_SAFE_INTEGER + 2, 'beyond safe integers'],
  ])('refuses amount %s (%s)', (amount) => {
    expect(codeOf(() => buildVietQr({ bin: '970416', accountNumber: '1', amount }))).toBe('INVALID_AMOUNT');
  });

  it('refuses a purpose that is too long after stripping, or not representable', () => {
    const fits = 'Đ'.repeat(MAX_PURPOSE_LENGTH);
    expect(codeOf(() => buildVietQr({ bin: '970416', accountNumber: '1', purpose: fits }))).toBe('no error');
    expect(codeOf(() => buildVietQr({ bin: '970416', accountNumber: '1', purpose: fits + 'a' }))).toBe('INVALID_PURPOSE');
    expect(codeOf(() => buildVietQr({ bin: '970416', accountNumber: '1', purpose: 'Tiền 🍜' }))).toBe('INVALID_PURPOSE');
    expect(codeOf(() => buildVietQr({ bin: '970416', accountNumber: '1', purpose: '转账' }))).toBe('INVALID_PURPOSE');
    expect(codeOf(() => buildVietQr({ bin: '970416', accountNumber: '1', purpose: 'a\u0000b' }))).toBe('INVALID_PURPOSE');
  });

  it('refuses an unknown service', () => {
    const service = 'wallet' as unknown as 'card';
    expect(codeOf(() => buildVietQr({ bin: '970416', accountNumber: '1', service }))).toBe('INVALID_SERVICE');
  });

  it('throws VietQrError with a readable message', () => {
    expect(() => buildVietQr({ bin: '1', accountNumber: '1' })).toThrow(VietQrError);
    expect(() => buildVietQr({ bin: '1', accountNumber: '1' })).toThrow(/6 digits/);
  });
});

describe('parseVietQr', () => {
  it('decodes the static public vector', () => {
    expect(parseVietQr(STATIC_VECTOR)).toEqual({
      bin: '970416',
      accountNumber: '257678859',
      service: 'account',
      pointOfInitiation: 'static',
    });
  });

  it('decodes the dynamic public vector', () => {
    expect(parseVietQr(DYNAMIC_VECTOR)).toEqual({
      bin: '970416',
      accountNumber: '257678859',
      service: 'account',
      amount: 10000,
      purpose: 'Chuyen tien',
      pointOfInitiation: 'dynamic',
    });
  });

  it('round-trips what buildVietQr makes', () => {
    const inputs = [
      { bin: '970436', accountNumber: '0011004', service: 'account' as const },
      { bin: '970418', accountNumber: '9704180000000018', service: 'card' as const, amount: 150000 },
      { bin: '970422', accountNumber: 'ABC123', service: 'account' as const, amount: 1, purpose: 'Thanh toan HD 42' },
      { bin: '970415', accountNumber: '1', service: 'card' as const, purpose: 'tip' },
    ];
    for (const input of inputs) {
      const decoded = parseVietQr(buildVietQr(input));
      expect(decoded).toEqual({ ...input, pointOfInitiation: input.amount === undefined ? 'static' : 'dynamic' });
    }
  });

  it('accepts a lower-case CRC and ignores optional merchant fields', () => {
    expect(parseVietQr(STATIC_VECTOR.slice(0, -4) + 'ae9f').bin).toBe('970416');
    const body = '00020101021138530010A0000007270123000697041601092576788590208QRIBFTTA520459995303704' + '5802VN5908CUA HANG6006HA NOI';
    expect(parseVietQr(signed(body)).accountNumber).toBe('257678859');
  });

  it('detects a wrong CRC and any single changed character', () => {
    expect(codeOf(() => parseVietQr(STATIC_VECTOR.slice(0, -4) + 'AE9E'))).toBe('CRC_MISMATCH');
    expect(codeOf(() => parseVietQr(DYNAMIC_VECTOR.replace('10000', '90000')))).toBe('CRC_MISMATCH');
    expect(codeOf(() => parseVietQr(DYNAMIC_VECTOR.replace('257678859', '257678858')))).toBe('CRC_MISMATCH');
  });

  it.each([
    ['', 'empty', 'MALFORMED_PAYLOAD'],
    ['0', 'one character', 'TRUNCATED_PAYLOAD'],
    ['000201', 'no CRC', 'MALFORMED_PAYLOAD'],
    [STATIC_VECTOR.slice(0, -1), 'last character cut', 'TRUNCATED_PAYLOAD'],
    [STATIC_VECTOR.slice(0, 40), 'cut in the middle', 'TRUNCATED_PAYLOAD'],
    [STATIC_VECTOR + '0', 'trailing garbage', 'TRUNCATED_PAYLOAD'],
    ['0'.repeat(10_000), '10,000 characters', 'MALFORMED_PAYLOAD'],
    ['00990101', 'length overruns the payload', 'TRUNCATED_PAYLOAD'],
    [STATIC_VECTOR.replace('0208QRIBFTTA', '0208QRİBFTTA'), 'unicode', 'MALFORMED_PAYLOAD'],
    ['https://example.com/pay?x=1', 'a URL', 'MALFORMED_PAYLOAD'],
    ['00020101021163041234\n', 'control character', 'MALFORMED_PAYLOAD'],
    ['0002016304ZZZZ', 'non-hex CRC', 'MALFORMED_PAYLOAD'],
    ['0002016305ABCDE', 'CRC field of the wrong length', 'MALFORMED_PAYLOAD'],
    ['aa0201', 'non-digit tag', 'MALFORMED_PAYLOAD'],
    ['00x201', 'non-digit length', 'MALFORMED_PAYLOAD'],
  ])('refuses %j (%s)', (payload, _why, code) => {
    expect(codeOf(() => parseVietQr(payload))).toBe(code);
  });

  it('refuses non-string input without crashing', () => {
    expect(codeOf(() => parseVietQr(undefined as unknown as string))).toBe('MALFORMED_PAYLOAD');
    expect(codeOf(() => parseVietQr(42 as unknown as string))).toBe('MALFORMED_PAYLOAD');
  });

  it('checks the structure behind a valid CRC', () => {
    const head = t('00', '01') + t('01', '11');
    const account = (bin: string, acc: string, service = 'QRIBFTTA', guid = 'A000000727') =>
      t('38', t('00', guid) + t('01', t('00', bin) + t('01', acc)) + t('02', service));
    const good = account('970416', '257678859');
    const tail = t('53', '704') + t('58', 'VN');
    expect(codeOf(() => parseVietQr(signed(head + good + tail)))).toBe('no error');
    const cases: [string, string, VietQrErrorCode][] = [
      ['format indicator missing', t('01', '11') + good + tail, 'MALFORMED_PAYLOAD'],
      ['format indicator 02', t('00', '02') + t('01', '11') + good + tail, 'MALFORMED_PAYLOAD'],
      ['format indicator not first', t('01', '11') + t('00', '01') + good + tail, 'MALFORMED_PAYLOAD'],
      ['duplicated tag', head + t('01', '12') + good + tail, 'MALFORMED_PAYLOAD'],
      ['duplicated account field', head + good + good + tail, 'MALFORMED_PAYLOAD'],
      ['empty field', head + '5400' + good + tail, 'MALFORMED_PAYLOAD'],
      ['unknown point of initiation', t('00', '01') + t('01', '13') + good + tail, 'MALFORMED_PAYLOAD'],
      ['no field 38', head + tail, 'UNSUPPORTED_PAYLOAD'],
      ["another network's GUID", head + account('970416', '1', 'QRIBFTTA', 'A000000728') + tail, 'UNSUPPORTED_PAYLOAD'],
      ['nested length overruns its template', head + t('38', t('00', 'A000000727') + '0199' + '0006970416') + tail, 'TRUNCATED_PAYLOAD'],
      ['no beneficiary', head + t('38', t('00', 'A000000727') + t('02', 'QRIBFTTA')) + tail, 'MALFORMED_PAYLOAD'],
      ['5-digit BIN', head + account('97041', '257678859') + tail, 'INVALID_BIN'],
      ['BIN with a letter', head + account('97041A', '257678859') + tail, 'INVALID_BIN'],
      ['20-character account', head + account('970416', '12345678901234567890') + tail, 'INVALID_ACCOUNT'],
      ['account with a space', head + account('970416', '1234 5678') + tail, 'INVALID_ACCOUNT'],
      ['unknown service code', head + account('970416', '1', 'QRIBFTTX') + tail, 'INVALID_SERVICE'],
      ['missing service code', head + t('38', t('00', 'A000000727') + t('01', t('00', '970416') + t('01', '1'))) + tail, 'INVALID_SERVICE'],
      ['USD', head + good + t('53', '840') + t('58', 'VN'), 'UNSUPPORTED_PAYLOAD'],
      ['no currency', head + good + t('58', 'VN'), 'UNSUPPORTED_PAYLOAD'],
      ['other country', head + good + t('53', '704') + t('58', 'TH'), 'UNSUPPORTED_PAYLOAD'],
      ['decimal amount', head + good + t('53', '704') + t('54', '1000.00') + t('58', 'VN'), 'INVALID_AMOUNT'],
      ['leading-zero amount', head + good + t('53', '704') + t('54', '0100') + t('58', 'VN'), 'INVALID_AMOUNT'],
      ['14-digit amount', head + good + t('53', '704') + t('54', '12345678901234') + t('58', 'VN'), 'INVALID_AMOUNT'],
      ['negative amount', head + good + t('53', '704') + t('54', '-10') + t('58', 'VN'), 'INVALID_AMOUNT'],
      ['zero amount', head + good + t('53', '704') + t('54', '0') + t('58', 'VN'), 'INVALID_AMOUNT'],
      ['field 62 inner length overruns', head + good + tail + t('62', '0899x'), 'TRUNCATED_PAYLOAD'],
      ['CRC not last', head + good + '6304ABCD' + tail, 'MALFORMED_PAYLOAD'],
    ];
    for (const [why, body, code] of cases)
      expect(
        codeOf(() => parseVietQr(signed(body))),
        why,
      ).toBe(code);
  });

  it('refuses a thousand hostile payloads quickly', () => {
    const body = t('00', '01');
    const started = Date.now();
    for (let i = 0; i < 1000; i++) codeOf(() => parseVietQr(signed(body + '38' + '99' + '0'.repeat(99))));
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
