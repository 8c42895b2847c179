// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEinvoiceBackend } from '../backend';
import { canSign, cqtStatus, invoiceStatus, parseEivCode } from '../registry';
import { splitSellerToken } from '../seller-token';
import {
  FIRST_MINUTE_2027,
  LAST_MINUTE_2026,
  mixedRateExport,
  completedOrders,
  correctionOf,
  createMerchant,
  oneBeerBack,
  instantSleep,
  sampleExport,
  startSandbox,
  trigger,
  vnToday,
  type TestMerchant,
  type TestSandbox,
  providerFault,
  rejection,
  todayQuery,
} from '../testing/sandbox';
import type { EinvoiceRow, ExportInput, ProviderAdapter, Serial } from '../types';
import { correctionBody, createFptAdapter } from './fpt';
import { offeredYears } from '../testing/offered-years';

const PHOCO_TAX = '0108123455';

let t: TestSandbox;
let m: TestMerchant;
let adapter: ProviderAdapter;
let token: string;
let vatSerial: Serial;
let salesSerial: Serial;
const sleeper = instantSleep();

const fault = (name: string, extra: Record<string, string> = {}) => providerFault(t, m, 'fpt', name, extra);
const query = todayQuery;
let orderSeq = 0;
/** A fresh order reference for a create that is not saved to an order (FPT's sid alphabet). */
const ref = () => `fpt-test-${Date.now()}-${++orderSeq}`;
const rowOf = async (eiv: string) => (await adapter.listInvoices(token, query({ q: parseEivCode(eiv)!.searchCode }))).rows[0]!;

beforeAll(async () => {
  t = await startSandbox();
  m = await createMerchant(t, 'phoco');
  adapter = createFptAdapter({ baseURL: `${t.url}/api/einvoice/fpt`, sleep: sleeper.sleep });
  token = (await adapter.login({ taxCode: PHOCO_TAX, ...m.account('fpt') })).token;
  const serials = await adapter.listSerials(token);
  vatSerial = serials.find((s) => !s.isSalesInvoice)!;
  salesSerial = serials.find((s) => s.isSalesInvoice)!;
});
afterAll(async () => {
  await t?.close();
});

/** The create body the adapter sends, caught before any provider (FPT answers with a row). */
async function bodyOf(input: ExportInput): Promise<{ lang: string; inv: Record<string, unknown> & { items: Record<string, unknown>[] } }> {
  let sent: unknown = null;
  const capture: typeof globalThis.fetch = async (_url, init) => {
    sent = JSON.parse(String(init?.body));
    const row = {
      sid: input.orderId,
      form: '1',
      serial: 'C26TFP',
      seq: 1,
      invoice_date: '2026-12-31 23:59:00',
      total_v: input.total,
      search_code: 'ABCDEFGHJK',
    };
    return new Response(JSON.stringify(row), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  await createFptAdapter({ baseURL: 'http://fpt.test', fetch: capture }).createInvoice('token', input);
  return sent as never;
}

describe("FPT adapter: the request body by FPT's published field meanings (issue 25 §2, D234)", () => {
  const serial = (value: string, sales = false): Serial => ({
    value,
    templateCode: sales ? '2' : '1',
    invTypeName: 'x',
    isSalesInvoice: sales,
  });

  it('issue 25 §2: 23:59 on 31 December 2026: phở at 8 % and beer at 10 %, net unit prices, per-item vrt and vat, totals and their VND copies', async () => {
    const body = await bodyOf(mixedRateExport('o-2026', serial('1C26TFP'), LAST_MINUTE_2026));
    expect(body.lang).toBe('vi');
    expect(body.inv).toMatchObject({
      sid: 'o-2026',
      idt: '2026-12-31 23:59:00',
      form: '1',
      serial: 'C26TFP',
      paym: 'TM',
      curr: 'VND',
      exrt: 1,
    });
    expect(body.inv.items).toEqual([
      { line: 1, name: 'Phở bò tái', unit: 'bát', quantity: 2, price: 60_185, amount: 120_370, vrt: '8', vat: 9_630, total: 130_000 },
      { line: 2, name: 'Bia Hà Nội', unit: 'chai', quantity: 3, price: 22_727.3, amount: 68_182, vrt: '10', vat: 6_818, total: 75_000 },
    ]);
    expect(body.inv).toMatchObject({ sum: 188_552, vat: 16_448, total: 205_000, sumv: 188_552, vatv: 16_448, totalv: 205_000 });
    // No invoice-wide rate any more (D177's single vrt), no gross in a net field.
    expect(body.inv).not.toHaveProperty('vrt');
    expect(body.inv).not.toHaveProperty('note');
  });

  it('issue 25 §2: 00:01 on 1 January 2027: the same bill at 10 % on both lines', async () => {
    const body = await bodyOf(mixedRateExport('o-2027', serial('1C27TFP'), FIRST_MINUTE_2027));
    expect(body.inv).toMatchObject({ idt: '2027-01-01 00:01:00', serial: 'C27TFP', sum: 186_364, vat: 18_636, total: 205_000 });
    expect(body.inv.items.map((i) => [i.price, i.amount, i.vrt, i.vat, i.total])).toEqual([
      [59_091, 118_182, '10', 11_818, 130_000],
      [22_727.3, 68_182, '10', 6_818, 75_000],
    ]);
  });

  it('issue 25 §1: a sales invoice (form 2) sends gross prices with no vrt or vat, and the reduction note', async () => {
    const body = await bodyOf(mixedRateExport('o-sales', serial('2C26TFB', true), LAST_MINUTE_2026));
    expect(body.inv).toMatchObject({ form: '2', serial: 'C26TFB', sum: 205_000, vat: 0, total: 205_000 });
    expect(body.inv.items.map((i) => [i.price, i.amount, 'vrt' in i, 'vat' in i])).toEqual([
      [65_000, 130_000, false, false],
      [25_000, 75_000, false, false],
    ]);
    expect(body.inv.note).toContain('Nghị quyết 204/2025/QH15');
  });

  it('KCT and KKKNT go as -1 and -2', async () => {
    const input = sampleExport('o-kct', serial('1C26TFP'), {
      paidAt: LAST_MINUTE_2026,
      lines: [
        { name: 'Sách', quantity: 1, unitPriceGross: 30_000, taxClass: 'NOT_SUBJECT' },
        { name: 'Phí', quantity: 1, unitPriceGross: 1_000, taxClass: 'NOT_DECLARED' },
      ],
    });
    expect((await bodyOf(input)).inv.items.map((i) => [i.vrt, i.vat])).toEqual([
      ['-1', 0],
      ['-2', 0],
    ]);
  });
});

describe('FPT adapter against the emulator', () => {
  it('checks a tax code before login, with the reason of a refusal', async () => {
    await expect(adapter.checkTaxCode('0100109106')).resolves.toBeUndefined();
    await expect(adapter.checkTaxCode(' 0314409058-002 ')).resolves.toBeUndefined();
    expect(await rejection(adapter.checkTaxCode('0100233480'))).toMatchObject({
      code: 'EINV_TAX_CODE_INVALID',
      data: { reason: 'check-digit' },
    });
    expect(await rejection(adapter.checkTaxCode(''))).toMatchObject({ code: 'EINV_TAX_CODE_INVALID' });
    expect(await rejection(adapter.checkTaxCode('<b>x</b>'))).toMatchObject({ code: 'EINV_TAX_CODE_INVALID' });
  });

  it('logs in with the tax code checked by FPT; a wrong password, another company or empty fields are refused', async () => {
    const account = m.account('fpt');
    const login = await adapter.login({ taxCode: PHOCO_TAX, ...account });
    expect(login).toMatchObject({ taxCode: PHOCO_TAX });
    expect(splitSellerToken(login.token)).toMatchObject({ taxCode: PHOCO_TAX });
    expect(login.expiresAt).toBeGreaterThan(Date.now() + 7 * 3_600_000);
    const wrong = await rejection(adapter.login({ taxCode: PHOCO_TAX, username: account.username, password: 'Nope@2026' }));
    expect(wrong).toMatchObject({ code: 'EINV_LOGIN_FAIL', status: 401 });
    expect(wrong?.message).not.toContain('Nope@2026');
    expect(await rejection(adapter.login({ taxCode: '0100109106', ...account }))).toMatchObject({ code: 'EINV_TAX_CODE_INVALID' });
    expect(await rejection(adapter.login({ taxCode: PHOCO_TAX, username: '', password: '' }))).toMatchObject({ code: 'EINV_LOGIN_FAIL' });
    expect(await rejection(adapter.login({ taxCode: PHOCO_TAX, username: 'phoco-misa', password: 'Einv@2026' }))).toMatchObject({
      code: 'EINV_LOGIN_FAIL',
    });
  });

  it('takes a bare bearer too (the seller prefix is FPT’s to ignore)', async () => {
    const serials = await adapter.listSerials(splitSellerToken(token).token);
    expect(serials.map((s) => s.value).slice(0, 2)).toEqual([vatSerial.value, salesSerial.value]);
  });

  it('looks a company up; an unknown valid code is null, a malformed one refused', async () => {
    expect(await adapter.lookupCompany(token, '0105872463')).toMatchObject({ taxCode: '0105872463', name: expect.stringMatching(/\S/) });
    expect(await adapter.lookupCompany(token, '0100233488')).toBeNull();
    expect(await rejection(adapter.lookupCompany(token, '0100233480'))).toMatchObject({ code: 'EINV_TAX_CODE_INVALID' });
  });

  it('lists the active series with the template digit in front (D191) and the sales-invoice flag', async () => {
    const serials = await adapter.listSerials(token);
    // D253: VAT, sales and cash-register (M) series, for this year and, in December, the next.
    expect(serials).toHaveLength(3 * offeredYears().length);
    expect(vatSerial).toMatchObject({ value: expect.stringMatching(/^1C\d\dTFP$/), templateCode: '1', isSalesInvoice: false });
    expect(salesSerial).toMatchObject({ value: expect.stringMatching(/^2C\d\dTFB$/), templateCode: '2', isSalesInvoice: true });
  });

  it('reads the declaration status and the records of the range only', async () => {
    const year = vnToday().slice(0, 4);
    const status = await adapter.declarationStatus(token, { from: `${year}-01-01`, to: vnToday() });
    expect(status.approved).toBe(true);
    expect(status.records).toHaveLength(1);
    expect(status.records[0]).toMatchObject({ type: '01/ĐKTĐ-HĐĐT', createDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const lastYear = await adapter.declarationStatus(token, { from: `${Number(year) - 1}-01-01`, to: `${Number(year) - 1}-12-31` });
    expect(lastYear.records).toEqual([]);
  });

  it("issue 25 §2: exports an order with the portal's own tax (a reduced and a standard line), accepted by the emulator; the same order again answers the first invoice (existing)", async () => {
    const [order] = await completedOrders(t, m);
    const orderId = String(order!.order_id);
    const input = sampleExport(orderId, vatSerial);
    const first = await adapter.createInvoice(token, input);
    // issue 24 §7: the export names its invoice's serial as the adapters write serials (D191, D224).
    expect(first.serial).toBe(vatSerial.value);
    expect(first).toMatchObject({ providerId: orderId, existing: false });
    const parts = parseEivCode(first.eivCode)!;
    expect(parts).toMatchObject({ cqtCode: null, seq: expect.any(Number) });
    expect(parts.searchCode).toMatch(/^[A-Z0-9]{10}$/);
    // The duplicate (409 INVOICE_EXISTED) names only the sid: the first invoice is fetched.
    const again = await adapter.createInvoice(
      token,
      sampleExport(orderId, vatSerial, { lines: [{ name: 'x', quantity: 1, unitPriceGross: 5, taxClass: 'STANDARD' }] }),
    );
    expect(again).toEqual({ ...first, existing: true });

    const row = await rowOf(first.eivCode);
    expect(row).toMatchObject({ id: orderId, serial: vatSerial.value, total: 1_900_000, vat: input.tax.totals.vat, buyerName: 'Khách lẻ' });

    const backend = createEinvoiceBackend(m);
    expect(await backend.saveEivCode(orderId, first.eivCode)).toEqual({ eivCode: first.eivCode, cqtCode: null });
  });

  it('lists an invoice pending approval, signs it (/apprs), the code arrives later; a second sign is refused', async () => {
    const made = await adapter.createInvoice(token, sampleExport(ref(), vatSerial));
    const row = await rowOf(made.eivCode);
    expect(row).toMatchObject({ id: made.providerId, status: '2', statusReceived: '7', taxAuthorityCode: null });
    expect(new Date(row.invoiceDate + 7 * 3_600_000).toISOString().slice(0, 10)).toBe(vnToday());
    expect(cqtStatus('fpt', row.statusReceived).labelKey).toBe('status.cqt.pendingSignature');
    expect(invoiceStatus('fpt', row.status)?.labelKey).toBe('status.invoice.pendingApproval');
    expect(canSign('fpt', row)).toBe(true);
    expect((await adapter.listInvoices(token, query({ released: 'unreleased', q: row.searchCode }))).total).toBe(1);

    await adapter.sign(token, row);
    const signed = await rowOf(made.eivCode);
    expect(signed).toMatchObject({ status: '3', statusReceived: '1' });
    // FPT refuses a second approval although the rule still shows the button (D181).
    expect(canSign('fpt', signed)).toBe(true);
    expect(await rejection(adapter.sign(token, signed))).toMatchObject({ code: 'EINV_SIGN_REFUSED', status: 409, data: { status: 3 } });
    expect(await rejection(adapter.sign(token, { ...signed, id: 'no-such-sid' }))).toMatchObject({
      code: 'EINV_SIGN_REFUSED',
      status: 404,
    });
    expect((await adapter.listInvoices(token, query({ released: 'released', q: row.searchCode }))).rows.map((r) => r.id)).toEqual([row.id]);
  });

  it('filters by serial (either form), searches and pages', async () => {
    const sale = await adapter.createInvoice(token, sampleExport(ref(), salesSerial));
    for (const serial of [salesSerial.value, salesSerial.value.slice(1)]) {
      const sales = await adapter.listInvoices(token, query({ serial }));
      expect(sales.rows.length).toBeGreaterThan(0);
      expect(sales.rows.every((r) => r.serial === salesSerial.value && r.vat === 0)).toBe(true);
    }
    expect((await rowOf(sale.eivCode)).total).toBe(1_900_000);
    const small = await adapter.listInvoices(token, query({ pageSize: 1 }));
    expect(small.rows).toHaveLength(1);
    expect(small.total).toBeGreaterThan(1);
    const second = await adapter.listInvoices(token, query({ pageSize: 1, page: 2 }));
    expect(second.rows[0]!.id).not.toBe(small.rows[0]!.id);
    expect((await adapter.listInvoices(token, query({ q: 'no-such-thing' }))).total).toBe(0);
  });

  it('a business buyer is listed by its company; a buyer tax code with a bad check digit is refused for the buyer', async () => {
    const business = { isIndividual: false, name: 'Nguyễn Văn A', company: 'Công ty TNHH Ví Dụ', taxCode: '0105872463', address: 'Hà Nội' };
    const made = await adapter.createInvoice(token, sampleExport(ref(), vatSerial, { buyer: business }));
    expect((await rowOf(made.eivCode)).buyerName).toBe('Công ty TNHH Ví Dụ');
    const bad = await rejection(
      adapter.createInvoice(token, sampleExport(ref(), vatSerial, { buyer: { ...business, taxCode: '0100233480' } })),
    );
    expect(bad).toMatchObject({ code: 'EINV_TAX_CODE_INVALID', data: { field: 'buyer.taxCode' } });
  });

  it('gives the raw PDF by sid (its text readable), retrying "not ready" 3 times 500 ms apart before EINV_PDF_NOT_READY', async () => {
    const made = await adapter.createInvoice(token, sampleExport(ref(), vatSerial));
    const row = { id: made.providerId, serial: vatSerial.value, seq: parseEivCode(made.eivCode)!.seq };
    const pdf = await adapter.pdf(token, row);
    expect(pdf.type).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-', '-'], { input: new Uint8Array(await pdf.arrayBuffer()), encoding: 'utf8' });
    expect(text).toContain(parseEivCode(made.eivCode)!.searchCode);
    expect(text).toContain('Lẩu cá kèo');

    sleeper.waits.length = 0;
    await fault('pdf-not-ready', { count: '2' });
    expect((await adapter.pdf(token, row)).type).toBe('application/pdf');
    expect(sleeper.waits).toEqual([500, 500]);

    sleeper.waits.length = 0;
    await fault('pdf-not-ready', { count: '10' });
    expect(await rejection(adapter.pdf(token, row))).toMatchObject({ code: 'EINV_PDF_NOT_READY' });
    expect(sleeper.waits).toEqual([500, 500, 500]);
    await fault('pdf-not-ready', { off: 'true' });
    expect(await rejection(adapter.pdf(token, { ...row, id: 'no-such-sid' }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('the already-exported fault answers the duplicate of a stored invoice: existing, fetched by sid', async () => {
    await fault('already-exported');
    const key = ref();
    const made = await adapter.createInvoice(token, sampleExport(key, vatSerial));
    expect(made).toMatchObject({ existing: true, providerId: key });
    expect((await adapter.createInvoice(token, sampleExport(key, vatSerial))).eivCode).toBe(made.eivCode);
  });

  it('the create-fails fault is EINV_INVOICE_REFUSED with FPT’s field and message; the order then exports', async () => {
    await fault('create-fails');
    const key = ref();
    const refused = await rejection(adapter.createInvoice(token, sampleExport(key, vatSerial)));
    expect(refused).toMatchObject({ code: 'EINV_INVOICE_REFUSED', status: 400, data: { field: 'inv.bname' } });
    expect(refused?.serverMessage).toMatch(/\S/);
    expect(await adapter.createInvoice(token, sampleExport(key, vatSerial))).toMatchObject({ existing: false });
  });

  it('a pending declaration refuses the export', async () => {
    await fault('declaration-pending');
    try {
      expect((await adapter.declarationStatus(token, { from: `${vnToday().slice(0, 4)}-01-01`, to: vnToday() })).approved).toBe(false);
      expect(await rejection(adapter.createInvoice(token, sampleExport(ref(), vatSerial)))).toMatchObject({
        code: 'EINV_DECLARATION_PENDING',
      });
    } finally {
      await fault('declaration-pending', { off: 'true' });
    }
  });

  it('a series that is not in use is EINV_SERIAL_INVALID; a malformed line is EINV_INVOICE_REFUSED naming the field', async () => {
    const inactive: Serial = { value: `1K${vnToday().slice(2, 4)}TFX`, templateCode: '1', invTypeName: 'x', isSalesInvoice: false };
    expect(await rejection(adapter.createInvoice(token, sampleExport(ref(), inactive)))).toMatchObject({ code: 'EINV_SERIAL_INVALID' });
    const valid = sampleExport(ref(), vatSerial, { lines: [{ name: 'x', quantity: 1, unitPriceGross: 1, taxClass: 'STANDARD' }] });
    const refused = await rejection(adapter.createInvoice(token, { ...valid, lines: [{ ...valid.lines[0]!, quantity: 0 }] }));
    expect(refused).toMatchObject({ code: 'EINV_INVOICE_REFUSED', data: { field: 'inv.items.0.quantity' } });
  });

  it("issue 25 §4: an invoice dated in another year than its symbol's is EINV_SERIAL_INVALID on inv.serial (FPT's SERIAL_YEAR_MISMATCH)", async () => {
    const lastYear = Date.parse(`${Number(vnToday().slice(0, 4)) - 1}-12-31T12:00:00+07:00`);
    const refused = await rejection(adapter.createInvoice(token, sampleExport(ref(), vatSerial, { paidAt: lastYear })));
    expect(refused).toMatchObject({ code: 'EINV_SERIAL_INVALID', status: 400, data: { field: 'inv.serial' } });
  });

  it('an expired or unknown token is EINV_TOKEN_EXPIRED', async () => {
    expect(await rejection(adapter.listSerials('x'.repeat(43)))).toMatchObject({ code: 'EINV_TOKEN_EXPIRED' });
    await trigger(t, 'einvoice-expire-tokens', { merchant: m.merchantId, provider: 'fpt' });
    expect(await rejection(adapter.listSerials(token))).toMatchObject({ code: 'EINV_TOKEN_EXPIRED', status: 401 });
    token = (await adapter.login({ taxCode: PHOCO_TAX, ...m.account('fpt') })).token;
  });

  it('the down fault is EINV_PROVIDER_DOWN, login included; the public tax-code check stays up', async () => {
    await fault('down');
    try {
      expect(await rejection(adapter.listSerials(token))).toMatchObject({ code: 'EINV_PROVIDER_DOWN', status: 503 });
      expect(await rejection(adapter.login({ taxCode: PHOCO_TAX, ...m.account('fpt') }))).toMatchObject({ code: 'EINV_PROVIDER_DOWN' });
      await expect(adapter.checkTaxCode(PHOCO_TAX)).resolves.toBeUndefined();
    } finally {
      await fault('down', { off: 'true' });
    }
  });

  it('works with the token the product backend hands out (D189)', async () => {
    const backend = createEinvoiceBackend(m);
    await backend.saveSettings({
      provider: 'fpt',
      taxCode: PHOCO_TAX,
      activeMethod: 'einv_provider_account',
      ...m.account('fpt'),
      autoExport: false,
      printInvoice: false,
    });
    const issued = await backend.providerToken('fpt');
    expect((await adapter.listSerials(issued.token)).length).toBe(3 * offeredYears().length);
  });

  it('keeps hostile buyer text as text (HTML, emoji, very long company) and lists it back unchanged', async () => {
    const name = '<img src=x onerror=alert(1)> Trần 🧾 "Hoa" & co';
    const company = 'Công ty <script>x</script> '.padEnd(390, 'Đ');
    const made = await adapter.createInvoice(
      token,
      sampleExport(ref(), vatSerial, { buyer: { isIndividual: false, name, company, taxCode: '0105872463' } }),
    );
    expect((await rowOf(made.eivCode)).buyerName).toBe(company.trim());
    const person = await adapter.createInvoice(token, sampleExport(ref(), vatSerial, { buyer: { isIndividual: true, name } }));
    expect((await rowOf(person.eivCode)).buyerName).toBe(name);
    // Control characters become spaces (the provider would refuse them); the invoice still goes out.
    const typed = await adapter.createInvoice(
      token,
      sampleExport(ref(), vatSerial, {
        buyer: { isIndividual: true, name: 'Trần\tThị\nHoa\u0000' },
        lines: [{ name: 'Phở\r\nbò', quantity: 1, unitPriceGross: 65_000, taxClass: 'REDUCED_ELIGIBLE' }],
      }),
    );
    expect((await rowOf(typed.eivCode)).buyerName).toBe('Trần Thị Hoa');
  });

  it('a call aborted by its caller rejects with the abort, not a provider error', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(adapter.listSerials(token, controller.signal));
    expect((error as unknown as Error | null)?.name).toBe('AbortError');
  });

  it('no answer at all is NETWORK_ERROR', async () => {
    const nowhere = createFptAdapter({ baseURL: 'http://127.0.0.1:1/api/einvoice/fpt' });
    expect(await rejection(nowhere.checkTaxCode(PHOCO_TAX))).toMatchObject({ code: 'NETWORK_ERROR' });
  });
});

describe('issue 25 §5: corrections through /replace-invoice and /adjust-invoice (D247)', () => {
  const serial: Serial = { value: '1C26TFP', templateCode: '1', invTypeName: 'Hóa đơn giá trị gia tăng', isSalesInvoice: false };
  const original = { id: 'order-0012', serial: '1C26TFP', seq: 12, invoiceDate: Date.parse('2026-12-05T12:00:00+07:00') };

  it("an adjustment of amounts: adj names the original's sid, form, serial, seq and date, the reason and adjtyp 1; the decrease negative, the totals signed", () => {
    const body = correctionBody(original, correctionOf('adjust', oneBeerBack(serial), 'Khách trả lại 1 chai bia', [true], 'fpt-corr-0001'));
    expect(body).toMatchObject({
      sid: 'fpt-corr-0001',
      form: '1',
      serial: 'C26TFP',
      adj: { rsid: 'order-0012', rform: '1', rserial: 'C26TFP', rseq: 12, rdt: '2026-12-05', rea: 'Khách trả lại 1 chai bia', adjtyp: '1' },
      sum: -22_727,
      vat: -2_273,
      total: -25_000,
      totalv: -25_000,
    });
    expect(body.items).toEqual([
      expect.objectContaining({ quantity: -1, price: 22_727, amount: -22_727, vrt: '10', vat: -2_273, total: -25_000 }),
    ]);
  });

  it('a replacement: no adjtyp, the whole invoice unsigned; an adjustment of information: adjtyp 2, one item without amounts', () => {
    const replace = correctionBody(original, correctionOf('replace', sampleExport('x', serial), 'Sai tên hàng', [], 'fpt-corr-0002'));
    expect(replace).toMatchObject({ adj: { rseq: 12, rea: 'Sai tên hàng' }, total: 1_900_000 });
    expect(replace.adj).not.toHaveProperty('adjtyp');
    const info = correctionBody(original, correctionOf('info', sampleExport('x', serial), 'Sai địa chỉ', [], 'fpt-corr-0003'));
    expect(info).toMatchObject({ adj: { adjtyp: '2' }, total: 0, items: [{ line: 1, quantity: 1, price: 0, amount: 0 }] });
  });

  it('issue 25 §5: adjust and replace at the emulator; each correction names its original in the list; a refund-shaped adjustment brings it to the new total; the refusals', async () => {
    const made = await adapter.createInvoice(token, sampleExport(ref(), vatSerial));
    const draft = await rowOf(made.eivCode);
    const back = correctionOf('adjust', oneBeerBack(vatSerial), 'Khách trả lại 1 chai bia', [true]);
    expect(await rejection(adapter.correctInvoice(token, draft, back))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'not-issued' },
    });
    await adapter.sign(token, draft);
    const row = await rowOf(made.eivCode);
    const adjust = await adapter.correctInvoice(token, row, back);
    expect((await adapter.correctInvoice(token, row, back)).eivCode).toBe(adjust.eivCode);
    const adjusted = await rowOf(adjust.eivCode);
    expect(adjusted).toMatchObject({
      total: -25_000,
      corrects: { kind: 'adjust', adjustKind: 'amount', serial: row.serial, seq: row.seq, reason: 'Khách trả lại 1 chai bia' },
    });
    expect(row.total + adjusted.total).toBe(1_875_000);

    const replaceIt = (target: EinvoiceRow, reason = 'Sai tên hàng') =>
      adapter.correctInvoice(token, target, correctionOf('replace', sampleExport('r', vatSerial), reason));
    await adapter.sign(token, adjusted);
    expect(await rejection(replaceIt(await rowOf(adjust.eivCode)))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'adjustment' },
    });
    expect(await rejection(replaceIt(row, ' '))).toMatchObject({ code: 'EINV_INVOICE_REFUSED' });
    expect(await rejection(replaceIt({ ...row, id: 'another-sid' }))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'mismatch' },
    });
    const replaced = await rowOf((await replaceIt(row)).eivCode);
    expect(replaced).toMatchObject({ total: 1_900_000, corrects: { kind: 'replace', serial: row.serial, seq: row.seq } });
    expect(await rejection(replaceIt(row))).toMatchObject({ code: 'EINV_CORRECTION_REFUSED', data: { reason: 'replaced' } });
    expect(await rejection(replaceIt({ ...row, seq: 99_999 }))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'unknown' },
    });
  });
});
