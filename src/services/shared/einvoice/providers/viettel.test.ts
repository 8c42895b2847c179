// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEinvoiceBackend } from '../backend';
import { canSign, cqtStatus, invoiceStatus, parseEivCode } from '../registry';
import { sellerToken, splitSellerToken } from '../seller-token';
import {
  completedOrders,
  createMerchant,
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
import type { EinvoiceRow, ProviderAdapter, Serial } from '../types';
import { createViettelAdapter, viettelTotals } from './viettel';

const PHOCO_TAX = '0108123455';

let t: TestSandbox;
let m: TestMerchant;
let adapter: ProviderAdapter;
let token: string;
let vatSerial: Serial;
let salesSerial: Serial;
const sleeper = instantSleep();

const fault = (name: string, extra: Record<string, string> = {}) => providerFault(t, m, 'viettel', name, extra);
const query = todayQuery;
let orderSeq = 0;
/** A fresh transactionUuid for a create that is not saved to an order. */
const ref = () => `vt-test-${Date.now()}-${++orderSeq}`;
/** The listed row of an export (Viettel's keyword search takes the lookup code). */
async function rowOf(eiv: string): Promise<EinvoiceRow> {
  const page = await adapter.listInvoices(token, query({ q: parseEivCode(eiv)!.searchCode }));
  expect(page.total).toBe(1);
  return page.rows[0]!;
}

beforeAll(async () => {
  t = await startSandbox();
  m = await createMerchant(t, 'phoco');
  adapter = createViettelAdapter({ baseURL: `${t.url}/api/einvoice/viettel`, sleep: sleeper.sleep });
  token = (await adapter.login({ taxCode: PHOCO_TAX, ...m.account('viettel') })).token;
  const serials = await adapter.listSerials(token);
  vatSerial = serials.find((s) => !s.isSalesInvoice)!;
  salesSerial = serials.find((s) => s.isSalesInvoice)!;
});
afterAll(async () => {
  await t?.close();
});

describe('Viettel totals (doc 2 §9: the net is rounded up)', () => {
  it('works the net back from the gross and rounds it up, in whole numbers', () => {
    const line = (unitPriceGross: number, quantity = 1) => ({ name: 'x', quantity, unitPriceGross });
    expect(viettelTotals([line(1_900_000)], 8)).toEqual({ gross: 1_900_000, net: 1_759_260, vat: 140_740 });
    expect(viettelTotals([line(1_500_000), line(25_000, 16)], 8)).toEqual({ gross: 1_900_000, net: 1_759_260, vat: 140_740 });
    // An exact split stays exact (no extra đồng from the ceiling).
    expect(viettelTotals([line(1_080_000)], 8)).toEqual({ gross: 1_080_000, net: 1_000_000, vat: 80_000 });
    expect(viettelTotals([line(110)], 10)).toEqual({ gross: 110, net: 100, vat: 10 });
    expect(viettelTotals([line(111)], 10)).toEqual({ gross: 111, net: 101, vat: 10 });
    expect(viettelTotals([line(65_000, 1.5)], 0)).toEqual({ gross: 97_500, net: 97_500, vat: 0 });
  });
});

describe('Viettel adapter against the emulator', () => {
  it('checks a tax code before login (public), with the reason in the message', async () => {
    await expect(adapter.checkTaxCode('0100109106')).resolves.toBeUndefined();
    await expect(adapter.checkTaxCode('0314409058-002')).resolves.toBeUndefined();
    expect(await rejection(adapter.checkTaxCode('0100233480'))).toMatchObject({ code: 'EINV_TAX_CODE_INVALID', status: 400 });
    expect(await rejection(adapter.checkTaxCode(''))).toMatchObject({ code: 'EINV_TAX_CODE_INVALID' });
  });

  it('logs in (no tax code at Viettel) and checks the typed tax code is the account’s through the declaration status', async () => {
    const account = m.account('viettel');
    const login = await adapter.login({ taxCode: PHOCO_TAX, ...account });
    expect(login.taxCode).toBe(PHOCO_TAX);
    expect(splitSellerToken(login.token).taxCode).toBe(PHOCO_TAX);
    expect(login.expiresAt).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(login.expiresAt).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    const wrong = await rejection(adapter.login({ taxCode: PHOCO_TAX, username: account.username, password: 'Nope@2026' }));
    expect(wrong).toMatchObject({ code: 'EINV_LOGIN_FAIL', status: 401 });
    expect(wrong?.message).not.toContain('Nope@2026');
    // A valid tax code of another company: Viettel logs in, the status call refuses it.
    expect(await rejection(adapter.login({ taxCode: '0100109106', ...account }))).toMatchObject({
      code: 'EINV_TAX_CODE_INVALID',
      status: 403,
    });
    // A malformed one never reaches the login.
    expect(await rejection(adapter.login({ taxCode: '0100233480', ...account }))).toMatchObject({
      code: 'EINV_TAX_CODE_INVALID',
      status: 400,
    });
    expect(await rejection(adapter.login({ taxCode: PHOCO_TAX, username: '', password: '' }))).toMatchObject({ code: 'EINV_LOGIN_FAIL' });
  });

  it('needs the seller in the token: a bare bearer is EINV_NOT_SET_UP without a call', async () => {
    expect(await rejection(adapter.listSerials(splitSellerToken(token).token))).toMatchObject({ code: 'EINV_NOT_SET_UP' });
  });

  it('looks a company up; an unknown valid code is null', async () => {
    expect(await adapter.lookupCompany(token, '0105872463')).toMatchObject({ taxCode: '0105872463', name: expect.stringMatching(/\S/) });
    expect(await adapter.lookupCompany(token, '0100233488')).toBeNull();
    expect(await rejection(adapter.lookupCompany(token, '0100233480'))).toMatchObject({ code: 'EINV_TAX_CODE_INVALID' });
  });

  it('lists the active series with the template digit in front (D191) and the sales-invoice flag', async () => {
    const serials = await adapter.listSerials(token);
    expect(serials).toHaveLength(2);
    expect(vatSerial).toMatchObject({ value: expect.stringMatching(/^1C\d\dTVT$/), templateCode: '1', isSalesInvoice: false });
    expect(salesSerial).toMatchObject({ value: expect.stringMatching(/^2C\d\dTVB$/), templateCode: '2', isSalesInvoice: true });
  });

  it('reads the declaration status', async () => {
    const status = await adapter.declarationStatus(token, { from: `${vnToday().slice(0, 4)}-01-01`, to: vnToday() });
    expect(status.approved).toBe(true);
  });

  it('exports an order with Viettel’s rounded-up totals; the same order again is TRANSACTION_UUID_INVALID, fetched as existing', async () => {
    const [order] = await completedOrders(t, m);
    const orderId = String(order!.order_id);
    const first = await adapter.createInvoice(token, sampleExport(orderId, vatSerial));
    // issue 24 §7: the export names its invoice's serial as the adapters write serials (D191, D224).
    expect(first.serial).toBe(vatSerial.value);
    expect(first).toMatchObject({ providerId: orderId, existing: false });
    const parts = parseEivCode(first.eivCode)!;
    expect(parts).toMatchObject({ cqtCode: null, seq: expect.any(Number) });
    expect(parts.searchCode).toMatch(/^[A-Z0-9]{10}$/);
    const again = await adapter.createInvoice(token, sampleExport(orderId, vatSerial, { total: 5 }));
    expect(again).toEqual({ ...first, existing: true });

    const row = await rowOf(first.eivCode);
    expect(row).toMatchObject({ id: orderId, serial: vatSerial.value, seq: parts.seq, total: 1_900_000, buyerName: 'Khách lẻ' });
    expect(row.vat).toBe(viettelTotals(sampleExport(orderId, vatSerial).lines, 8).vat);
    expect(row.vat).toBe(140_740);

    const backend = createEinvoiceBackend(m);
    expect(await backend.saveEivCode(orderId, first.eivCode)).toEqual({ eivCode: first.eivCode, cqtCode: null });
  });

  it('signs (sends) an invoice not sent; once sent the rule and the adapter refuse without a call; the code arrives later', async () => {
    const made = await adapter.createInvoice(token, sampleExport(ref(), vatSerial));
    const row = await rowOf(made.eivCode);
    expect(row).toMatchObject({ status: '1', statusReceived: '1', taxAuthorityCode: null });
    expect(new Date(row.invoiceDate + 7 * 3_600_000).toISOString().slice(0, 10)).toBe(vnToday());
    expect(cqtStatus('viettel', row.statusReceived).labelKey).toBe('status.cqt.notSentWithCode');
    expect(invoiceStatus('viettel', row.status)?.labelKey).toBe('status.invoice.original');
    expect(canSign('viettel', row)).toBe(true);
    expect((await adapter.listInvoices(token, query({ released: 'unreleased', q: row.searchCode }))).total).toBe(1);

    await adapter.sign(token, row);
    const sent = await rowOf(made.eivCode);
    expect(sent.statusReceived).toBe('4');
    expect(canSign('viettel', sent)).toBe(false);
    expect(await rejection(adapter.sign(token, sent))).toMatchObject({ code: 'EINV_SIGN_REFUSED', status: 0 });
    // A stale row (still "not sent") reaches Viettel, which refuses it the same way.
    expect(await rejection(adapter.sign(token, row))).toMatchObject({ code: 'EINV_SIGN_REFUSED', status: 400 });
    expect(await rejection(adapter.sign(token, { ...row, id: 'no-such-uuid' }))).toMatchObject({ code: 'EINV_SIGN_REFUSED', status: 404 });
    expect((await adapter.listInvoices(token, query({ released: 'released', q: row.searchCode }))).rows.map((r) => r.id)).toEqual([row.id]);
  });

  it('filters by serial (either form) and pages; a sales invoice has no VAT', async () => {
    const sale = await adapter.createInvoice(token, sampleExport(ref(), salesSerial, { vat: 8 }));
    for (const serial of [salesSerial.value, salesSerial.value.slice(1)]) {
      const sales = await adapter.listInvoices(token, query({ serial }));
      expect(sales.rows.length).toBeGreaterThan(0);
      expect(sales.rows.every((r) => r.serial === salesSerial.value && r.vat === 0)).toBe(true);
    }
    expect((await rowOf(sale.eivCode)).total).toBe(1_900_000);
    const small = await adapter.listInvoices(token, query({ pageSize: 1 }));
    expect(small.rows).toHaveLength(1);
    expect(small.total).toBeGreaterThan(1);
    expect((await adapter.listInvoices(token, query({ pageSize: 1, page: 2 }))).rows[0]!.id).not.toBe(small.rows[0]!.id);
  });

  it('a business buyer is listed by its company; a buyer tax code with a bad check digit is refused', async () => {
    const business = { isIndividual: false, name: 'Nguyễn Văn A', company: 'Công ty TNHH Ví Dụ', taxCode: '0105872463', address: 'Hà Nội' };
    const made = await adapter.createInvoice(token, sampleExport(ref(), vatSerial, { buyer: business }));
    expect((await rowOf(made.eivCode)).buyerName).toBe('Công ty TNHH Ví Dụ');
    const bad = await rejection(
      adapter.createInvoice(token, sampleExport(ref(), vatSerial, { buyer: { ...business, taxCode: '0100233480' } })),
    );
    expect(bad).toMatchObject({ code: 'EINV_TAX_CODE_INVALID' });
  });

  it('the PDF is not ready at first: retried 500 ms apart, then the bytes; more than 3 "not ready" is EINV_PDF_NOT_READY', async () => {
    const made = await adapter.createInvoice(token, sampleExport(ref(), vatSerial));
    const row = await rowOf(made.eivCode);
    sleeper.waits.length = 0;
    const pdf = await adapter.pdf(token, row);
    expect(sleeper.waits).toEqual([500]);
    expect(pdf.type).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-', '-'], { input: new Uint8Array(await pdf.arrayBuffer()), encoding: 'utf8' });
    expect(text).toContain(row.searchCode);
    expect(text).toContain('Bia Hà Nội');

    sleeper.waits.length = 0;
    await fault('pdf-not-ready', { count: '3' });
    expect((await adapter.pdf(token, row)).type).toBe('application/pdf');
    expect(sleeper.waits).toEqual([500, 500, 500]);

    sleeper.waits.length = 0;
    await fault('pdf-not-ready', { count: '10' });
    expect(await rejection(adapter.pdf(token, row))).toMatchObject({ code: 'EINV_PDF_NOT_READY' });
    expect(sleeper.waits).toEqual([500, 500, 500]);
    await fault('pdf-not-ready', { off: 'true' });
    expect(await rejection(adapter.pdf(token, { ...row, seq: 99_999 }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('the already-exported fault: TRANSACTION_UUID_INVALID for a stored invoice, fetched as existing', async () => {
    await fault('already-exported');
    const key = ref();
    const made = await adapter.createInvoice(token, sampleExport(key, vatSerial));
    expect(made).toMatchObject({ existing: true, providerId: key });
    expect((await adapter.createInvoice(token, sampleExport(key, vatSerial))).eivCode).toBe(made.eivCode);
  });

  it('the create-fails fault is EINV_INVOICE_REFUSED with Viettel’s description; the same order then exports', async () => {
    await fault('create-fails');
    const key = ref();
    const refused = await rejection(adapter.createInvoice(token, sampleExport(key, vatSerial)));
    expect(refused).toMatchObject({ code: 'EINV_INVOICE_REFUSED', status: 400 });
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

  it('a series not in use is EINV_SERIAL_INVALID; a malformed line EINV_INVOICE_REFUSED', async () => {
    const inactive: Serial = { value: `1K${vnToday().slice(2, 4)}TVX`, templateCode: '1', invTypeName: 'x', isSalesInvoice: false };
    expect(await rejection(adapter.createInvoice(token, sampleExport(ref(), inactive)))).toMatchObject({ code: 'EINV_SERIAL_INVALID' });
    expect(
      await rejection(
        adapter.createInvoice(token, sampleExport(ref(), vatSerial, { lines: [{ name: 'x', quantity: 0, unitPriceGross: 1 }] })),
      ),
    ).toMatchObject({ code: 'EINV_INVOICE_REFUSED', status: 400 });
  });

  it('HTTP 500 GENERAL (an expired or unknown token) is EINV_TOKEN_EXPIRED', async () => {
    expect(await rejection(adapter.listSerials(sellerToken('y'.repeat(43), PHOCO_TAX)))).toMatchObject({
      code: 'EINV_TOKEN_EXPIRED',
      status: 500,
    });
    await trigger(t, 'einvoice-expire-tokens', { merchant: m.merchantId, provider: 'viettel' });
    expect(await rejection(adapter.listInvoices(token, query()))).toMatchObject({ code: 'EINV_TOKEN_EXPIRED' });
    token = (await adapter.login({ taxCode: PHOCO_TAX, ...m.account('viettel') })).token;
  });

  it('the down fault is EINV_PROVIDER_DOWN, login included; the public tax-code check stays up', async () => {
    await fault('down');
    try {
      expect(await rejection(adapter.listSerials(token))).toMatchObject({ code: 'EINV_PROVIDER_DOWN', status: 503 });
      expect(await rejection(adapter.login({ taxCode: PHOCO_TAX, ...m.account('viettel') }))).toMatchObject({ code: 'EINV_PROVIDER_DOWN' });
      await expect(adapter.checkTaxCode(PHOCO_TAX)).resolves.toBeUndefined();
    } finally {
      await fault('down', { off: 'true' });
    }
  });

  it('works with the token the product backend hands out for an SSO set-up (D189)', async () => {
    const backend = createEinvoiceBackend(m);
    await backend.ssoSignIn('viettel', PHOCO_TAX);
    await backend.saveSettings({
      provider: 'viettel',
      taxCode: PHOCO_TAX,
      activeMethod: 'merchant_account',
      autoExport: false,
      printInvoice: false,
    });
    const issued = await backend.providerToken('viettel');
    expect(splitSellerToken(sellerToken(issued.token, issued.taxCode)).taxCode).toBe(PHOCO_TAX);
    expect((await adapter.listSerials(sellerToken(issued.token, issued.taxCode))).length).toBe(2);
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
        lines: [{ name: 'Phở\r\nbò', quantity: 1, unitPriceGross: 65_000 }],
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
    const nowhere = createViettelAdapter({ baseURL: 'http://127.0.0.1:1/api/einvoice/viettel' });
    expect(await rejection(nowhere.checkTaxCode(PHOCO_TAX))).toMatchObject({ code: 'NETWORK_ERROR' });
  });
});
