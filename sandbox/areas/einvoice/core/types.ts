/**
 * The shared vocabulary of the four provider emulators (M-Invoice, MISA meInvoice, FPT eInvoice,
 * Viettel S-Invoice). Each provider speaks its own wire shape (providers/<route>/); underneath they all
 * issue the same thing: an invoice kept in the tax authority's structure (HDon), numbered without
 * gaps per merchant, provider and series, and drawn as a PDF from that structure.
 */

/** doc 2 §3 "E-invoice provider" route names; also the URL prefix of each emulator under /api/einvoice. */
export const PROVIDER_ROUTES = ['m-invoice', 'misa', 'fpt', 'viettel'] as const;
export type ProviderRoute = (typeof PROVIDER_ROUTES)[number];

export const isProviderRoute = (value: unknown): value is ProviderRoute =>
  typeof value === 'string' && (PROVIDER_ROUTES as readonly string[]).includes(value);

/** Printed names (PDF header, documentation). */
export const PROVIDER_NAMES: Record<ProviderRoute, string> = {
  'm-invoice': 'M-Invoice',
  misa: 'MISA meInvoice',
  fpt: 'FPT eInvoice',
  viettel: 'Viettel S-Invoice',
};

/** doc 2 §3 "E-invoice buyer". An individual ("Khách lẻ" by default) needs only a name. */
export interface BuyerInput {
  isIndividual: boolean;
  name: string;
  company?: string;
  taxCode?: string;
  address?: string;
  email?: string;
  phone?: string;
  customerCode?: string;
  idCard?: string;
}

/**
 * One line as the provider's request states it (D229): the unit price and amount before
 * tax, the line's own rate, and its VAT where the provider's API carries one. The emulator checks what
 * the real API checks (quantity × unit price against the amount, the rate's sums, the totals) and keeps
 * what was sent; it never works a net back from a gross.
 */
export interface LineInput {
  name: string;
  unit?: string;
  quantity: number;
  /** Price of one unit before tax, in đồng, at most 6 decimals (XML DGia). */
  unitPrice: number;
  /** The line's amount before tax, whole đồng (XML ThTien). */
  amount: number;
  /** The line's rate (XML TSuat): '10%', '8%', '5%', '0%', 'KCT', 'KKKNT'; null on a sales invoice. */
  rate: RateCode | null;
  /** The line's VAT when the provider's request carries one (Viettel taxAmount, MISA VATAmount). */
  vat?: number;
  /**
   * On an adjusting invoice only (D243): the line lowers the original (amounts stated as
   * their size; the invoice carries them negative, as the tax authority's XML writes a decrease).
   */
  decrease?: boolean;
}

/**
 * What a correcting invoice refers to (Decree 123 art. 19 as amended by Decree 70/2025; D243): the
 * original's template digit, symbol, number and date, and the reason. Its XML is TTChung/TTHDLQuan.
 */
export interface CorrectionInput {
  /** replace: a replacing invoice (TCHDon 1); adjust: an adjusting one (TCHDon 2). */
  kind: 'replace' | 'adjust';
  /** An adjustment of amounts (lines that increase or decrease) or of information only (no amounts). */
  adjustKind?: 'amount' | 'info';
  original: { templateCode: TemplateCode; series: string; number: number; issuedAt: number };
  reason: string;
}

/** One row of the invoice's breakdown by rate, as the request states it (XML LTSuat). */
export interface RateInput {
  rate: RateCode;
  /** Sum of the rate's lines before tax. */
  net: number;
  vat: number;
}

/** The invoice's totals as the request states them. */
export interface TotalsInput {
  /** Before tax (TgTCThue). */
  net: number;
  /** VAT (TgTThue). */
  vat: number;
  /** To pay (TgTTTBSo). */
  gross: number;
}

/** Template number (ký hiệu mẫu số): 1 VAT invoice, 2 sales invoice (no VAT line). */
export type TemplateCode = '1' | '2';
/** HTTToan: TM cash, CK transfer, TM/CK either. */
export type PaymentMethod = 'TM' | 'CK' | 'TM/CK';
/** The rate codes a line may carry (Circular 78/2021 TSuat; Decision 1450/QĐ-TCT's list). */
export const RATE_CODES = ['10%', '8%', '5%', '0%', 'KCT', 'KKKNT'] as const;

export interface IssueInput {
  merchantId: string;
  provider: ProviderRoute;
  templateCode: TemplateCode;
  /** The six-character symbol (ký hiệu), e.g. C26TAA; the template digit is separate. */
  series: string;
  /** Unix ms of the invoice date (NLap): the request's date where the provider takes one, else now. */
  issuedAt: number;
  buyer: BuyerInput;
  lines: LineInput[];
  /** Absent: worked from the lines (a provider whose request has no breakdown, e.g. M-Invoice). */
  rates?: RateInput[];
  /** Absent: worked from the lines and rates. */
  totals?: TotalsInput;
  paymentMethod: PaymentMethod;
  /** The caller's idempotency key: M-Invoice/FPT order ref, MISA RefID, Viettel transactionUuid. */
  clientRef: string;
  /** Printed under the lines (a sales invoice's reduction note under Resolution 204). */
  notes?: string[];
  /** A replacing or adjusting invoice names its original and the reason (D243). */
  correction?: CorrectionInput;
}

export interface Seller {
  name: string;
  taxCode: string;
  address: string;
  phone?: string | null;
  email?: string | null;
}

/** Rate code of the XML: '10%', '8%', '5%', '0%' (the providers also know 'KCT', 'KKKNT', 'KHAC:x%'). */
export type RateCode = (typeof RATE_CODES)[number];

/** The tax authority's invoice structure (Circular 78/2021 XML, `HDon` > `DLHDon`), kept as data. */
export interface HDon {
  TTChung: {
    /** Format version of the XML. */
    PBan: string;
    /** Invoice name, e.g. "Hóa đơn giá trị gia tăng". */
    THDon: string;
    /** Template digit. */
    KHMSHDon: TemplateCode;
    /** Symbol, e.g. C26TAA. */
    KHHDon: string;
    /** Number within the series. */
    SHDon: number;
    /** Issue date, YYYY-MM-DD (Vietnam). */
    NLap: string;
    /** Currency. */
    DVTTe: 'VND';
    /** Exchange rate. */
    TGia: number;
    HTTToan: PaymentMethod;
    /** Tax code of the provider (the e-invoice service organisation). */
    MSTTCGP: string;
    /**
     * The invoice this one corrects (Decision 1450/QĐ-TCT TTHDLQuan): TCHDon 1 replacing, 2 adjusting;
     * LHDCLQuan 1 an e-invoice under Decree 123; the original's template digit, symbol, number, date
     * (YYYY-MM-DD) and the reason (GChu).
     */
    TTHDLQuan?: {
      TCHDon: 1 | 2;
      LHDCLQuan: 1;
      KHMSHDCLQuan: TemplateCode;
      KHHDCLQuan: string;
      SHDCLQuan: number;
      NLHDCLQuan: string;
      GChu: string;
    };
  };
  NDHDon: {
    NBan: { Ten: string; MST: string; DChi: string };
    /** SDThoai phone, DCTDTu e-mail, CCCDan ID card: present only when the buyer gave them. */
    NMua: { Ten: string; MST: string; DChi: string; MKHang: string; HVTNMHang: string; SDThoai?: string; DCTDTu?: string; CCCDan?: string };
    DSHHDVu: HHDVu[];
    TToan: {
      THTTLTSuat: { TSuat: RateCode; ThTien: number; TThue: number }[];
      /** Total before tax. */
      TgTCThue: number;
      /** Total tax. */
      TgTThue: number;
      /** Total to pay, in figures. */
      TgTTTBSo: number;
      /** Total to pay, in words. */
      TgTTTBChu: string;
    };
    /** Notes printed under the lines (a sales invoice's reduction note, D256). */
    GChu?: string[];
  };
  /** Tax authority code, once coded. */
  MCCQT?: string;
}

export interface HHDVu {
  /** Kind of line: 1 goods or service. */
  TChat: 1;
  STT: number;
  THHDVu: string;
  DVTinh: string;
  SLuong: number;
  /** Unit price before tax. */
  DGia: number;
  /** Line amount before tax. */
  ThTien: number;
  /** Absent on a sales invoice (template 2): no VAT. */
  TSuat?: RateCode;
  /** The line's VAT, when the request stated it. */
  TThue?: number;
}

/** A stored invoice (core/store.ts, table einv_invoices). */
export interface InvoiceRecord {
  id: number;
  merchantId: string;
  provider: ProviderRoute;
  /** The provider's own id (hoadon68_id / RefID / sid / transactionID). */
  providerId: string;
  templateCode: TemplateCode;
  series: string;
  number: number;
  issuedAt: number;
  hdon: HDon;
  /** The provider's invoice status code (doc 2 §4). */
  status: number;
  /** The provider's tax-authority status, as that provider writes it (a number as text, or a name). */
  cqtStatus: string | null;
  /** Tax-authority code (MCCQT) once granted. */
  cqtCode: string | null;
  /** The code a buyer types on the provider's lookup page. */
  lookupCode: string;
  signedAt: number | null;
  clientRef: string;
  /** Provider-specific state (PDF asks so far, when the code arrives, …). */
  extra: Record<string, unknown>;
  createdAt: number;
}
