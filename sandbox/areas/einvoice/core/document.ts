import { vnDay } from './vat';
import { amountInWords, MAX_AMOUNT_IN_WORDS } from './words';
import { RATE_CODES, type HDon, type HHDVu, type IssueInput, type ProviderRoute, type RateCode, type Seller } from './types';

/** The providers' own tax codes (MSTTCGP: the organisation that transmits the invoice). */
export const PROVIDER_TAX_CODES: Record<ProviderRoute, string> = {
  'm-invoice': '0106026495',
  misa: '0101243150',
  fpt: '0101248141',
  viettel: '0100109106',
};

export const INVOICE_NAMES = { '1': 'Hóa đơn giá trị gia tăng', '2': 'Hóa đơn bán hàng' } as const;
/** The walk-in buyer of doc 2 §3. */
export const WALK_IN_BUYER = 'Khách lẻ';
/** Bounds of what one invoice may carry; beyond them the input is refused, not truncated. */
export const LIMITS = { lines: 500, text: 400, quantity: 1_000_000 } as const;

/** Input an invoice cannot be made from; `field` names the offending part (lines[2].quantity, buyer.name). */
export class InvoiceInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

// XML 1.0 cannot carry these at all, escaped or not; a PDF font has no glyph for them either.
const NOT_PRINTABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/;

function text(value: unknown, field: string, options: { required?: boolean } = {}): string {
  if (value === undefined || value === null) {
    if (options.required) throw new InvoiceInputError(field, `${field} is required`);
    return '';
  }
  if (typeof value !== 'string') throw new InvoiceInputError(field, `${field} must be text`);
  const trimmed = value.trim().normalize('NFC');
  if (options.required && !trimmed) throw new InvoiceInputError(field, `${field} is required`);
  if (trimmed.length > LIMITS.text) throw new InvoiceInputError(field, `${field} is longer than ${LIMITS.text} characters`);
  if (NOT_PRINTABLE.test(trimmed)) throw new InvoiceInputError(field, `${field} contains control characters`);
  return trimmed;
}

/**
 * The first day an invoice may carry: e-invoices under Decree 119/2018 began long after; an earlier
 * date is the caller's mistake, refused as such (D219).
 */
export const EARLIEST_INVOICE_DAY = '2000-01-01';
/** The last instant a JavaScript date can show (8.64e15 ms); beyond it a day cannot even be written. */
const LAST_INSTANT_MS = 8_640_000_000_000_000 - 7 * 3600_000;

/** The invoice's Vietnam day, YYYY-MM-DD, or an InvoiceInputError for an instant no invoice can have. */
export function issueDay(issuedAt: unknown): string {
  if (typeof issuedAt !== 'number' || !Number.isSafeInteger(issuedAt) || Math.abs(issuedAt) > LAST_INSTANT_MS) {
    throw new InvoiceInputError('issuedAt', 'issuedAt must be an instant in unix milliseconds');
  }
  const day = vnDay(issuedAt);
  if (day < EARLIEST_INVOICE_DAY) throw new InvoiceInputError('issuedAt', `the invoice date must be ${EARLIEST_INVOICE_DAY} or later`);
  return day;
}

const optional = <K extends string>(key: K, value: string): Partial<Record<K, string>> =>
  value ? ({ [key]: value } as Record<K, string>) : {};

/** The percentage a rate code applies; null for the codes without VAT. */
const RATE_PERCENT: Record<RateCode, number | null> = { '10%': 10, '8%': 8, '5%': 5, '0%': 0, KCT: null, KKKNT: null };

/**
 * How far a request's figures may stray from the products they state, in đồng: the tax authority's
 * validation allows a rounding difference of one đồng on a line's amount against quantity × unit price
 * and on a VAT against amount × rate (D229). Sums (lines to their rate, rates to the totals) are exact.
 */
export const TOLERANCE = 1;

/**
 * The symbol of Circular 78/2021 art. 4 (kept by Decree 70/2025): C (coded) or K (uncoded), the
 * year's last two digits, the kind (T registered, D special, L per sale, M cash register, N, B, G, H),
 * and two characters the seller chooses. D230.
 */
export const SERIES_FORMAT = /^[CK]\d{2}[TDLMNBGH][A-Z0-9]{2}$/;

const isWholeDong = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** A number with at most 6 decimals (XML DGia), not negative. */
const isUnitPrice = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isFinite(value) &&
  value >= 0 &&
  value <= MAX_AMOUNT_IN_WORDS &&
  Math.abs(value * 1e6 - Math.round(value * 1e6)) < 1e-3;

/** A whole number of đồng that may be below zero: an adjustment's difference (D243). */
const isSignedDong = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

const lowerFirst = (words: string) => words.charAt(0).toLowerCase() + words.slice(1);

/**
 * The reference block of a correcting invoice (TTHDLQuan, Decree 70/2025 art. 1(13) amending Decree
 * 123 art. 19): the original's template, symbol, number and date, and a reason, all required; an
 * original dated after the correction or of a series that is not a symbol is refused.
 */
function relatedInvoice(input: IssueInput): NonNullable<HDon['TTChung']['TTHDLQuan']> | null {
  const c = input.correction;
  if (c === undefined || c === null) return null;
  if (c.kind !== 'replace' && c.kind !== 'adjust')
    throw new InvoiceInputError('correction.kind', "correction.kind must be 'replace' or 'adjust'");
  if (c.kind === 'replace' && c.adjustKind !== undefined)
    throw new InvoiceInputError('correction.adjustKind', 'a replacement has no adjustment kind');
  if (c.adjustKind !== undefined && c.adjustKind !== 'amount' && c.adjustKind !== 'info')
    throw new InvoiceInputError('correction.adjustKind', "correction.adjustKind must be 'amount' or 'info'");
  const reason = text(c.reason, 'correction.reason', { required: true });
  const o = c.original;
  if (o?.templateCode !== '1' && o?.templateCode !== '2')
    throw new InvoiceInputError('correction.original.templateCode', "the original's template must be '1' or '2'");
  const series = text(o.series, 'correction.original.series', { required: true });
  if (!SERIES_FORMAT.test(series)) throw new InvoiceInputError('correction.original.series', `${series} is not a symbol such as C26TAA`);
  if (!Number.isSafeInteger(o.number) || o.number < 1)
    throw new InvoiceInputError('correction.original.number', 'the original number must be 1 or more');
  const day = issueDay(o.issuedAt);
  if (day > issueDay(input.issuedAt))
    throw new InvoiceInputError('correction.original.issuedAt', 'the original cannot be dated after its correction');
  return {
    TCHDon: c.kind === 'replace' ? 1 : 2,
    LHDCLQuan: 1,
    KHMSHDCLQuan: o.templateCode,
    KHHDCLQuan: series,
    SHDCLQuan: o.number,
    NLHDCLQuan: day,
    GChu: reason,
  };
}

const within = (a: number, b: number) => Math.abs(a - b) <= TOLERANCE + 1e-9;

/** A checked line, signed: an adjustment's decrease is negative (D243). */
interface Line {
  name: string;
  unit: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  rate: RateCode | null;
  vat: number | undefined;
}
type Rate = HDon['NDHDon']['TToan']['THTTLTSuat'][number];

/** The lines as the request states them, each checked; an adjustment's decrease carried negative (D243). */
function checkedLines(given: IssueInput['lines'], sales: boolean, adjusting: boolean): Line[] {
  const sign = (line: { decrease?: boolean | undefined }) => (line.decrease ? -1 : 1);
  return given.map((line, i) => {
    const at = `lines[${i}]`;
    const name = text(line?.name, `${at}.name`, { required: true });
    const unit = text(line?.unit, `${at}.unit`);
    const quantity = line?.quantity;
    if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity <= 0 || quantity > LIMITS.quantity) {
      throw new InvoiceInputError(`${at}.quantity`, `${at}.quantity must be a number above 0 and at most ${LIMITS.quantity}`);
    }
    if (!isUnitPrice(line?.unitPrice))
      throw new InvoiceInputError(`${at}.unitPrice`, `${at}.unitPrice must be a price before tax with at most 6 decimals`);
    if (!isWholeDong(line?.amount) || line.amount > MAX_AMOUNT_IN_WORDS) {
      throw new InvoiceInputError(`${at}.amount`, `${at}.amount must be a whole number of đồng`);
    }
    if (!within(quantity * line.unitPrice, line.amount)) {
      throw new InvoiceInputError(
        `${at}.amount`,
        `${at}.amount ${line.amount} is not quantity × unit price (${quantity} × ${line.unitPrice})`,
      );
    }
    const rate = line.rate ?? null;
    if (sales && rate !== null) throw new InvoiceInputError(`${at}.rate`, `a sales invoice (template 2) carries no VAT rate`);
    if (!sales) {
      if (rate === null || !(RATE_CODES as readonly string[]).includes(rate)) {
        throw new InvoiceInputError(`${at}.rate`, `${at}.rate must be one of ${RATE_CODES.join(', ')}`);
      }
      if (line.vat !== undefined) {
        const percent = RATE_PERCENT[rate] ?? 0;
        if (!isWholeDong(line.vat) || !within(line.vat, (line.amount * percent) / 100)) {
          throw new InvoiceInputError(`${at}.vat`, `${at}.vat ${String(line.vat)} is not ${rate} of ${line.amount}`);
        }
      }
    }
    if (line.decrease !== undefined && line.decrease !== false && !adjusting) {
      throw new InvoiceInputError(`${at}.decrease`, 'only an adjustment of amounts has lines that decrease the original');
    }
    // The size was checked above; an adjustment's decrease is carried negative from here on (D243).
    const s = sign(line);
    return {
      name,
      unit,
      quantity,
      unitPrice: s * line.unitPrice,
      amount: s * line.amount,
      rate: rate as RateCode | null,
      vat: line.vat === undefined ? undefined : s * line.vat,
    };
  });
}

/** The breakdown by rate: the request's, checked against its lines, or worked from the lines. */
function breakdownOf(given: IssueInput['rates'], lines: Line[], sales: boolean, isDong: (value: unknown) => value is number): Rate[] {
  const present = RATE_CODES.filter((code) => lines.some((l) => l.rate === code));
  const linesNet = (code: RateCode) => lines.filter((l) => l.rate === code).reduce((sum, l) => sum + l.amount, 0);
  const linesVat = (code: RateCode) => {
    const members = lines.filter((l) => l.rate === code);
    const percent = RATE_PERCENT[code] ?? 0;
    return members.every((l) => l.vat !== undefined)
      ? members.reduce((sum, l) => sum + l.vat!, 0)
      : Math.round((linesNet(code) * percent) / 100);
  };
  if (given === undefined) return present.map((code) => ({ TSuat: code, ThTien: linesNet(code), TThue: linesVat(code) }));
  if (!Array.isArray(given)) throw new InvoiceInputError('rates', 'rates must be a list');
  if (sales && given.length > 0) throw new InvoiceInputError('rates', 'a sales invoice (template 2) has no breakdown by rate');
  const stated = new Set(given.map((r) => r?.rate));
  for (const code of present) if (!stated.has(code)) throw new InvoiceInputError('rates', `the breakdown has no row for ${code}`);
  const rates = given.map((r, i) => {
    const at = `rates[${i}]`;
    if (!present.includes(r?.rate)) throw new InvoiceInputError(`${at}.rate`, `${at}.rate ${String(r?.rate)} is on no line`);
    if (!isDong(r.net) || r.net !== linesNet(r.rate)) {
      throw new InvoiceInputError(`${at}.net`, `${at}.net ${String(r.net)} is not the sum of its lines (${linesNet(r.rate)})`);
    }
    const percent = RATE_PERCENT[r.rate] ?? 0;
    if (!isDong(r.vat) || !within(r.vat, (r.net * percent) / 100)) {
      throw new InvoiceInputError(`${at}.vat`, `${at}.vat ${String(r.vat)} is not ${r.rate} of ${r.net}`);
    }
    return { TSuat: r.rate, ThTien: r.net, TThue: r.vat };
  });
  if (new Set(rates.map((r) => r.TSuat)).size !== rates.length)
    throw new InvoiceInputError('rates', 'a rate appears twice in the breakdown');
  return rates;
}

/** The buyer (NMua): a person by name (a walk-in buyer when none), or a company with its tax code and the person beside it. */
function buyerOf(given: IssueInput['buyer']): HDon['NDHDon']['NMua'] {
  const buyer = given ?? { isIndividual: true, name: WALK_IN_BUYER };
  const individual = buyer.isIndividual !== false;
  const person = text(buyer.name, 'buyer.name') || (individual ? WALK_IN_BUYER : '');
  const company = text(buyer.company, 'buyer.company');
  if (!individual && !company) throw new InvoiceInputError('buyer.company', 'a business buyer needs its company name');
  const buyerTaxCode = text(buyer.taxCode, 'buyer.taxCode');
  if (!individual && !buyerTaxCode) throw new InvoiceInputError('buyer.taxCode', 'a business buyer needs its tax code');
  return {
    Ten: individual ? person : company,
    MST: buyerTaxCode,
    DChi: text(buyer.address, 'buyer.address'),
    MKHang: text(buyer.customerCode, 'buyer.customerCode'),
    HVTNMHang: individual ? '' : person,
    ...optional('SDThoai', text(buyer.phone, 'buyer.phone')),
    ...optional('DCTDTu', text(buyer.email, 'buyer.email')),
    ...optional('CCCDan', text(buyer.idCard, 'buyer.idCard')),
  };
}

/**
 * The tax authority's structure of one invoice, from a request that states its own figures
 * (D229): each line's unit price and amount before tax and its rate, the breakdown by rate and the
 * totals. What a real provider refuses is refused here with the field that is wrong: an amount that is
 * not quantity × unit price, a VAT that is not the rate of its amount, sums that do not add up, a rate
 * on a sales invoice or a line without one on a VAT invoice, a symbol whose year is not the invoice's.
 */
export function buildHDon(input: IssueInput, seller: Seller, number: number): HDon {
  if (input.templateCode !== '1' && input.templateCode !== '2')
    throw new InvoiceInputError('templateCode', "templateCode must be '1' or '2'");
  if (!['TM', 'CK', 'TM/CK'].includes(input.paymentMethod))
    throw new InvoiceInputError('paymentMethod', "paymentMethod must be 'TM', 'CK' or 'TM/CK'");
  if (Array.isArray(input.lines) && input.lines.length > LIMITS.lines)
    throw new InvoiceInputError('lines', `an invoice carries at most ${LIMITS.lines} lines`);
  const day = issueDay(input.issuedAt);
  const series = text(input.series, 'series', { required: true });
  if (!SERIES_FORMAT.test(series)) throw new InvoiceInputError('series', `series ${series} is not a symbol such as C26TAA`);
  if (series.slice(1, 3) !== day.slice(2, 4)) {
    throw new InvoiceInputError(
      'series',
      `series ${series} is for 20${series.slice(1, 3)}; an invoice dated ${day} needs a 20${day.slice(2, 4)} series`,
    );
  }
  const sales = input.templateCode === '2';
  const related = relatedInvoice(input);
  // An adjustment of amounts states signed differences (a decrease below zero); information only, none.
  const adjusting = related?.TCHDon === 2 && input.correction?.adjustKind !== 'info';
  const informationOnly = related?.TCHDon === 2 && input.correction?.adjustKind === 'info';
  if (!Array.isArray(input.lines)) throw new InvoiceInputError('lines', 'lines must be a list');
  if (informationOnly && input.lines.length > 0)
    throw new InvoiceInputError('lines', 'an adjustment of information only carries no amounts');
  if (!informationOnly && input.lines.length === 0) throw new InvoiceInputError('lines', 'an invoice needs at least one line');
  const isDong = adjusting ? isSignedDong : isWholeDong;

  const lines = checkedLines(input.lines, sales, adjusting);

  // The breakdown: as the request states it, checked against its lines; or worked from the lines.
  const rates = breakdownOf(input.rates, lines, sales, isDong);

  const net = sales ? lines.reduce((sum, l) => sum + l.amount, 0) : rates.reduce((sum, r) => sum + r.ThTien, 0);
  const vat = rates.reduce((sum, r) => sum + r.TThue, 0);
  let gross = net + vat;
  if (input.totals !== undefined) {
    const t = input.totals;
    if (!isDong(t?.net) || t.net !== net)
      throw new InvoiceInputError('totals.net', `totals.net ${String(t?.net)} is not the sum of the lines (${net})`);
    if (!isDong(t.vat) || t.vat !== vat)
      throw new InvoiceInputError('totals.vat', `totals.vat ${String(t.vat)} is not the sum of the rates (${vat})`);
    if (!isDong(t.gross) || t.gross !== net + vat) {
      throw new InvoiceInputError('totals.gross', `totals.gross ${String(t.gross)} is not net + VAT (${net + vat})`);
    }
    gross = t.gross;
  }
  if (Math.abs(gross) > MAX_AMOUNT_IN_WORDS) throw new InvoiceInputError('lines', 'the invoice total is beyond 999 billion đồng');

  const items: HHDVu[] = lines.map((l, i) => ({
    TChat: 1,
    STT: i + 1,
    THHDVu: l.name,
    DVTinh: l.unit,
    SLuong: l.quantity,
    DGia: l.unitPrice,
    ThTien: l.amount,
    ...(l.rate !== null ? { TSuat: l.rate } : {}),
    ...(l.vat !== undefined ? { TThue: l.vat } : {}),
  }));
  const notes = (input.notes ?? []).map((note, i) => text(note, `notes[${i}]`)).filter(Boolean);

  return {
    TTChung: {
      PBan: '2.1.0',
      THDon: INVOICE_NAMES[input.templateCode],
      KHMSHDon: input.templateCode,
      KHHDon: series,
      SHDon: number,
      NLap: day,
      DVTTe: 'VND',
      TGia: 1,
      HTTToan: input.paymentMethod,
      MSTTCGP: PROVIDER_TAX_CODES[input.provider],
      ...(related ? { TTHDLQuan: related } : {}),
    },
    NDHDon: {
      NBan: { Ten: seller.name, MST: seller.taxCode, DChi: seller.address },
      NMua: buyerOf(input.buyer),
      DSHHDVu: items,
      TToan: {
        THTTLTSuat: rates,
        TgTCThue: net,
        TgTThue: vat,
        TgTTTBSo: gross,
        // A decrease is written as such ("Âm ..."), the words of its size.
        TgTTTBChu: gross < 0 ? `Âm ${lowerFirst(amountInWords(-gross))}` : amountInWords(gross),
      },
      ...(notes.length > 0 ? { GChu: notes } : {}),
    },
  };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (value: string | number): string => String(value).replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

const el = (name: string, value: string | number | undefined): string =>
  value === undefined ? '' : `<${name}>${escapeXml(value)}</${name}>`;

/** The invoice as the tax authority's XML (without the signature block, which a sandbox cannot make). */
export function hdonToXml(hdon: HDon): string {
  const t = hdon.TTChung;
  const n = hdon.NDHDon;
  const items = n.DSHHDVu.map(
    (l) =>
      `<HHDVu>${el('TChat', l.TChat)}${el('STT', l.STT)}${el('THHDVu', l.THHDVu)}${el('DVTinh', l.DVTinh)}${el('SLuong', l.SLuong)}` +
      `${el('DGia', l.DGia)}${el('ThTien', l.ThTien)}${el('TSuat', l.TSuat)}${el('TThue', l.TThue)}</HHDVu>`,
  ).join('');
  const rates = n.TToan.THTTLTSuat.map(
    (r) => `<LTSuat>${el('TSuat', r.TSuat)}${el('ThTien', r.ThTien)}${el('TThue', r.TThue)}</LTSuat>`,
  ).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<HDon><DLHDon Id="data">' +
    `<TTChung>${el('PBan', t.PBan)}${el('THDon', t.THDon)}${el('KHMSHDon', t.KHMSHDon)}${el('KHHDon', t.KHHDon)}${el('SHDon', t.SHDon)}` +
    `${el('NLap', t.NLap)}${el('DVTTe', t.DVTTe)}${el('TGia', t.TGia)}${el('HTTToan', t.HTTToan)}${el('MSTTCGP', t.MSTTCGP)}` +
    (t.TTHDLQuan
      ? `<TTHDLQuan>${el('TCHDon', t.TTHDLQuan.TCHDon)}${el('LHDCLQuan', t.TTHDLQuan.LHDCLQuan)}${el('KHMSHDCLQuan', t.TTHDLQuan.KHMSHDCLQuan)}` +
        `${el('KHHDCLQuan', t.TTHDLQuan.KHHDCLQuan)}${el('SHDCLQuan', t.TTHDLQuan.SHDCLQuan)}${el('NLHDCLQuan', t.TTHDLQuan.NLHDCLQuan)}` +
        `${el('GChu', t.TTHDLQuan.GChu)}</TTHDLQuan>`
      : '') +
    '</TTChung>' +
    '<NDHDon>' +
    `<NBan>${el('Ten', n.NBan.Ten)}${el('MST', n.NBan.MST)}${el('DChi', n.NBan.DChi)}</NBan>` +
    `<NMua>${el('Ten', n.NMua.Ten)}${el('MST', n.NMua.MST)}${el('DChi', n.NMua.DChi)}${el('MKHang', n.NMua.MKHang)}${el('SDThoai', n.NMua.SDThoai)}${el('DCTDTu', n.NMua.DCTDTu)}${el('HVTNMHang', n.NMua.HVTNMHang)}${el('CCCDan', n.NMua.CCCDan)}</NMua>` +
    `<DSHHDVu>${items}</DSHHDVu>` +
    `<TToan><THTTLTSuat>${rates}</THTTLTSuat>${el('TgTCThue', n.TToan.TgTCThue)}${el('TgTThue', n.TToan.TgTThue)}` +
    `${el('TgTTTBSo', n.TToan.TgTTTBSo)}${el('TgTTTBChu', n.TToan.TgTTTBChu)}</TToan>` +
    '</NDHDon></DLHDon>' +
    el('MCCQT', hdon.MCCQT) +
    '</HDon>'
  );
}
