/**
 * VietQR (NAPAS 247, EMVCo merchant-presented mode) payloads: build and decode.
 * Pure and dependency-free; format facts in /work/shared/notes/vietnam-formats.md.
 */

export type VietQrService = 'account' | 'card';
export type PointOfInitiation = 'static' | 'dynamic';

export type VietQrErrorCode =
  | 'INVALID_BIN'
  | 'INVALID_ACCOUNT'
  | 'INVALID_AMOUNT'
  | 'INVALID_PURPOSE'
  | 'INVALID_SERVICE'
  | 'MALFORMED_PAYLOAD'
  | 'TRUNCATED_PAYLOAD'
  | 'CRC_MISMATCH'
  | 'UNSUPPORTED_PAYLOAD';

export class VietQrError extends Error {
  readonly code: VietQrErrorCode;
  constructor(code: VietQrErrorCode, message: string) {
    super(message);
    this.name = 'VietQrError';
    this.code = code;
  }
}

export interface VietQrInput {
  bin: string;
  accountNumber: string;
  amount?: number;
  purpose?: string;
  service?: VietQrService;
}

export interface VietQrData {
  bin: string;
  accountNumber: string;
  service: VietQrService;
  amount?: number;
  purpose?: string;
  pointOfInitiation: PointOfInitiation;
}

export const NAPAS_GUID = 'A000000727';
export const MAX_ACCOUNT_LENGTH = 19;
// EMVCo caps sub-tag 62/08 at 25 characters; some banking apps reject anything longer, so the
// conservative limit is the one that never yields an unscannable code.
export const MAX_PURPOSE_LENGTH = 25;
export const MAX_AMOUNT_DIGITS = 13;
export const MAX_AMOUNT = 10 ** MAX_AMOUNT_DIGITS - 1;
// EMVCo's upper bound on a whole payload; also keeps the decoder's work bounded for hostile input.
export const MAX_PAYLOAD_LENGTH = 512;

const SERVICE_CODES: Record<VietQrService, string> = { account: 'QRIBFTTA', card: 'QRIBFTTC' };
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

export function crc16ccitt(text: string): string {
  let crc = 0xffff;
  // VietQR payloads are ASCII; UTF-8 keeps the function total for any string without changing ASCII results.
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Removes Vietnamese diacritics; đ/Đ are separate letters, not combining marks, so NFD alone misses them. */
export function stripVietnameseDiacritics(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D');
}

function field(tag: string, value: string): string {
  if (value.length > 99) throw new VietQrError('MALFORMED_PAYLOAD', `Field ${tag} is longer than 99 characters.`);
  return tag + String(value.length).padStart(2, '0') + value;
}

export function buildVietQr(input: VietQrInput): string {
  const { bin, accountNumber, amount, purpose } = input;
  const service = input.service ?? 'account';
  if (typeof bin !== 'string' || !/^\d{6}$/.test(bin)) {
    throw new VietQrError('INVALID_BIN', 'The bank BIN must be exactly 6 digits.');
  }
  if (typeof accountNumber !== 'string' || accountNumber.length === 0) {
    throw new VietQrError('INVALID_ACCOUNT', 'The account number is empty.');
  }
  if (accountNumber.length > MAX_ACCOUNT_LENGTH) {
    throw new VietQrError('INVALID_ACCOUNT', `The account number is longer than ${MAX_ACCOUNT_LENGTH} characters.`);
  }
  if (!/^[A-Za-z0-9]+$/.test(accountNumber)) {
    throw new VietQrError('INVALID_ACCOUNT', 'The account number may contain only letters and digits.');
  }
  if (!Object.hasOwn(SERVICE_CODES, service)) {
    throw new VietQrError('INVALID_SERVICE', "The service must be 'account' or 'card'.");
  }
  if (amount !== undefined) {
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
      throw new VietQrError('INVALID_AMOUNT', 'The amount must be a positive whole number of dong.');
    }
    if (amount > MAX_AMOUNT) {
      throw new VietQrError('INVALID_AMOUNT', `The amount may have at most ${MAX_AMOUNT_DIGITS} digits.`);
    }
  }
  let cleanPurpose: string | undefined;
  if (purpose !== undefined) {
    if (typeof purpose !== 'string') throw new VietQrError('INVALID_PURPOSE', 'The purpose must be text.');
    // Tabs and line breaks from pasted text would otherwise be refused as unprintable; one space reads the same.
    cleanPurpose = stripVietnameseDiacritics(purpose).replace(/\s+/g, ' ').trim();
    if (!PRINTABLE_ASCII.test(cleanPurpose)) {
      throw new VietQrError('INVALID_PURPOSE', 'The purpose contains characters a banking app cannot read.');
    }
    if (cleanPurpose.length > MAX_PURPOSE_LENGTH) {
      throw new VietQrError('INVALID_PURPOSE', `The purpose is longer than ${MAX_PURPOSE_LENGTH} characters.`);
    }
    if (cleanPurpose.length === 0) cleanPurpose = undefined;
  }

  const beneficiary = field('00', bin) + field('01', accountNumber);
  const merchantAccount = field('00', NAPAS_GUID) + field('01', beneficiary) + field('02', SERVICE_CODES[service]);
  let payload = field('00', '01') + field('01', amount === undefined ? '11' : '12') + field('38', merchantAccount) + field('53', '704');
  if (amount !== undefined) payload += field('54', String(amount));
  payload += field('58', 'VN');
  if (cleanPurpose !== undefined) payload += field('62', field('08', cleanPurpose));
  // The CRC covers its own tag and length, so they are appended before computing it.
  payload += '6304';
  return payload + crc16ccitt(payload);
}

interface Tlv {
  tag: string;
  value: string;
}

function walk(text: string, where: string): Tlv[] {
  const fields: Tlv[] = [];
  const seen = new Set<string>();
  let i = 0;
  while (i < text.length) {
    if (i + 4 > text.length) throw new VietQrError('TRUNCATED_PAYLOAD', `${where}: a field header is cut off.`);
    const tag = text.slice(i, i + 2);
    const len = text.slice(i + 2, i + 4);
    if (!/^\d\d$/.test(tag) || !/^\d\d$/.test(len)) {
      throw new VietQrError('MALFORMED_PAYLOAD', `${where}: field header "${tag}${len}" is not two-digit tag and length.`);
    }
    const length = Number(len);
    if (length === 0) throw new VietQrError('MALFORMED_PAYLOAD', `${where}: field ${tag} is empty.`);
    if (i + 4 + length > text.length) {
      throw new VietQrError('TRUNCATED_PAYLOAD', `${where}: field ${tag} runs past the end.`);
    }
    // A repeated tag makes the meaning ambiguous; an attacker could hope one reader takes the first, another the last.
    if (seen.has(tag)) throw new VietQrError('MALFORMED_PAYLOAD', `${where}: field ${tag} appears twice.`);
    seen.add(tag);
    fields.push({ tag, value: text.slice(i + 4, i + 4 + length) });
    i += 4 + length;
  }
  return fields;
}

function get(fields: Tlv[], tag: string): string | undefined {
  return fields.find((f) => f.tag === tag)?.value;
}

export function parseVietQr(payload: string): VietQrData {
  if (typeof payload !== 'string' || payload.length === 0) {
    throw new VietQrError('MALFORMED_PAYLOAD', 'The payload is empty.');
  }
  if (payload.length > MAX_PAYLOAD_LENGTH) {
    throw new VietQrError('MALFORMED_PAYLOAD', `The payload is longer than ${MAX_PAYLOAD_LENGTH} characters.`);
  }
  // Lengths count characters only if every character is one byte; anything else is not a VietQR.
  if (!PRINTABLE_ASCII.test(payload)) {
    throw new VietQrError('MALFORMED_PAYLOAD', 'The payload contains characters outside printable ASCII.');
  }
  const top = walk(payload, 'payload');
  const last = top[top.length - 1];
  if (!last || last.tag !== '63' || last.value.length !== 4) {
    throw new VietQrError('MALFORMED_PAYLOAD', 'The payload does not end with a 4-character CRC field (63).');
  }
  if (!/^[0-9A-Fa-f]{4}$/.test(last.value)) throw new VietQrError('MALFORMED_PAYLOAD', 'The CRC is not hexadecimal.');
  const expected = crc16ccitt(payload.slice(0, -4));
  if (last.value.toUpperCase() !== expected) {
    throw new VietQrError('CRC_MISMATCH', `The CRC is ${last.value}, expected ${expected}.`);
  }
  if (top[0]?.tag !== '00' || top[0].value !== '01') {
    throw new VietQrError('MALFORMED_PAYLOAD', 'The payload does not start with format indicator 000201.');
  }

  const initiation = get(top, '01');
  if (initiation !== undefined && initiation !== '11' && initiation !== '12') {
    throw new VietQrError('MALFORMED_PAYLOAD', `Unknown point of initiation "${initiation}".`);
  }

  const merchant = get(top, '38');
  if (merchant === undefined) throw new VietQrError('UNSUPPORTED_PAYLOAD', 'The payload has no NAPAS account field (38).');
  const merchantFields = walk(merchant, 'field 38');
  if (get(merchantFields, '00') !== NAPAS_GUID) {
    throw new VietQrError('UNSUPPORTED_PAYLOAD', 'Field 38 is not a NAPAS (A000000727) account.');
  }
  const beneficiaryText = get(merchantFields, '01');
  if (beneficiaryText === undefined) throw new VietQrError('MALFORMED_PAYLOAD', 'Field 38 has no beneficiary (01).');
  const beneficiary = walk(beneficiaryText, 'field 38/01');
  const bin = get(beneficiary, '00');
  const accountNumber = get(beneficiary, '01');
  if (bin === undefined || !/^\d{6}$/.test(bin)) throw new VietQrError('INVALID_BIN', 'The bank BIN is not 6 digits.');
  if (accountNumber === undefined || !/^[A-Za-z0-9]{1,19}$/.test(accountNumber)) {
    throw new VietQrError('INVALID_ACCOUNT', 'The account number is missing or not 1–19 letters and digits.');
  }
  const serviceCode = get(merchantFields, '02');
  const service = (Object.keys(SERVICE_CODES) as VietQrService[]).find((s) => SERVICE_CODES[s] === serviceCode);
  if (service === undefined) throw new VietQrError('INVALID_SERVICE', `Unknown service code "${serviceCode ?? ''}".`);

  const currency = get(top, '53');
  if (currency !== '704') throw new VietQrError('UNSUPPORTED_PAYLOAD', 'The currency is not VND (704).');
  const country = get(top, '58');
  if (country !== undefined && country !== 'VN') throw new VietQrError('UNSUPPORTED_PAYLOAD', 'The country is not VN.');

  const result: VietQrData = { bin, accountNumber, service, pointOfInitiation: initiation === '12' ? 'dynamic' : 'static' };
  const amountText = get(top, '54');
  if (amountText !== undefined) {
    // VND has no minor unit, so a decimal point or leading zero means the generator got the format wrong.
    if (!/^[1-9]\d{0,12}$/.test(amountText)) {
      throw new VietQrError('INVALID_AMOUNT', `The amount "${amountText}" is not a whole number of dong.`);
    }
    result.amount = Number(amountText);
  }
  const additional = get(top, '62');
  if (additional !== undefined) {
    const purpose = get(walk(additional, 'field 62'), '08');
    if (purpose !== undefined) result.purpose = purpose;
  }
  return result;
}
