import { rateOn, splitGross, VAT_PERIODS, vnDay } from './vat';
import { amountInWords, MAX_AMOUNT_IN_WORDS } from './words';
import { VAT_CHOICES, type HDon, type HHDVu, type IssueInput, type ProviderRoute, type Seller } from './types';

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
 * The first day an invoice may carry: the first of the VAT periods the sandbox knows (core/vat.ts).
 * An earlier date has no rate to work the tax with; it is the caller's input, refused as such (D219).
 */
export const EARLIEST_INVOICE_DAY = VAT_PERIODS[0]!.from;
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

/** The VAT rate of an invoice: none for a sales invoice, else the serial modal's choice or the rate in force. */
export function invoiceRate(input: Pick<IssueInput, 'templateCode' | 'vatRate' | 'issuedAt'>): number | null {
  if (input.templateCode === '2') return null;
  if (input.vatRate === undefined || input.vatRate === null) return rateOn(issueDay(input.issuedAt));
  if (!(VAT_CHOICES as readonly number[]).includes(input.vatRate)) {
    throw new InvoiceInputError('vatRate', `vatRate must be one of ${VAT_CHOICES.join(', ')}`);
  }
  return input.vatRate;
}

/**
 * The tax authority's structure of one invoice. Prices include VAT (doc 2 §9): the rate's total is
 * split once (core/vat.ts) so the invoice's total is exactly what the buyer paid, and the lines' net
 * amounts are split the same way with the last rounding difference put on the largest line, so the
 * lines add up to the printed net.
 */
export function buildHDon(input: IssueInput, seller: Seller, number: number): HDon {
  if (input.templateCode !== '1' && input.templateCode !== '2')
    throw new InvoiceInputError('templateCode', "templateCode must be '1' or '2'");
  if (!['TM', 'CK', 'TM/CK'].includes(input.paymentMethod))
    throw new InvoiceInputError('paymentMethod', "paymentMethod must be 'TM', 'CK' or 'TM/CK'");
  if (!Array.isArray(input.lines) || input.lines.length === 0) throw new InvoiceInputError('lines', 'an invoice needs at least one line');
  if (input.lines.length > LIMITS.lines) throw new InvoiceInputError('lines', `an invoice carries at most ${LIMITS.lines} lines`);
  const day = issueDay(input.issuedAt);
  const rate = invoiceRate(input);
  const rounding = input.rounding === 'up' ? 'up' : 'round';

  const lines = input.lines.map((line, i) => {
    const at = `lines[${i}]`;
    const name = text(line?.name, `${at}.name`, { required: true });
    const unit = text(line?.unit, `${at}.unit`);
    const quantity = line?.quantity;
    if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity <= 0 || quantity > LIMITS.quantity) {
      throw new InvoiceInputError(`${at}.quantity`, `${at}.quantity must be a number above 0 and at most ${LIMITS.quantity}`);
    }
    const price = line?.unitPriceGross;
    if (typeof price !== 'number' || !Number.isSafeInteger(price) || price < 0 || price > MAX_AMOUNT_IN_WORDS) {
      throw new InvoiceInputError(`${at}.unitPriceGross`, `${at}.unitPriceGross must be a whole number of đồng`);
    }
    const gross = Math.round(quantity * price);
    return { name, unit, quantity, price, gross };
  });

  const gross = lines.reduce((sum, l) => sum + l.gross, 0);
  if (gross > MAX_AMOUNT_IN_WORDS) throw new InvoiceInputError('lines', 'the invoice total is beyond 999 billion đồng');
  const total = rate === null ? { net: gross, vat: 0 } : splitGross(gross, rate, rounding);

  const nets = lines.map((l) => (rate === null ? l.gross : splitGross(l.gross, rate, rounding).net));
  const difference = total.net - nets.reduce((sum, n) => sum + n, 0);
  if (difference !== 0) {
    const largest = lines.reduce((best, l, i) => (l.gross > lines[best]!.gross ? i : best), 0);
    nets[largest]! += difference;
  }
  const rateCode = rate === null ? undefined : `${rate}%`;
  const items: HHDVu[] = lines.map((l, i) => ({
    TChat: 1,
    STT: i + 1,
    THHDVu: l.name,
    DVTinh: l.unit,
    SLuong: l.quantity,
    DGia: rate === null ? l.price : splitGross(l.price, rate, rounding).net,
    ThTien: nets[i]!,
    ...(rateCode ? { TSuat: rateCode } : {}),
  }));

  const buyer = input.buyer ?? { isIndividual: true, name: WALK_IN_BUYER };
  const individual = buyer.isIndividual !== false;
  const person = text(buyer.name, 'buyer.name') || (individual ? WALK_IN_BUYER : '');
  const company = text(buyer.company, 'buyer.company');
  if (!individual && !company) throw new InvoiceInputError('buyer.company', 'a business buyer needs its company name');
  const buyerTaxCode = text(buyer.taxCode, 'buyer.taxCode');
  if (!individual && !buyerTaxCode) throw new InvoiceInputError('buyer.taxCode', 'a business buyer needs its tax code');

  return {
    TTChung: {
      PBan: '2.1.0',
      THDon: INVOICE_NAMES[input.templateCode],
      KHMSHDon: input.templateCode,
      KHHDon: text(input.series, 'series', { required: true }),
      SHDon: number,
      NLap: day,
      DVTTe: 'VND',
      TGia: 1,
      HTTToan: input.paymentMethod,
      MSTTCGP: PROVIDER_TAX_CODES[input.provider],
    },
    NDHDon: {
      NBan: { Ten: seller.name, MST: seller.taxCode, DChi: seller.address },
      NMua: {
        Ten: individual ? person : company,
        MST: buyerTaxCode,
        DChi: text(buyer.address, 'buyer.address'),
        MKHang: text(buyer.customerCode, 'buyer.customerCode'),
        HVTNMHang: individual ? '' : person,
        ...optional('SDThoai', text(buyer.phone, 'buyer.phone')),
        ...optional('DCTDTu', text(buyer.email, 'buyer.email')),
        ...optional('CCCDan', text(buyer.idCard, 'buyer.idCard')),
      },
      DSHHDVu: items,
      TToan: {
        THTTLTSuat: rateCode ? [{ TSuat: rateCode, ThTien: total.net, TThue: total.vat }] : [],
        TgTCThue: total.net,
        TgTThue: total.vat,
        TgTTTBSo: gross,
        TgTTTBChu: amountInWords(gross),
      },
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
      `${el('DGia', l.DGia)}${el('ThTien', l.ThTien)}${el('TSuat', l.TSuat)}</HHDVu>`,
  ).join('');
  const rates = n.TToan.THTTLTSuat.map(
    (r) => `<LTSuat>${el('TSuat', r.TSuat)}${el('ThTien', r.ThTien)}${el('TThue', r.TThue)}</LTSuat>`,
  ).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<HDon><DLHDon Id="data">' +
    `<TTChung>${el('PBan', t.PBan)}${el('THDon', t.THDon)}${el('KHMSHDon', t.KHMSHDon)}${el('KHHDon', t.KHHDon)}${el('SHDon', t.SHDon)}` +
    `${el('NLap', t.NLap)}${el('DVTTe', t.DVTTe)}${el('TGia', t.TGia)}${el('HTTToan', t.HTTToan)}${el('MSTTCGP', t.MSTTCGP)}</TTChung>` +
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
