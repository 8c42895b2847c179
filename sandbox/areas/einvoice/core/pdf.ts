import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { HDon } from './types';

/**
 * The invoice as a real PDF drawn from its HDon, in Vietnamese with the English gloss real invoices
 * print. The font is DejaVu Sans from the dejavu-fonts-ttf package (full Vietnamese coverage),
 * embedded as a subset with a ToUnicode map, so `pdftotext` gives the text back with its diacritics.
 * Nothing is fetched at run time.
 */
export interface PdfOptions {
  lookupCode: string;
  lookupUrl: string;
  providerName: string;
  /** The label above the title; default "Bản thể hiện của hóa đơn điện tử" (the provider may say Bản sao, …). */
  copy?: string;
  /** When the seller signed (unix ms), or null/absent: printed as not signed yet. */
  signedAt?: number | null;
  /** An adjustment of amounts: the original's total once adjusted, printed under the difference (D243). */
  totalAfter?: number | null;
}

/** "Ngày 05 tháng 12 năm 2026" of a YYYY-MM-DD. */
const dayWords = (day: string) => {
  const [y, m, d] = day.split('-');
  return `ngày ${d} tháng ${m} năm ${y}`;
};

const require = createRequire(import.meta.url);
let fonts: { regular: Uint8Array; bold: Uint8Array; glyphs: ReturnType<typeof fontkit.create> } | undefined;

function loadFonts() {
  if (!fonts) {
    const regular = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
    const bold = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));
    fonts = { regular, bold, glyphs: fontkit.create(regular) };
  }
  return fonts;
}

/** Characters the font cannot draw (emoji, control characters) become "?" rather than an empty box or a throw. */
function printable(value: string): string {
  const { glyphs } = loadFonts();
  let out = '';
  for (const ch of value.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    out += cp < 0x20 || cp === 0x7f ? ' ' : glyphs.hasGlyphForCodePoint(cp) ? ch : '?';
  }
  return out;
}

/** 1900000 → "1.900.000" (Vietnamese grouping); decimals keep a comma. */
export function formatVnd(n: number): string {
  const [int, frac] = String(Math.abs(n)).split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${n < 0 ? '-' : ''}${grouped}${frac ? `,${frac}` : ''}`;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.4);
const RULE = rgb(0.6, 0.6, 0.65);

class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  ensure(height: number) {
    if (this.y - height < MARGIN + 20) this.newPage();
  }
  width(text: string, size: number, bold = false) {
    return (bold ? this.bold : this.regular).widthOfTextAtSize(text, size);
  }
  /** Words wrapped to `width`; a word longer than the width is cut. */
  wrap(text: string, size: number, width: number, bold = false): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of printable(text).split(/\s+/).filter(Boolean)) {
      let piece = word;
      while (this.width(piece, size, bold) > width) {
        let cut = piece.length - 1;
        while (cut > 1 && this.width(piece.slice(0, cut), size, bold) > width) cut--;
        if (line) lines.push(line);
        lines.push(piece.slice(0, cut));
        line = '';
        piece = piece.slice(cut);
      }
      const candidate = line ? `${line} ${piece}` : piece;
      if (this.width(candidate, size, bold) > width) {
        lines.push(line);
        line = piece;
      } else line = candidate;
    }
    if (line || !lines.length) lines.push(line);
    return lines;
  }
  text(text: string, x: number, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; y?: number } = {}) {
    const size = options.size ?? 9;
    this.page.drawText(printable(text), {
      x,
      y: options.y ?? this.y,
      size,
      font: options.bold ? this.bold : this.regular,
      color: options.color ?? INK,
    });
  }
  centered(text: string, size: number, bold = false, color = INK) {
    const w = this.width(printable(text), size, bold);
    this.text(text, (A4[0] - w) / 2, { size, bold, color });
    this.y -= size + 5;
  }
  /** "Label: value", the value wrapped under itself. */
  field(label: string, value: string, size = 9) {
    const labelWidth = this.width(`${label}: `, size);
    const lines = this.wrap(value || '', size, A4[0] - 2 * MARGIN - labelWidth, true);
    this.ensure(lines.length * (size + 4));
    this.text(`${label}: `, MARGIN, { size, color: MUTED });
    lines.forEach((line, i) => this.text(line, MARGIN + labelWidth, { size, bold: true, y: this.y - i * (size + 4) }));
    this.y -= lines.length * (size + 4) + 1;
  }
  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y + 4 }, end: { x: A4[0] - MARGIN, y: this.y + 4 }, thickness: 0.6, color: RULE });
    this.y -= 6;
  }
}

/** The lines' table: each line with its own rate and VAT (D229). Widths add up to the page's 515 pt. */
const COLUMNS = [
  { title: 'STT', width: 24, align: 'center' },
  { title: 'Tên hàng hóa, dịch vụ', width: 160, align: 'left' },
  { title: 'ĐVT', width: 36, align: 'center' },
  { title: 'Số lượng', width: 42, align: 'right' },
  { title: 'Đơn giá', width: 66, align: 'right' },
  { title: 'Thành tiền', width: 72, align: 'right' },
  { title: 'Thuế suất', width: 45, align: 'center' },
  { title: 'Tiền thuế', width: 70, align: 'right' },
] as const;

/** The breakdown by rate (THTTLTSuat): one row per rate, its amount before tax, its VAT and both. */
const RATE_COLUMNS = [
  { title: 'Thuế suất (VAT rate)', width: 115, align: 'left' },
  { title: 'Thành tiền trước thuế', width: 130, align: 'right' },
  { title: 'Tiền thuế GTGT', width: 130, align: 'right' },
  { title: 'Cộng (Total)', width: 140, align: 'right' },
] as const;

type Column = { title: string; width: number; align: 'left' | 'right' | 'center' };

/** One row of a table, each cell in its column, on one baseline. */
function row(w: Writer, columns: readonly Column[], cells: string[], bold = false) {
  let x = MARGIN;
  columns.forEach((c, i) => {
    const value = w.wrap(cells[i] ?? '', 8.5, c.width - 4)[0] ?? '';
    const tw = w.width(value, 8.5, bold);
    const tx = c.align === 'left' ? x + 3 : c.align === 'right' ? x + c.width - tw - 3 : x + (c.width - tw) / 2;
    w.text(value, tx, { size: 8.5, bold });
    x += c.width;
  });
}

function tableHeader(w: Writer, columns: readonly Column[] = COLUMNS) {
  w.ensure(30);
  let x = MARGIN;
  w.page.drawRectangle({ x: MARGIN, y: w.y - 5, width: A4[0] - 2 * MARGIN, height: 16, color: rgb(0.92, 0.93, 0.96) });
  for (const c of columns) {
    const tw = w.width(c.title, 8, true);
    const tx = c.align === 'left' ? x + 3 : c.align === 'right' ? x + c.width - tw - 3 : x + (c.width - tw) / 2;
    w.text(c.title, tx, { size: 8, bold: true });
    x += c.width;
  }
  w.y -= 18;
}

function dateLine(nlap: string): string {
  const [y, m, d] = nlap.split('-');
  return `Ngày ${d} tháng ${m} năm ${y}`;
}

/** The copy label, the provider, the template, symbol and number, the title, the date and the tax authority's code; a correction's original and reason. */
function drawHeading(w: Writer, hdon: HDon, options: PdfOptions): void {
  const t = hdon.TTChung;
  // Header: the copy label and the provider on the left, the symbol and number on the right.
  w.text(options.copy ?? 'Bản thể hiện của hóa đơn điện tử', MARGIN, { size: 8, color: MUTED });
  w.text(`Phát hành qua ${options.providerName}`, MARGIN, { size: 8, color: MUTED, y: w.y - 11 });
  const right = A4[0] - MARGIN - 150;
  w.text(`Mẫu số (Form): ${t.KHMSHDon}`, right, { size: 9 });
  // Circular 78 art. 4: the template digit (mẫu số, above) and the six-character symbol (ký hiệu) are two
  // fields, printed apart, as the portal writes the serial (D224).
  w.text(`Ký hiệu (Serial): ${t.KHHDon}`, right, { size: 9, y: w.y - 12 });
  w.text(`Số (No.): ${String(t.SHDon).padStart(8, '0')}`, right, { size: 9, bold: true, y: w.y - 24 });
  w.y -= 44;
  w.centered(t.THDon.toUpperCase(), 16, true);
  w.centered(t.KHMSHDon === '1' ? '(VAT INVOICE)' : '(SALES INVOICE)', 9, false, MUTED);
  w.centered(dateLine(t.NLap), 9);
  if (hdon.MCCQT) w.centered(`Mã của cơ quan thuế: ${hdon.MCCQT}`, 9, true);
  // Decree 123 art. 19 (Decree 70): a correction states what it replaces or adjusts, and why.
  const related = t.TTHDLQuan;
  if (related) {
    const verb = related.TCHDon === 1 ? 'Thay thế cho hóa đơn' : 'Điều chỉnh cho hóa đơn';
    const reference = `${verb} Mẫu số ${related.KHMSHDCLQuan} ký hiệu ${related.KHHDCLQuan} số ${related.SHDCLQuan} ${dayWords(related.NLHDCLQuan)}`;
    w.y -= 2;
    w.wrap(reference, 9, A4[0] - 2 * MARGIN).forEach((l) => w.centered(l, 9, true));
    w.field('Lý do (Reason)', related.GChu);
  }
  w.y -= 4;
  w.rule();
}

/** The seller, the buyer and how the invoice is paid. */
function drawParties(w: Writer, hdon: HDon): void {
  const t = hdon.TTChung;
  const n = hdon.NDHDon;
  w.field('Đơn vị bán hàng (Seller)', n.NBan.Ten);
  w.field('Mã số thuế (Tax code)', n.NBan.MST);
  w.field('Địa chỉ (Address)', n.NBan.DChi);
  w.rule();
  // A business buyer is one with an organisation's tax code (10 digits, maybe a branch); a person may carry a 12-digit personal code.
  const business = /^\d{10}(-\d{3})?$/.test(n.NMua.MST);
  w.field('Họ tên người mua hàng (Buyer)', business ? n.NMua.HVTNMHang : n.NMua.Ten);
  if (business) w.field('Tên đơn vị (Company)', n.NMua.Ten);
  w.field('Mã số thuế (Tax code)', n.NMua.MST);
  w.field('Địa chỉ (Address)', n.NMua.DChi);
  if (n.NMua.MKHang) w.field('Mã khách hàng (Customer code)', n.NMua.MKHang);
  if (n.NMua.SDThoai) w.field('Điện thoại (Phone)', n.NMua.SDThoai);
  if (n.NMua.DCTDTu) w.field('Email', n.NMua.DCTDTu);
  w.field('Hình thức thanh toán (Payment method)', t.HTTToan);
  w.field('Đơn vị tiền tệ (Currency)', t.DVTTe);
  w.y -= 6;
}

/** The goods and services, then the breakdown by rate. */
function drawLines(w: Writer, hdon: HDon): void {
  const n = hdon.NDHDon;
  tableHeader(w);
  for (const line of n.DSHHDVu) {
    const nameLines = w.wrap(line.THHDVu, 8.5, COLUMNS[1].width - 6);
    const height = nameLines.length * 11 + 4;
    if (w.y - height < MARGIN + 20) {
      w.newPage();
      tableHeader(w);
    }
    const cells = [
      String(line.STT),
      '',
      line.DVTinh,
      formatVnd(line.SLuong),
      formatVnd(line.DGia),
      formatVnd(line.ThTien),
      line.TSuat ?? '',
      // The line's VAT as the request stated it; a provider that states none per line (M-Invoice) leaves it to the breakdown.
      line.TThue !== undefined ? formatVnd(line.TThue) : '',
    ];
    row(w, COLUMNS, cells);
    nameLines.forEach((l, k) => w.text(l, MARGIN + COLUMNS[0].width + 3, { size: 8.5, y: w.y - k * 11 }));
    w.y -= height;
    w.rule();
  }

  // The breakdown by rate: one row per rate, so a mixed bill (8 % food, 10 % beer) shows each.
  if (n.TToan.THTTLTSuat.length > 0) {
    w.y -= 4;
    w.ensure(30 + 14 * n.TToan.THTTLTSuat.length);
    w.text('Tổng hợp theo thuế suất (By VAT rate)', MARGIN, { size: 9, bold: true });
    w.y -= 14;
    tableHeader(w, RATE_COLUMNS);
    for (const r of n.TToan.THTTLTSuat) {
      w.ensure(16);
      row(w, RATE_COLUMNS, [r.TSuat, formatVnd(r.ThTien), formatVnd(r.TThue), formatVnd(r.ThTien + r.TThue)]);
      w.y -= 13;
    }
    w.rule();
  }
}

/** The totals, in figures and in words, and the notes under them. */
function drawTotals(w: Writer, hdon: HDon, options: PdfOptions): void {
  const n = hdon.NDHDon;
  w.ensure(120);
  const amountRow = (label: string, value: number, strong = false) => {
    const text = formatVnd(value);
    w.text(label, MARGIN + 200, { size: 9, bold: strong });
    w.text(text, A4[0] - MARGIN - 3 - w.width(text, 9, strong), { size: 9, bold: strong });
    w.y -= 13;
  };
  amountRow('Cộng tiền hàng (Total before tax)', n.TToan.TgTCThue);
  amountRow('Tiền thuế GTGT (VAT amount)', n.TToan.TgTThue);
  amountRow('Tổng cộng tiền thanh toán (Total)', n.TToan.TgTTTBSo, true);
  if (typeof options.totalAfter === 'number') amountRow('Tổng sau điều chỉnh (Total after adjustment)', options.totalAfter, true);
  w.y -= 2;
  w.field('Số tiền viết bằng chữ (In words)', n.TToan.TgTTTBChu);
  // Notes under the totals (GChu): a sales invoice's reduction note under Resolution 204 (D256).
  for (const note of n.GChu ?? []) w.field('Ghi chú (Note)', note);
  w.y -= 10;
}

/** The signatures and where the buyer looks the invoice up. */
function drawSignatures(w: Writer, hdon: HDon, options: PdfOptions): void {
  const n = hdon.NDHDon;
  w.ensure(70);
  w.text('Người mua hàng (Buyer)', MARGIN + 30, { size: 9, bold: true });
  w.text('Người bán hàng (Seller)', A4[0] - MARGIN - 170, { size: 9, bold: true });
  w.y -= 13;
  const signed = options.signedAt
    ? `Ký bởi: ${n.NBan.Ten} — ${new Date(options.signedAt + 7 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')}`
    : 'Chưa ký số (Not signed yet)';
  w.wrap(signed, 8, 200).forEach((l) => {
    w.text(l, A4[0] - MARGIN - 210, { size: 8, color: MUTED });
    w.y -= 11;
  });
  w.y -= 16;
  w.rule();
  w.field('Mã tra cứu (Lookup code)', options.lookupCode);
  w.field('Tra cứu tại (Look up at)', options.lookupUrl);
}

export async function renderInvoicePdf(hdon: HDon, options: PdfOptions): Promise<Uint8Array> {
  const { regular, bold } = loadFonts();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const t = hdon.TTChung;
  const n = hdon.NDHDon;
  const title = `${t.THDon} ${t.KHMSHDon}${t.KHHDon} số ${t.SHDon}`;
  doc.setTitle(printable(title));
  doc.setAuthor(printable(n.NBan.Ten));
  doc.setProducer(printable(options.providerName));
  doc.setCreator('sandbox e-invoice emulator');
  doc.setLanguage('vi-VN');
  const w = new Writer(doc, await doc.embedFont(regular, { subset: true }), await doc.embedFont(bold, { subset: true }));

  drawHeading(w, hdon, options);
  drawParties(w, hdon);
  drawLines(w, hdon);
  drawTotals(w, hdon, options);
  drawSignatures(w, hdon, options);
  return doc.save();
}
