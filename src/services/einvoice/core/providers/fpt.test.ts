// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createEinvoiceBackend } from '../backend';
import { providerContract, providerSandbox, PHOCO_TAX, type ContractDriver } from '../contract';
import { canSign, cqtStatus, invoiceStatus } from '../registry';
import {
  FIRST_MINUTE_2027,
  LAST_MINUTE_2026,
  mixedRateExport,
  correctionOf,
  oneBeerBack,
  sampleExport,
  vnToday,
  rejection,
  todayQuery as query,
} from '../testing/sandbox';
import type { EinvoiceRow, ExportInput, Serial } from '../types';
import { correctionBody, createFptAdapter } from './fpt';
import { offeredYears } from '../testing/offered-years';

/** FPT as the provider contract meets it (contract/). */
const driver: ContractDriver = {
  route: 'fpt',
  name: 'FPT',
  make: createFptAdapter,
  refPrefix: 'fpt-test',
  validTaxCodes: ['0100109106', ' 0314409058-002 '],
  invalidTaxCodes: ['<b>x</b>'],
  checkDigitRefusal: { data: { reason: 'check-digit' } },
  tokenLifetime: { min: 7 * 3_600_000, max: 24 * 3_600_000 },
  loginRefusal: { status: 401 },
  // FPT checks the tax code at login: another company's is refused as a tax code.
  otherCompanyLogin: { code: 'EINV_TAX_CODE_INVALID' },
  serials: { vat: /^1C\d\dTFP$/, sales: /^2C\d\dTFB$/, unusedSuffix: 'TFX' },
  listsEverySeries: true,
  declarationRecord: { type: '01/ĐKTĐ-HĐĐT', createDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
  // The seller prefix is FPT's to ignore.
  bareToken: 'accepted',
  expiredRefusal: { status: 401 },
  codedAtOnce: false,
  // FPT's sid is the order; its duplicate (409 INVOICE_EXISTED) names only the sid and the first invoice is fetched.
  providerIdOf: (orderId) => orderId,
  duplicateIsExisting: true,
  shortSerialFilter: true,
  malformedRefusal: { data: { field: 'inv.items.0.quantity' } },
  buyerFieldNamed: true,
  pdfFirstWaits: [],
  pdfText: true,
  keepsHostileBuyer: true,
  createFails: { data: { field: 'inv.bname' } },
  missing: (row) => ({ ...row, id: 'no-such-sid' }),
};

const c = providerSandbox(driver);

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

describe('FPT adapter: the provider contract', () => providerContract(c, driver));

describe('FPT adapter against the emulator', () => {
  it('refuses at login an account of another provider, and reads the declaration records of the range only', async () => {
    expect(await rejection(c.adapter.login({ taxCode: PHOCO_TAX, username: 'phoco-misa', password: 'Einv@2026' }))).toMatchObject({
      code: 'EINV_LOGIN_FAIL',
    });
    const year = vnToday().slice(0, 4);
    expect((await c.adapter.declarationStatus(c.token, { from: `${year}-01-01`, to: vnToday() })).records).toHaveLength(1);
    const lastYear = await c.adapter.declarationStatus(c.token, { from: `${Number(year) - 1}-01-01`, to: `${Number(year) - 1}-12-31` });
    expect(lastYear.records).toEqual([]);
    // An unknown bare bearer (FPT's own token shape) is expired too.
    expect(await rejection(c.adapter.listSerials('x'.repeat(43)))).toMatchObject({ code: 'EINV_TOKEN_EXPIRED' });
  });

  it('lists an invoice pending approval, signs it (/apprs), the code arrives later; a second sign is refused', async () => {
    const made = await c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.vatSerial));
    const row = await c.rowOf(made.eivCode);
    expect(row).toMatchObject({ id: made.providerId, status: '2', statusReceived: '7', taxAuthorityCode: null });
    expect(new Date(row.invoiceDate + 7 * 3_600_000).toISOString().slice(0, 10)).toBe(vnToday());
    expect(cqtStatus('fpt', row.statusReceived).labelKey).toBe('status.cqt.pendingSignature');
    expect(invoiceStatus('fpt', row.status)?.labelKey).toBe('status.invoice.pendingApproval');
    expect(canSign('fpt', row)).toBe(true);
    expect((await c.adapter.listInvoices(c.token, query({ released: 'unreleased', q: row.searchCode }))).total).toBe(1);

    await c.adapter.sign(c.token, row);
    const signed = await c.rowOf(made.eivCode);
    expect(signed).toMatchObject({ status: '3', statusReceived: '1' });
    // FPT refuses a second approval although the rule still shows the button (D181).
    expect(canSign('fpt', signed)).toBe(true);
    expect(await rejection(c.adapter.sign(c.token, signed))).toMatchObject({ code: 'EINV_SIGN_REFUSED', status: 409, data: { status: 3 } });
    expect(await rejection(c.adapter.sign(c.token, { ...signed, id: 'no-such-sid' }))).toMatchObject({
      code: 'EINV_SIGN_REFUSED',
      status: 404,
    });
    expect((await c.adapter.listInvoices(c.token, query({ released: 'released', q: row.searchCode }))).rows.map((r) => r.id)).toEqual([
      row.id,
    ]);
  });

  it("issue 25 §4: an invoice dated in another year than its symbol's is EINV_SERIAL_INVALID on inv.serial (FPT's SERIAL_YEAR_MISMATCH)", async () => {
    const lastYear = Date.parse(`${Number(vnToday().slice(0, 4)) - 1}-12-31T12:00:00+07:00`);
    const refused = await rejection(c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.vatSerial, { paidAt: lastYear })));
    expect(refused).toMatchObject({ code: 'EINV_SERIAL_INVALID', status: 400, data: { field: 'inv.serial' } });
  });

  it('works with the token the product backend hands out (D189)', async () => {
    const backend = createEinvoiceBackend(c.m);
    await backend.saveSettings({
      provider: 'fpt',
      taxCode: PHOCO_TAX,
      activeMethod: 'einv_provider_account',
      ...c.m.account('fpt'),
      autoExport: false,
      printInvoice: false,
    });
    const issued = await backend.providerToken('fpt');
    expect((await c.adapter.listSerials(issued.token)).length).toBe(3 * offeredYears().length);
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
    const made = await c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.vatSerial));
    const draft = await c.rowOf(made.eivCode);
    const back = correctionOf('adjust', oneBeerBack(c.vatSerial), 'Khách trả lại 1 chai bia', [true]);
    expect(await rejection(c.adapter.correctInvoice(c.token, draft, back))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'not-issued' },
    });
    await c.adapter.sign(c.token, draft);
    const row = await c.rowOf(made.eivCode);
    const adjust = await c.adapter.correctInvoice(c.token, row, back);
    expect((await c.adapter.correctInvoice(c.token, row, back)).eivCode).toBe(adjust.eivCode);
    const adjusted = await c.rowOf(adjust.eivCode);
    expect(adjusted).toMatchObject({
      total: -25_000,
      corrects: { kind: 'adjust', adjustKind: 'amount', serial: row.serial, seq: row.seq, reason: 'Khách trả lại 1 chai bia' },
    });
    expect(row.total + adjusted.total).toBe(1_875_000);

    const replaceIt = (target: EinvoiceRow, reason = 'Sai tên hàng') =>
      c.adapter.correctInvoice(c.token, target, correctionOf('replace', sampleExport('r', c.vatSerial), reason));
    await c.adapter.sign(c.token, adjusted);
    expect(await rejection(replaceIt(await c.rowOf(adjust.eivCode)))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'adjustment' },
    });
    expect(await rejection(replaceIt(row, ' '))).toMatchObject({ code: 'EINV_INVOICE_REFUSED' });
    expect(await rejection(replaceIt({ ...row, id: 'another-sid' }))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'mismatch' },
    });
    const replaced = await c.rowOf((await replaceIt(row)).eivCode);
    expect(replaced).toMatchObject({ total: 1_900_000, corrects: { kind: 'replace', serial: row.serial, seq: row.seq } });
    expect(await rejection(replaceIt(row))).toMatchObject({ code: 'EINV_CORRECTION_REFUSED', data: { reason: 'replaced' } });
    expect(await rejection(replaceIt({ ...row, seq: 99_999 }))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'unknown' },
    });
  });
});
