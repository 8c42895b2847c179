// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../../platform/test/harness';
import { checkLogin, EINV_PASSWORD, expireTokens, getAccount, issueToken, TOKEN_TTL_MS, updateAccount, verifyToken } from './accounts';
import { InvoiceInputError } from './document';
import { consumeFault, faultState, setFault } from './faults';
import { getInvoice, issueInvoice, listInvoices, updateInvoice } from './store';
import type { IssueInput } from './types';

let t: TestSandbox;
let copy: { merchant_id: string; alias: string; template: string };
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
  copy = (await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } })).body;
});
afterAll(() => t.close());

const db = () => t.sandbox.db;
// 2026-03-10 10:00 in Vietnam: inside the 8% window.
const MARCH = Date.parse('2026-03-10T10:00:00+07:00');

function input(over: Partial<IssueInput> = {}): IssueInput {
  return {
    merchantId: copy.merchant_id,
    provider: 'misa',
    templateCode: '1',
    series: 'C26TMS',
    issuedAt: MARCH,
    buyer: { isIndividual: true, name: 'Khách lẻ' },
    lines: [
      // 140,000 paid at 8 % (D229: the request states its own figures).
      { name: 'Phở bò tái', unit: 'bát', quantity: 2, unitPrice: 60_185, amount: 120_370, rate: '8%', vat: 9_630 },
      { name: 'Trà đá', unit: 'cốc', quantity: 2, unitPrice: 4_629.5, amount: 9_259, rate: '8%', vat: 741 },
    ],
    paymentMethod: 'TM',
    clientRef: `ref-${Math.random()}`,
    ...over,
  };
}

describe('store: issuing invoices', () => {
  it('numbers per merchant, provider and series without gaps, and answers the same invoice for the same client ref', async () => {
    const first = await issueInvoice(db(), input({ clientRef: 'order-1' }), { status: 0, now: MARCH });
    const again = await issueInvoice(
      db(),
      input({ clientRef: 'order-1', lines: [{ name: 'X', quantity: 1, unitPrice: 1, amount: 1, rate: '0%' }] }),
      {
        status: 0,
        now: MARCH,
      },
    );
    expect(first.existing).toBe(false);
    expect(again).toMatchObject({ existing: true, invoice: { id: first.invoice.id, number: first.invoice.number } });
    expect(again.invoice.hdon.NDHDon.TToan.TgTTTBSo).toBe(140_000);
    // A refused input takes no number.
    await expect(issueInvoice(db(), input({ lines: [] }), { status: 0, now: MARCH })).rejects.toBeInstanceOf(InvoiceInputError);
    const second = await issueInvoice(db(), input(), { status: 0, now: MARCH });
    expect(second.invoice.number).toBe(first.invoice.number + 1);
    expect(second.invoice.hdon.TTChung.SHDon).toBe(second.invoice.number);
    // Another series and another provider count on their own.
    const salesLines = [{ name: 'Phở bò tái', unit: 'bát', quantity: 2, unitPrice: 65_000, amount: 130_000, rate: null }];
    const sales = await issueInvoice(db(), input({ series: 'C26TMH', templateCode: '2', lines: salesLines }), { status: 0, now: MARCH });
    expect(sales.invoice.number).toBe(1);
    expect(sales.invoice.hdon.NDHDon.TToan.TgTThue).toBe(0);
    const fpt = await issueInvoice(db(), input({ provider: 'fpt', series: 'C26TFP', clientRef: 'order-1' }), { status: 1, now: MARCH });
    expect([fpt.existing, fpt.invoice.number]).toEqual([false, 1]);
  });

  it('numbers calls running at once without gaps or repeats, and one invoice per client ref', async () => {
    const merchantId = (await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } })).body.merchant_id as string;
    const one = (clientRef: string) =>
      issueInvoice(db(), input({ merchantId, provider: 'fpt', series: 'C26TFP', clientRef }), { status: 1, now: MARCH });
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => one(`ref-${i}`)),
      ...Array.from({ length: 4 }, () => one('same')),
    ]);
    const fresh = answers.filter((a) => !a.existing);
    expect(fresh).toHaveLength(9);
    expect(fresh.map((a) => a.invoice.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(answers.slice(8).map((a) => a.invoice.id)).size).toBe(1);
  });

  it("keeps the request's own net and VAT in the HDon and reads only within the merchant", async () => {
    const lau = { name: 'Lẩu', quantity: 1, unitPrice: 1_759_259, amount: 1_759_259, rate: '8%' as const, vat: 140_741 };
    const { invoice } = await issueInvoice(db(), input({ lines: [lau], totals: { net: 1_759_259, vat: 140_741, gross: 1_900_000 } }), {
      status: 0,
      now: MARCH,
      providerId: 'prov-abc',
    });
    expect(invoice.hdon.NDHDon.TToan).toMatchObject({ TgTCThue: 1_759_259, TgTThue: 140_741, TgTTTBSo: 1_900_000 });
    expect(invoice.hdon.NDHDon.TToan.TgTTTBChu).toBe('Một triệu chín trăm nghìn đồng');
    expect(invoice.hdon.NDHDon.NBan.Ten).toBe('CÔNG TY TNHH ẨM THỰC PHỐ CỔ');
    expect(await getInvoice(db(), { merchantId: copy.merchant_id, provider: 'misa', providerId: 'prov-abc' })).toMatchObject({
      id: invoice.id,
    });
    expect(await getInvoice(db(), { merchantId: '10000002', provider: 'misa', id: invoice.id })).toBeNull();
    expect(await getInvoice(db(), { merchantId: copy.merchant_id, provider: 'fpt', id: invoice.id })).toBeNull();
  });

  it('lists by time, series, search and released, newest first, paged', async () => {
    const other = (await t.api('POST', '/sandbox/merchants', { body: { template: 'colan' } })).body.merchant_id as string;
    const base = { merchantId: other, provider: 'viettel' as const, series: 'C26TVT' };
    const a = await issueInvoice(db(), input({ ...base, issuedAt: MARCH - 86_400_000 }), { status: 1, now: MARCH });
    const b = await issueInvoice(
      db(),
      input({ ...base, buyer: { isIndividual: false, name: 'Trần Văn An', company: 'Công ty 100% "A&B"', taxCode: '0100109106' } }),
      { status: 1, now: MARCH },
    );
    await updateInvoice(db(), b.invoice.id, { signedAt: MARCH, cqtStatus: '4', cqtCode: 'M1-26-ABCDE', extra: { asks: 1 } });
    const all = await listInvoices(db(), { merchantId: other, provider: 'viettel', page: 1, pageSize: 10 });
    expect(all.rows.map((r) => r.id)).toEqual([b.invoice.id, a.invoice.id]);
    expect(all.total).toBe(2);
    const list = (q: Partial<Parameters<typeof listInvoices>[1]>) =>
      listInvoices(db(), { merchantId: other, provider: 'viettel', page: 1, pageSize: 10, ...q }).then((r) => r.rows.map((x) => x.id));
    expect(await list({ released: true })).toEqual([b.invoice.id]);
    expect(await list({ released: false })).toEqual([a.invoice.id]);
    expect(await list({ from: MARCH - 3600_000 })).toEqual([b.invoice.id]);
    expect(await list({ to: MARCH - 3600_000 })).toEqual([a.invoice.id]);
    expect(await list({ q: '100% "a&b"' })).toEqual([b.invoice.id]);
    expect(await list({ q: 'm1-26' })).toEqual([b.invoice.id]);
    expect(await list({ q: '_' })).toEqual([]);
    expect(await list({ series: 'C26TXX' })).toEqual([]);
    expect(await list({ pageSize: 1, page: 2 })).toEqual([a.invoice.id]);
    const signed = await getInvoice(db(), { merchantId: other, provider: 'viettel', id: b.invoice.id });
    expect(signed).toMatchObject({ cqtCode: 'M1-26-ABCDE', signedAt: MARCH, extra: { asks: 1 }, hdon: { MCCQT: 'M1-26-ABCDE' } });
    expect(await listInvoices(db(), { merchantId: copy.merchant_id, provider: 'viettel', page: 1, pageSize: 10 })).toEqual({
      rows: [],
      total: 0,
    });
  });
});

describe('accounts and tokens', () => {
  it('seeds every merchant and copy with an account at each provider; colan waits on MISA', async () => {
    const phoco = await getAccount(db(), '10000001', 'misa');
    expect(phoco).toMatchObject({ username: 'phoco-misa', taxCode: '0108123455', declarationStatus: 'APPROVED', ssoLinked: false });
    // D253: VAT, sales, an inactive K series and the cash-register (M) series.
    expect(phoco!.series.map((s) => [s.value.slice(0, 1) + s.value.slice(3), s.template_code, s.active])).toEqual([
      ['CTMS', '1', true],
      ['CTMH', '2', true],
      ['KTMK', '1', false],
      ['CMMS', '1', true],
    ]);
    expect((await getAccount(db(), '10000002', 'misa'))!.declarationStatus).toBe('PENDING');
    expect((await getAccount(db(), '10000002', 'fpt'))!.declarationStatus).toBe('APPROVED');
    expect((await getAccount(db(), copy.merchant_id, 'viettel'))!.username).toBe(`phoco-${copy.alias}-viettel`);
    const colanCopy = (await t.api('POST', '/sandbox/merchants', { body: { template: 'colan' } })).body;
    expect((await getAccount(db(), colanCopy.merchant_id, 'misa'))!).toMatchObject({
      username: `colan-${colanCopy.alias}-misa`,
      declarationStatus: 'PENDING',
    });
  });

  it('checks a login: the password, any letter case of the user name, the tax code when given', async () => {
    expect(await checkLogin(db(), 'misa', 'PHOCO-misa', EINV_PASSWORD)).toMatchObject({ ok: true, account: { merchantId: '10000001' } });
    expect(await checkLogin(db(), 'misa', 'phoco-misa', EINV_PASSWORD, '0108123455')).toMatchObject({ ok: true });
    expect(await checkLogin(db(), 'misa', 'phoco-misa', EINV_PASSWORD, '0100109106')).toEqual({ ok: false, reason: 'tax-code' });
    expect(await checkLogin(db(), 'misa', 'phoco-misa', 'wrong')).toEqual({ ok: false, reason: 'credentials' });
    expect(await checkLogin(db(), 'misa', 'nobody', EINV_PASSWORD)).toEqual({ ok: false, reason: 'credentials' });
    // Another provider's user name is unknown here.
    expect(await checkLogin(db(), 'fpt', 'phoco-misa', EINV_PASSWORD)).toEqual({ ok: false, reason: 'credentials' });
    expect(await checkLogin(db(), 'misa', { $ne: 1 }, ['x'])).toEqual({ ok: false, reason: 'credentials' });
    expect(await checkLogin(db(), 'misa', 'phoco-misa\u0000', EINV_PASSWORD)).toEqual({ ok: false, reason: 'credentials' });
    expect(await checkLogin(db(), 'misa', 'x'.repeat(5000), 'y'.repeat(5000))).toEqual({ ok: false, reason: 'credentials' });
  });

  it('stores tokens hashed, per provider, until they expire or are ended', async () => {
    const now = Date.now();
    const issued = await issueToken(db(), 'viettel', copy.merchant_id, now);
    expect(issued.expiresAt).toBe(now + TOKEN_TTL_MS.viettel);
    const stored = await db().query<{ token_hash: string }>(`SELECT token_hash FROM einv_tokens WHERE merchant_id = $1`, [
      copy.merchant_id,
    ]);
    expect(stored.map((r) => r.token_hash)).not.toContain(issued.token);
    expect(await verifyToken(db(), 'viettel', issued.token, now + 1)).toEqual({ status: 'ok', merchantId: copy.merchant_id });
    expect(await verifyToken(db(), 'misa', issued.token, now + 1)).toEqual({ status: 'invalid' });
    expect(await verifyToken(db(), 'viettel', `${issued.token}x`, now + 1)).toEqual({ status: 'invalid' });
    expect(await verifyToken(db(), 'viettel', issued.token, issued.expiresAt)).toEqual({ status: 'expired' });
    const short = await issueToken(db(), 'fpt', copy.merchant_id, now, 1000);
    expect(await expireTokens(db(), copy.merchant_id, now + 10, 'fpt')).toBe(1);
    expect(await verifyToken(db(), 'fpt', short.token, now + 10)).toEqual({ status: 'expired' });
    expect(await verifyToken(db(), 'viettel', issued.token, now + 10)).toMatchObject({ status: 'ok' });
  });

  it('updates an account: SSO link, declaration, password', async () => {
    const colanCopy = (await t.api('POST', '/sandbox/merchants', { body: { template: 'colan' } })).body;
    const after = await updateAccount(db(), colanCopy.merchant_id, 'misa', {
      ssoLinked: true,
      declarationStatus: 'APPROVED',
      password: 'New@2027',
    });
    expect(after).toMatchObject({ ssoLinked: true, declarationStatus: 'APPROVED' });
    expect(await checkLogin(db(), 'misa', `colan-${colanCopy.alias}-misa`, 'New@2027')).toMatchObject({ ok: true });
  });
});

describe('faults', () => {
  it('switch on and off per merchant and provider; one-shot and counted ones run out', async () => {
    const m = copy.merchant_id;
    expect(await faultState(db(), m, 'fpt')).toEqual({
      down: false,
      serialSlowMs: null,
      alreadyExported: false,
      declarationPending: false,
      pdfNotReady: null,
      createFails: null,
    });
    await setFault(db(), m, 'fpt', 'down', true);
    await setFault(db(), m, 'fpt', 'serial-slow', true, { delayMs: 50 });
    await setFault(db(), m, 'fpt', 'already-exported', true);
    await setFault(db(), m, 'fpt', 'pdf-not-ready', true, { count: 2 });
    expect(await faultState(db(), m, 'fpt')).toMatchObject({ down: true, serialSlowMs: 50, alreadyExported: true, pdfNotReady: 2 });
    expect((await faultState(db(), m, 'misa')).down).toBe(false);
    expect((await faultState(db(), '10000001', 'fpt')).down).toBe(false);
    expect(await consumeFault(db(), m, 'fpt', 'already-exported')).toBe(true);
    expect(await consumeFault(db(), m, 'fpt', 'already-exported')).toBe(false);
    expect(await consumeFault(db(), m, 'fpt', 'pdf-not-ready')).toBe(true);
    expect((await faultState(db(), m, 'fpt')).pdfNotReady).toBe(1);
    expect(await consumeFault(db(), m, 'fpt', 'pdf-not-ready')).toBe(true);
    expect(await consumeFault(db(), m, 'fpt', 'pdf-not-ready')).toBe(false);
    // create-fails: one shot without a count, counted down with one.
    await setFault(db(), m, 'fpt', 'create-fails', true);
    expect((await faultState(db(), m, 'fpt')).createFails).toBe(1);
    expect(await consumeFault(db(), m, 'fpt', 'create-fails')).toBe(true);
    expect(await consumeFault(db(), m, 'fpt', 'create-fails')).toBe(false);
    await setFault(db(), m, 'fpt', 'create-fails', true, { count: 2 });
    expect(await consumeFault(db(), m, 'fpt', 'create-fails')).toBe(true);
    expect((await faultState(db(), m, 'fpt')).createFails).toBe(1);
    expect(await consumeFault(db(), m, 'fpt', 'create-fails')).toBe(true);
    expect((await faultState(db(), m, 'fpt')).createFails).toBeNull();
    await setFault(db(), m, 'fpt', 'down', false);
    await setFault(db(), m, 'fpt', 'serial-slow', true);
    expect(await faultState(db(), m, 'fpt')).toMatchObject({ down: false, serialSlowMs: 41_000 });
  });

  it('the einvoice-fault and einvoice-expire-tokens triggers, and their refusals', async () => {
    const fire = (name: string, body: Record<string, string>) => t.api('POST', `/sandbox/triggers/${name}`, { body });
    const on = await fire('einvoice-fault', { provider: 'viettel', fault: 'declaration-pending', merchant: copy.alias });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ merchant_id: copy.merchant_id, provider: 'viettel', fault: 'declaration-pending', on: true });
    expect((await faultState(db(), copy.merchant_id, 'viettel')).declarationPending).toBe(true);
    const off = await fire('einvoice-fault', { provider: 'viettel', fault: 'declaration-pending', merchant: copy.alias, off: 'true' });
    expect(off.body.on).toBe(false);
    expect((await faultState(db(), copy.merchant_id, 'viettel')).declarationPending).toBe(false);
    expect((await fire('einvoice-fault', { provider: 'nope', fault: 'down' })).status).toBe(400);
    expect((await fire('einvoice-fault', { provider: 'fpt', fault: '<script>' })).status).toBe(400);
    expect((await fire('einvoice-fault', { provider: 'fpt', fault: 'serial-slow', delay_ms: '-5' })).status).toBe(400);
    expect((await fire('einvoice-fault', { provider: 'fpt', fault: 'down', merchant: 'nobody' })).status).toBe(404);
    const token = await issueToken(db(), 'm-invoice', copy.merchant_id, Date.now());
    const expired = await fire('einvoice-expire-tokens', { merchant: copy.merchant_id });
    expect(expired.body).toMatchObject({ provider: 'all' });
    expect(expired.body.expired).toBeGreaterThanOrEqual(1);
    expect((await verifyToken(db(), 'm-invoice', token.token, Date.now() + 1)).status).toBe('expired');
  });
});
