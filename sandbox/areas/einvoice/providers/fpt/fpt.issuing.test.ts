// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EINV_PASSWORD } from '../../core/accounts';
import { FPT_CODE_DELAY_MS } from './common';
import { FPT_CQT, FPT_STATUS, fptMaySign } from './statuses';
import { t, FPT, freshMerchant, LAU, invoice, create, fault, useFptFixture } from './fpt.fixture';

useFptFixture();

describe('FPT eInvoice: creating invoices', () => {
  it("issue 25 §2: issues from FPT's own figures (price and amount before tax, vrt, vat per item; sum, vat, total), numbered in order, pending approval", async () => {
    const m = await freshMerchant();
    const first = await create(m, invoice(m));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      form: '1',
      type: '01GTKT',
      serial: m.vatSerial,
      seq: 1,
      bname: 'Khách lẻ',
      sum: 1_759_259,
      vat: 140_741,
      total: 1_900_000,
      status: FPT_STATUS.pendingApproval,
      status_received: FPT_CQT.pendingSignature,
      tax_authority_code: null,
      vrt: '8',
      items: [{ line: 1, name: 'Lẩu cua đồng', quantity: 1, price: 1_759_259, amount: 1_759_259, vrt: '8', vat: 140_741 }],
    });
    expect(first.body.sec).toMatch(/^[A-Z2-9]{10}$/);
    expect(first.body.search_code).toBe(first.body.sec);

    // Two rates on one invoice; KCT and KKKNT as FPT writes them (-1, -2), without VAT.
    const mixed = await create(
      m,
      invoice(m, {
        items: [
          { name: 'Bia', quantity: 2, price: 50_000, amount: 100_000, vrt: '10', vat: 10_000 },
          { name: 'Nước', quantity: 4, price: 12_500, amount: 50_000, vrt: '5', vat: 2_500 },
          { name: 'Sách', quantity: 1, price: 30_000, amount: 30_000, vrt: '-1', vat: 0 },
          { name: 'Phí', quantity: 1, price: 1_000, amount: 1_000, vrt: '-2' },
        ],
      }),
    );
    expect(mixed.status).toBe(200);
    expect(mixed.body).toMatchObject({ seq: 2, sum: 181_000, vat: 12_500, total: 193_500, vrt: null });
    expect(mixed.body.items.map((i: { vrt: string }) => i.vrt)).toEqual(['10', '5', '-1', '-2']);
    const sales = await create(m, invoice(m, { form: '2', serial: m.salesSerial, type: '02GTTT' }));
    expect(sales.body).toMatchObject({ seq: 1, vat: 0, sum: 1_900_000, total: 1_900_000, vrt: null });
  });

  it('issue 25 §2: refuses what FPT refuses in the figures (a rate outside its list, an amount that is not quantity × price, sums that do not add up), naming its field, taking no number', async () => {
    const m = await freshMerchant();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ items: [{ ...LAU, vrt: '7' }] }, 'INVALID_VAT_RATE', 'inv.items.0.vrt'],
      [{ items: [{ ...LAU, vrt: '8%' }] }, 'INVALID_VAT_RATE', 'inv.items.0.vrt'],
      [{ items: [{ ...LAU, vrt: undefined }] }, 'INVALID_VAT_RATE', 'inv.items.0.vrt'],
      [
        { form: '2', serial: m.salesSerial, items: [{ ...LAU, price: 1_900_000, amount: 1_900_000, vat: undefined }] },
        'INVALID_VAT_RATE',
        'inv.items.0.vrt',
      ],
      // Gross in the net fields (D177's old shape): the amount is not quantity × price…
      [{ items: [{ ...LAU, price: 1_900_000 }] }, 'INVALID_DATA', 'inv.items.0.amount'],
      // …and a VAT that is not the rate of the amount.
      [{ items: [{ ...LAU, amount: 1_900_000, price: 1_900_000, total: 2_040_741 }] }, 'INVALID_DATA', 'inv.items.0.vat'],
      [{ items: [{ ...LAU, vat: 150_000, total: 1_909_259 }] }, 'INVALID_DATA', 'inv.items.0.vat'],
      [{ items: [{ ...LAU, total: 1_900_001 }] }, 'INVALID_DATA', 'inv.items.0.total'],
      [{ sum: 1_759_260, total: 1_900_001 }, 'INVALID_DATA', 'inv.sum'],
      [{ vat: 140_740, total: 1_899_999 }, 'INVALID_DATA', 'inv.vat'],
      [{ total: 1_900_001 }, 'INVALID_DATA', 'inv.total'],
      [{ sumv: 1 }, 'INVALID_DATA', 'inv.sumv'],
      [{ sum: undefined }, 'INVALID_DATA', 'inv.sum'],
    ];
    for (const [over, error, field] of cases) {
      const res = await create(m, invoice(m, over));
      expect([JSON.stringify(over), res.status, res.body.error, res.body.field]).toEqual([JSON.stringify(over), 400, error, field]);
    }
    // Within FPT's one-đồng tolerance on a line: 3 × 22,727.33 = 68,181.99 for 68,182.
    const beer = { name: 'Bia', quantity: 3, price: 22_727.33, amount: 68_182, vrt: '10', vat: 6_818, total: 75_000 };
    const ok = await create(m, invoice(m, { items: [beer] }));
    expect([ok.status, ok.body.seq, ok.body.total]).toEqual([200, 1, 75_000]);
  });

  it('answers a repeated sid with its duplicate error and takes no number for it', async () => {
    const m = await freshMerchant();
    const inv = invoice(m);
    expect((await create(m, inv)).body.seq).toBe(1);
    const again = await create(m, {
      ...inv,
      items: [{ name: 'Khác', quantity: 1, price: 1, amount: 1, vrt: '0', vat: 0 }],
      sum: 1,
      vat: 0,
      total: 1,
    });
    expect([again.status, again.body.error, again.body.sid]).toEqual([409, 'INVOICE_EXISTED', inv.sid]);
    expect((await create(m, invoice(m))).body.seq).toBe(2);
  });

  it('already-exported: the next create is stored but answers the duplicate error once; the invoice is then found by its sid', async () => {
    const m = await freshMerchant();
    await fault(m, 'already-exported');
    const inv = invoice(m);
    const res = await create(m, inv);
    expect([res.status, res.body.error]).toEqual([409, 'INVOICE_EXISTED']);
    const found = await t.api('GET', `${FPT}/search-invoice?type=json&sid=${inv.sid}`, { token: m.token });
    expect(found.body.data[0]).toMatchObject({ sid: inv.sid, seq: 1 });
    expect((await create(m, invoice(m))).status).toBe(200);
  });

  it('create-fails: the next `count` creates answer 400 INVALID_DATA and store nothing; the sid stays free, no number taken', async () => {
    const m = await freshMerchant();
    const armed = await fault(m, 'create-fails', { count: '2' });
    expect(armed.body).toMatchObject({ fault: 'create-fails', on: true, count: 2 });
    const inv = invoice(m);
    for (let i = 0; i < 2; i += 1) {
      const res = await create(m, inv);
      expect([res.status, res.body.error, res.body.field]).toEqual([400, 'INVALID_DATA', 'inv.bname']);
    }
    const found = await t.api('GET', `${FPT}/search-invoice?type=json&sid=${inv.sid}`, { token: m.token });
    expect(found.status).toBe(404);
    expect((await create(m, inv)).body).toMatchObject({ sid: inv.sid, seq: 1 });
    // Without a count it is one shot.
    await fault(m, 'create-fails');
    expect((await create(m, invoice(m))).status).toBe(400);
    expect((await create(m, invoice(m))).body.seq).toBe(2);
  });

  it('takes a business buyer with a valid tax code and refuses a bad one, an inactive or unknown series, a future date', async () => {
    const m = await freshMerchant();
    const business = await create(
      m,
      invoice(m, {
        bname: 'Trần Thị Hoa',
        buyer: 'Công ty TNHH Ánh Dương',
        btax: '0314409058-002',
        baddr: '12 Lê Lợi, Quận 1',
        bmail: 'ke.toan@anhduong.vn',
      }),
    );
    expect(business.status).toBe(200);
    expect(business.body).toMatchObject({
      bname: 'Trần Thị Hoa',
      buyer: 'Công ty TNHH Ánh Dương',
      btax: '0314409058-002',
      bmail: 'ke.toan@anhduong.vn',
      btel: '',
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ buyer: 'Công ty X', btax: '0100233480' }, 'BUYER_TAX_CODE_INVALID'],
      [{ btax: '0100109106' }, 'INVALID_DATA'],
      [{ serial: m.inactiveSerial }, 'SERIAL_NOT_ACTIVE'],
      [{ serial: 'C26TZZ' }, 'SERIAL_NOT_FOUND'],
      [{ form: '2' }, 'FORM_MISMATCH'],
      [{ form: '2', serial: m.salesSerial, items: [LAU] }, 'INVALID_VAT_RATE'],
      [{ idt: '2099-01-01' }, 'INVALID_DATE'],
      [{ idt: '2026-02-30' }, 'INVALID_DATE'],
      [{ paym: 'BITCOIN' }, 'INVALID_DATA'],
      [{ items: [] }, 'INVALID_DATA'],
    ];
    for (const [over, error] of cases) {
      const res = await create(m, invoice(m, over));
      expect([JSON.stringify(over), res.status, res.body.error]).toEqual([JSON.stringify(over), 400, error]);
    }
    // Nothing refused took a number.
    expect((await create(m, invoice(m))).body.seq).toBe(2);
  });

  it("issue 24 §4: an invoice dated before 2000 answers FPT's own 400 INVALID_DATE on inv.idt (was a 500 'no VAT rate'), taking no number", async () => {
    const m = await freshMerchant();
    for (const over of [{ idt: '1999-12-31' }, { idt: '1999-12-31 23:59:59' }, { idt: '0001-01-01' }, { idt: '1999-06-01' }]) {
      const res = await create(m, invoice(m, over));
      expect([JSON.stringify(over), res.status, res.body]).toEqual([
        JSON.stringify(over),
        400,
        { error: 'INVALID_DATE', message: expect.stringContaining('2000-01-01'), field: 'inv.idt' },
      ]);
    }
    // 2000-01-01 is a date FPT takes; this account's symbols are of another year (D230).
    const first = await create(m, invoice(m, { idt: '2000-01-01' }));
    expect([first.status, first.body.error, first.body.field]).toEqual([400, 'SERIAL_YEAR_MISMATCH', 'inv.serial']);
    expect((await create(m, invoice(m))).body.seq).toBe(1);
  });

  it("accepts FPT's credentials in the body instead of a bearer, and refuses wrong ones", async () => {
    const m = await freshMerchant();
    const inv = invoice(m);
    const res = await t.api('POST', `${FPT}/create-invoice`, { body: { user: { username: m.username, password: EINV_PASSWORD }, inv } });
    expect([res.status, res.body.sid]).toEqual([200, inv.sid]);
    const wrong = await t.api('POST', `${FPT}/create-invoice`, {
      body: { user: { username: m.username, password: 'x' }, inv: invoice(m) },
    });
    expect([wrong.status, wrong.body.error]).toEqual([401, 'AUTH_FAILED']);
    const none = await t.api('POST', `${FPT}/create-invoice`, { body: { inv: invoice(m) } });
    expect([none.status, none.body.error]).toEqual([401, 'UNAUTHORIZED']);
  });
});

describe('FPT eInvoice: approving (signing)', () => {
  it('approves a pending invoice once; the tax authority code arrives after a delay; approving again is refused', async () => {
    expect([1, 2].map(fptMaySign)).toEqual([true, true]);
    expect([3, 4].map(fptMaySign)).toEqual([false, false]);
    const m = await freshMerchant();
    const inv = invoice(m);
    const created = await create(m, inv);
    const signed = await t.api('POST', `${FPT}/apprs`, {
      token: m.token,
      body: { inv: { sid: inv.sid, idt: created.body.idt.slice(0, 10) } },
    });
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ status: FPT_STATUS.approved, status_received: FPT_CQT.submitted, tax_authority_code: null });
    const again = await t.api('POST', `${FPT}/apprs`, { token: m.token, body: { inv: { sid: inv.sid } } });
    expect([again.status, again.body.error, again.body.status]).toEqual([409, 'INVOICE_APPROVED', FPT_STATUS.approved]);

    const read = () => t.api('GET', `${FPT}/search-invoice?type=json&sid=${inv.sid}`, { token: m.token });
    expect((await read()).body.data[0].status_received).toBe(FPT_CQT.submitted);
    t.sandbox.clock.advance(FPT_CODE_DELAY_MS / 1000);
    try {
      // Two reads settling it at once agree on the code.
      const [one, two] = await Promise.all([read(), read()]);
      const coded = one.body.data[0];
      expect(two.body.data[0].tax_authority_code).toBe(coded.tax_authority_code);
      expect((await read()).body.data[0].tax_authority_code).toBe(coded.tax_authority_code);
      expect(coded.status_received).toBe(FPT_CQT.codeIssued);
      expect(coded.tax_authority_code).toMatch(/^[0-9A-F]{34}$/);
    } finally {
      t.sandbox.clock.advance(-FPT_CODE_DELAY_MS / 1000);
    }
  });

  it('refuses a wrong date, an unknown sid, and another merchant reading or approving', async () => {
    const m = await freshMerchant();
    const other = await freshMerchant();
    const inv = invoice(m);
    await create(m, inv);
    const wrongDate = await t.api('POST', `${FPT}/apprs`, { token: m.token, body: { inv: { sid: inv.sid, idt: '2020-01-01' } } });
    expect(wrongDate.body.error).toBe('INVALID_DATE');
    const unknown = await t.api('POST', `${FPT}/apprs`, { token: m.token, body: { inv: { sid: 'no-such-sid' } } });
    const foreign = await t.api('POST', `${FPT}/apprs`, { token: other.token, body: { inv: { sid: inv.sid } } });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'INVOICE_NOT_FOUND']);
    expect(foreign.body).toEqual(unknown.body);
    const read = await t.api('GET', `${FPT}/search-invoice?sid=${inv.sid}`, { token: other.token });
    expect([read.status, read.body.error]).toEqual([404, 'INVOICE_NOT_FOUND']);
    const list = await t.api('GET', `${FPT}/search-invoice`, { token: other.token });
    expect(list.body).toEqual({ data: [], total: 0 });
  });
});

describe("the order's e-invoice code", () => {
  it('tax_authority_code::search_code::seq is what the sale service accepts as eiv_code, before and after coding', async () => {
    const m = await freshMerchant();
    const portal = (await t.login(m.portal.username, m.portal.password)).access_token;
    const orders = await t.sandbox.db.query<{ invoice_id: number }>(
      `SELECT invoice_id FROM sale_orders WHERE merchant_id = $1 AND status = 0 AND eiv_code IS NULL ORDER BY id LIMIT 2`,
      [m.id],
    );
    expect(orders).toHaveLength(2);
    const saveCode = (invoiceId: number, row: { tax_authority_code: string | null; search_code: string; seq: number }) =>
      t.api('POST', `/api/sale/invoice/eiv/${invoiceId}`, {
        token: portal,
        body: { eiv_code: `${row.tax_authority_code ?? ''}::${row.search_code}::${row.seq}` },
      });
    const waiting = await create(m, invoice(m));
    const early = await saveCode(orders[0]!.invoice_id, waiting.body);
    expect([early.status, early.body.data.cqt_code, early.body.data.is_eiv_exported]).toEqual([200, null, true]);
    const inv = invoice(m);
    await create(m, inv);
    await t.api('POST', `${FPT}/apprs`, { token: m.token, body: { inv: { sid: inv.sid } } });
    t.sandbox.clock.advance(FPT_CODE_DELAY_MS / 1000);
    try {
      const coded = (await t.api('GET', `${FPT}/search-invoice?sid=${inv.sid}`, { token: m.token })).body.data[0];
      const late = await saveCode(orders[1]!.invoice_id, coded);
      expect([late.status, late.body.data.cqt_code]).toEqual([200, coded.tax_authority_code]);
    } finally {
      t.sandbox.clock.advance(-FPT_CODE_DELAY_MS / 1000);
    }
  });
});
