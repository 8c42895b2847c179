/**
 * The contract's invoice half: export an order once (a second export answers the
 * first invoice), list and page, a business buyer, the PDF and its "not ready" retries, and the
 * refusals of an export (a pending declaration, a series not in use, a malformed line, the
 * provider's faults).
 */
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { createEinvoiceBackend } from '../backend';
import { parseEivCode } from '../registry';
import { completedOrders, rejection, sampleExport, todayQuery as query, vnToday } from '../testing/sandbox';
import type { ExportInput, Serial } from '../types';
import type { ProviderContext, ProviderDriver } from './setup';

/** The driver's answers the invoice half needs. */
export interface InvoiceAnswers {
  /** The provider's id of an order's invoice (FPT's sid is the order, Viettel's transactionUuid is made from it). */
  providerIdOf?(orderId: string): string;
  /** Whether a second create of the same order says `existing` (Viettel answers the first invoice as new, §6.2). */
  duplicateIsExisting: boolean;
  /** Whether the list filter takes the series without its template digit too. */
  shortSerialFilter: boolean;
  /** A malformed export of this provider (default: every line at quantity 0). */
  malformed?(serial: Serial, ref: string): ExportInput;
  /** The "not ready" waits of a PDF asked for at once (Viettel renders it after the create). */
  pdfFirstWaits: number[];
  /** Whether the PDF's text is read back (pdftotext) for the lookup code and the lines. */
  pdfText: boolean;
  /** Whether a long company with markup, emoji and control characters is kept as text and listed back (FPT, Viettel). */
  keepsHostileBuyer: boolean;
  /** Whether the `create-fails` fault is tested through the adapter, and what its refusal carries. */
  createFails?: Record<string, unknown>;
}

type Driver = ProviderDriver & InvoiceAnswers;

/** Issue an order's invoice, once; list, filter, page. */
export function issueContract(c: ProviderContext, d: Driver): void {
  it('exports an order with its serial and code; the same order again answers the first invoice; the code saves on the order once', async () => {
    const [order] = await completedOrders(c.t, c.m);
    const orderId = String(order!.order_id);
    const input = sampleExport(orderId, c.vatSerial);
    const first = await c.adapter.createInvoice(c.token, input);
    // The export names its invoice's serial as the adapters write serials (D191, D224).
    expect(first).toMatchObject({ serial: c.vatSerial.value, existing: false });
    if (d.providerIdOf) expect(first.providerId).toBe(d.providerIdOf(orderId));
    const parts = parseEivCode(first.eivCode)!;
    expect(parts.seq).toEqual(expect.any(Number));
    if (d.codedAtOnce) {
      expect(parts.cqtCode).toMatch(/^00[0-9A-F]{32}$/);
      expect(parts.searchCode).toBe(first.providerId);
    } else {
      expect(parts.cqtCode).toBeNull();
      expect(parts.searchCode).toMatch(/^[A-Z0-9]{10}$/);
    }
    const again = await c.adapter.createInvoice(c.token, sampleExport(orderId, c.vatSerial, { total: 5 }));
    expect(again).toEqual({ ...first, existing: d.duplicateIsExisting });

    const row = await c.rowOf(first.eivCode);
    expect(row).toMatchObject({ id: first.providerId, serial: c.vatSerial.value, seq: parts.seq, total: 1_900_000, buyerName: 'Khách lẻ' });
    expect(row.vat).toBe(input.tax.totals.vat);
    expect(new Date(row.invoiceDate + 7 * 3_600_000).toISOString().slice(0, 10)).toBe(vnToday());

    const backend = createEinvoiceBackend(c.m);
    expect(await backend.saveEivCode(orderId, first.eivCode)).toEqual({ eivCode: first.eivCode, cqtCode: parts.cqtCode });
    const conflict = await rejection(backend.saveEivCode(orderId, `::${parts.searchCode}::${parts.seq + 1}`));
    expect(conflict).toMatchObject({ code: 'INVOICE_ALREADY_EXPORTED', status: 409, data: { eiv_code: first.eivCode } });
  });

  it('a sales invoice carries no VAT; the list filters by serial, searches and pages', async () => {
    const sale = await c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.salesSerial));
    expect((await c.rowOf(sale.eivCode)).total).toBe(1_900_000);
    const forms = d.shortSerialFilter ? [c.salesSerial.value, c.salesSerial.value.slice(1)] : [c.salesSerial.value];
    for (const serial of forms) {
      const sales = await c.adapter.listInvoices(c.token, query({ serial }));
      expect(sales.rows.length).toBeGreaterThan(0);
      expect(sales.rows.every((r) => r.serial === c.salesSerial.value && r.vat === 0)).toBe(true);
    }
    const small = await c.adapter.listInvoices(c.token, query({ pageSize: 1 }));
    expect(small.rows).toHaveLength(1);
    expect(small.total).toBeGreaterThan(1);
    expect((await c.adapter.listInvoices(c.token, query({ pageSize: 1, page: 2 }))).rows[0]!.id).not.toBe(small.rows[0]!.id);
    // A search for markup or a wildcard finds nothing rather than failing.
    for (const q of ['no-such-thing', "%' OR 1=1 --"]) expect((await c.adapter.listInvoices(c.token, query({ q }))).total).toBe(0);
  });

  it('a business buyer is listed by its company; a buyer tax code with a bad check digit is refused', async () => {
    const business = { isIndividual: false, name: 'Nguyễn Văn A', company: 'Công ty TNHH Ví Dụ', taxCode: '0105872463', address: 'Hà Nội' };
    const made = await c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.vatSerial, { buyer: business }));
    expect((await c.rowOf(made.eivCode)).buyerName).toBe('Công ty TNHH Ví Dụ');
    const bad = await rejection(
      c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.vatSerial, { buyer: { ...business, taxCode: '0100233480' } })),
    );
    expect(bad).toMatchObject({ code: 'EINV_TAX_CODE_INVALID', ...(d.buyerFieldNamed ? { data: { field: 'buyer.taxCode' } } : {}) });
  });

  it('gives the PDF bytes, retrying "not ready" 3 times 500 ms apart before EINV_PDF_NOT_READY; an unknown invoice is NOT_FOUND', async () => {
    const made = await c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.vatSerial));
    const row = await c.rowOf(made.eivCode);
    c.sleeper.waits.length = 0;
    const pdf = await c.adapter.pdf(c.token, row);
    expect(c.sleeper.waits).toEqual(d.pdfFirstWaits);
    expect(pdf.type).toBe('application/pdf');
    expect(new TextDecoder().decode(new Uint8Array(await pdf.slice(0, 5).arrayBuffer()))).toBe('%PDF-');
    if (d.pdfText) {
      const text = execFileSync('pdftotext', ['-', '-'], { input: new Uint8Array(await pdf.arrayBuffer()), encoding: 'utf8' });
      expect(text).toContain(row.searchCode);
      expect(text).toContain('Lẩu cá kèo');
      expect(text).toContain('Bia Hà Nội');
    }
    for (const [count, waits, ok] of [
      ['2', [500, 500], true],
      ['3', [500, 500, 500], true],
      ['10', [500, 500, 500], false],
    ] as const) {
      c.sleeper.waits.length = 0;
      await c.fault('pdf-not-ready', { count });
      if (ok) expect((await c.adapter.pdf(c.token, row)).size).toBeGreaterThan(1000);
      else expect(await rejection(c.adapter.pdf(c.token, row))).toMatchObject({ code: 'EINV_PDF_NOT_READY' });
      expect(c.sleeper.waits).toEqual(waits);
    }
    await c.fault('pdf-not-ready', { off: 'true' });
    expect(await rejection(c.adapter.pdf(c.token, d.missing(row)))).toMatchObject({ code: 'NOT_FOUND' });
  });
}

/** Hostile buyer text goes out as text and comes back unchanged; control characters become spaces. */
function hostileBuyerContract(c: ProviderContext): void {
  it('keeps hostile buyer text as text (HTML, emoji, very long company) and lists it back unchanged', async () => {
    const name = '<img src=x onerror=alert(1)> Trần 🧾 "Hoa" & co';
    const company = 'Công ty <script>x</script> '.padEnd(390, 'Đ');
    const buyer = { isIndividual: false, name, company, taxCode: '0105872463' };
    const made = await c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.vatSerial, { buyer }));
    expect((await c.rowOf(made.eivCode)).buyerName).toBe(company.trim());
    const person = await c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.vatSerial, { buyer: { isIndividual: true, name } }));
    expect((await c.rowOf(person.eivCode)).buyerName).toBe(name);
    // Control characters become spaces (the provider would refuse them); the invoice still goes out.
    const typed = await c.adapter.createInvoice(
      c.token,
      sampleExport(c.ref(), c.vatSerial, {
        buyer: { isIndividual: true, name: 'Trần\tThị\nHoa\u0000' },
        lines: [{ name: 'Phở\r\nbò', quantity: 1, unitPriceGross: 65_000, taxClass: 'REDUCED_ELIGIBLE' }],
      }),
    );
    expect((await c.rowOf(typed.eivCode)).buyerName).toBe('Trần Thị Hoa');
  });
}

/** What an export meets at the provider: its faults and its refusals. */
export function refusalContract(c: ProviderContext, d: Driver): void {
  if (d.keepsHostileBuyer) hostileBuyerContract(c);

  it('the already-exported fault answers the duplicate with the stored invoice: existing', async () => {
    await c.fault('already-exported');
    const key = c.ref();
    const made = await c.adapter.createInvoice(c.token, sampleExport(key, c.vatSerial));
    expect(made.existing).toBe(true);
    if (d.providerIdOf) expect(made.providerId).toBe(d.providerIdOf(key));
    expect((await c.adapter.createInvoice(c.token, sampleExport(key, c.vatSerial))).eivCode).toBe(made.eivCode);
  });

  if (d.createFails) {
    it('the create-fails fault is EINV_INVOICE_REFUSED with the provider’s message; the order then exports', async () => {
      await c.fault('create-fails');
      const key = c.ref();
      const refused = await rejection(c.adapter.createInvoice(c.token, sampleExport(key, c.vatSerial)));
      expect(refused).toMatchObject({ code: 'EINV_INVOICE_REFUSED', status: 400, ...d.createFails });
      expect(refused?.serverMessage).toMatch(/\S/);
      expect(await c.adapter.createInvoice(c.token, sampleExport(key, c.vatSerial))).toMatchObject({ existing: false });
    });
  }

  it('a pending declaration says so and refuses the export', async () => {
    await c.fault('declaration-pending');
    try {
      expect((await c.adapter.declarationStatus(c.token, { from: `${vnToday().slice(0, 4)}-01-01`, to: vnToday() })).approved).toBe(false);
      expect(await rejection(c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.vatSerial)))).toMatchObject({
        code: 'EINV_DECLARATION_PENDING',
      });
    } finally {
      await c.fault('declaration-pending', { off: 'true' });
    }
  });

  it('a series that is not the seller’s in use is EINV_SERIAL_INVALID; a malformed line is EINV_INVOICE_REFUSED', async () => {
    const unused = `1K${vnToday().slice(2, 4)}${d.serials.unusedSuffix}`;
    const inactive: Serial = { value: unused, templateCode: '1', invTypeName: 'x', isSalesInvoice: false };
    expect(await rejection(c.adapter.createInvoice(c.token, sampleExport(c.ref(), inactive)))).toMatchObject({
      code: 'EINV_SERIAL_INVALID',
    });
    const base = sampleExport(c.ref(), c.vatSerial);
    const malformed = d.malformed?.(c.vatSerial, c.ref()) ?? { ...base, lines: base.lines.map((l) => ({ ...l, quantity: 0 })) };
    expect(await rejection(c.adapter.createInvoice(c.token, malformed))).toMatchObject({
      code: 'EINV_INVOICE_REFUSED',
      ...d.malformedRefusal,
    });
  });
}
