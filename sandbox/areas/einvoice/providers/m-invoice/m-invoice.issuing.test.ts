// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MI_CODES, MI_CODING_DELAY_MS } from './wire';
import { t, PHOCO_TAX, COLAN_TAX, phoco, colan, seller, call, MIXED, today, invoice, save, useMInvoiceFixture } from './m-invoice.fixture';

useMInvoiceFixture();

describe('issuing, idempotency and signing', () => {
  it('issue 25 §2: Save issues an invoice waiting for its signature, with the figures the API 2.0 request states (D259), answered under both names', async () => {
    const res = await save(phoco, invoice(phoco.vat));
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('00');
    const data = res.body.data;
    expect(data).toMatchObject({
      khieu: phoco.vat,
      inv_invoiceSeries: phoco.vat,
      inv_invoiceNumber: data.shdon,
      inv_invoiceAuth_id: data.hoadon68_id,
      inv_invoiceIssuedDate: `${today}T00:00:00`,
      nlap: today,
      trang_thai: 1,
      tthai: 'Chờ ký',
      inv_TotalAmount: 1_899_995,
      trang_thai_hd: 0,
      macqt: null,
      tgtttbso: 1_899_995,
      tgtcthue: 1_752_521,
      tgtthue: 147_474,
      tgtttbchu: 'Một triệu tám trăm chín mươi chín nghìn chín trăm chín mươi lăm đồng',
      thue_suat: [
        { tsuat: '10%', thtien: 363_632, tthue: 36_363 },
        { tsuat: '8%', thtien: 1_388_889, tthue: 111_111 },
      ],
      tnmua: 'Khách lẻ',
      ten: '',
      htttoan: 'TM',
    });
    expect(data.hoadon68_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.sobaomat).toMatch(/^[A-Z2-9]{10}$/);
    expect(data.details[0].data).toHaveLength(2);
  });

  it('issue 25 §2: a sales-invoice series (template 2) has no VAT lines; a rate on one is refused', async () => {
    const sales = await save(phoco, invoice(phoco.sales));
    expect(sales.body.data).toMatchObject({ khmshdon: '2', tgtthue: 0, tgtcthue: 1_752_521, thue_suat: [] });
    const taxed = await save(phoco, invoice(phoco.sales, { details: invoice(phoco.vat).details }));
    expect(taxed.body).toMatchObject({ code: MI_CODES.INVALID, errors: ['data.0.details.0.data.0.ma_thue'] });
  });

  it('issue 25 §2: a mixed-rate invoice keeps each line’s net price, rate and VAT; the breakdown is worked from the lines', async () => {
    const res = await save(phoco, invoice(phoco.vat, {}, MIXED));
    expect(res.body).toMatchObject({
      code: '00',
      data: {
        details: [
          {
            data: [
              { ten: 'Phở bò tái', sluong: 2, dgia: 60_185, thtien: 120_370, tsuat: '8%', tthue: 9_630 },
              { ten: 'Bia Hà Nội', sluong: 3, dgia: 22_727.3, thtien: 68_182, tsuat: '10%', tthue: 6_818 },
            ],
          },
        ],
        thue_suat: [
          { tsuat: '10%', thtien: 68_182, tthue: 6_818 },
          { tsuat: '8%', thtien: 120_370, tthue: 9_630 },
        ],
        tgtcthue: 188_552,
        tgtthue: 16_448,
        tgtttbso: 205_000,
      },
    });
  });

  it('issue 25 §2: refuses sums that do not add up, an amount that is not quantity × unit price, a rate outside the list, missing totals', async () => {
    const good = invoice(phoco.vat, {}, MIXED);
    const [phoLine, beerLine] = good.details[0]!.data;
    const withLines = (a: unknown, b: unknown) => ({ details: [{ data: [a, b] }] });
    const lines = 'data.0.details.0.data.0';
    const cases: [Record<string, unknown>, string][] = [
      [{ inv_TotalAmount: 205_001 }, 'data.0.inv_TotalAmount'],
      [{ inv_vatAmount: 16_000, inv_TotalAmount: 204_552 }, 'data.0.inv_vatAmount'],
      [{ inv_TotalAmountWithoutVat: 188_000, inv_TotalAmount: 204_448 }, 'data.0.inv_TotalAmountWithoutVat'],
      // Prices including VAT in the fields read before tax (what D177 sent).
      [withLines({ ...phoLine, inv_unitPrice: 65_000 }, beerLine), `${lines}.inv_TotalAmountWithoutVat`],
      [
        withLines({ ...phoLine, inv_TotalAmountWithoutVat: 120_372, inv_TotalAmount: 130_002 }, beerLine),
        `${lines}.inv_TotalAmountWithoutVat`,
      ],
      [withLines({ ...phoLine, inv_vatAmount: 9_700, inv_TotalAmount: 130_070 }, beerLine), `${lines}.inv_vatAmount`],
      [withLines({ ...phoLine, inv_TotalAmount: 130_100 }, beerLine), `${lines}.inv_TotalAmount`],
      [withLines({ ...phoLine, ma_thue: '7' }, beerLine), `${lines}.ma_thue`],
      [withLines({ ...phoLine, ma_thue: '8%' }, beerLine), `${lines}.ma_thue`],
      [withLines({ ...phoLine, ma_thue: undefined }, beerLine), `${lines}.ma_thue`],
      [withLines({ ...phoLine, inv_discountAmount: 5_000 }, beerLine), `${lines}.inv_discountAmount`],
      [{ inv_TotalAmountWithoutVat: undefined }, 'data.0.inv_TotalAmountWithoutVat'],
      [{ inv_vatAmount: undefined }, 'data.0.inv_vatAmount'],
      [{ key_api: undefined }, 'data.0.key_api'],
      [{ inv_invoiceIssuedDate: undefined }, 'data.0.inv_invoiceIssuedDate'],
      [{ inv_invoiceIssuedDate: '31/12/2026' }, 'data.0.inv_invoiceIssuedDate'],
    ];
    const before = (await save(phoco, invoice(phoco.vat))).body.data.shdon as number;
    for (const [over, field] of cases) {
      const res = await save(phoco, { ...good, key_api: `DH-bad-${randomUUID()}`, ...over });
      expect(res.status, field).toBe(200);
      expect(res.body, field).toMatchObject({ code: MI_CODES.INVALID, errors: [field] });
    }
    expect((await save(phoco, invoice(phoco.vat))).body.data.shdon).toBe(before + 1);
  });

  it('issue 25 §2: the lower-case body of D233 (khieu, sdhang, dgia, tsuat…) is refused: an adapter sending the old shape fails (D259)', async () => {
    const old = {
      khieu: phoco.vat,
      sdhang: `DH-old-${randomUUID()}`,
      htttoan: 'TM',
      tnmua: 'Khách lẻ',
      details: [{ data: [{ stt: 1, ten: 'Bia Hà Nội', sluong: 1, dgia: 22_727, thtien: 22_727, tsuat: '10%', tthue: 2_273 }] }],
      tgtcthue: 22_727,
      tgtthue: 2_273,
      tgtttbso: 25_000,
    };
    const res = await save(phoco, old);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(MI_CODES.INVALID);
    expect(res.body.errors).toEqual(
      expect.arrayContaining(['data.0.inv_invoiceSeries', 'data.0.key_api', 'data.0.details.0.data.0.inv_itemName']),
    );
    expect(res.body.data).toBeUndefined();
  });

  it('issue 25 §2: ma_thue as a number or a string, -1 not subject (KCT) and -2 not declared (KKKNT) at no VAT', async () => {
    const body = invoice(phoco.vat, {}, [
      { ten: 'Rau', dvtinh: 'kg', sluong: 2, dgia: 10_000, tsuat: 'KCT' },
      { ten: 'Phí', dvtinh: 'lần', sluong: 1, dgia: 5_000, tsuat: 'KKKNT' },
      { ten: 'Phở', dvtinh: 'bát', sluong: 1, dgia: 50_000, tsuat: '8%' },
    ]);
    const lines = body.details[0]!.data;
    lines[2] = { ...lines[2]!, ma_thue: 8 as unknown as string };
    const res = await save(phoco, body);
    expect(res.body).toMatchObject({
      code: '00',
      data: {
        thue_suat: expect.arrayContaining([
          { tsuat: 'KCT', thtien: 20_000, tthue: 0 },
          { tsuat: 'KKKNT', thtien: 5_000, tthue: 0 },
        ]),
      },
    });
    expect(res.body.data.details[0].data.map((l: { tsuat: string }) => l.tsuat)).toEqual(['KCT', 'KKKNT', '8%']);
  });

  it('issue 25 §3, §4: the invoice carries inv_invoiceIssuedDate; refused after today, before the series’ latest invoice, or on a symbol of another year (D261)', async () => {
    const m = (await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } })).body;
    const own = await seller(`phoco-${m.alias}-m-invoice`, PHOCO_TAX);
    const day = (offset: number) => new Date(Date.parse(`${today}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const tomorrow = await save(own, invoice(own.vat, { inv_invoiceIssuedDate: day(1) }));
    expect(tomorrow.body).toMatchObject({ code: MI_CODES.INVALID, errors: ['data.0.inv_invoiceIssuedDate'] });
    const yesterday = await save(own, invoice(own.vat, { inv_invoiceIssuedDate: day(-1) }));
    if (day(-1).slice(2, 4) === today.slice(2, 4)) {
      expect(yesterday.body).toMatchObject({ code: '00', data: { nlap: day(-1), inv_invoiceIssuedDate: `${day(-1)}T00:00:00` } });
      const made = await save(own, invoice(own.vat));
      expect(made.body.data.nlap).toBe(today);
      // Numbers and dates rise together in a series (Decree 123 art. 10).
      const back = await save(own, invoice(own.vat, { inv_invoiceIssuedDate: day(-1) }));
      expect(back.body).toMatchObject({ code: MI_CODES.INVALID, errors: ['data.0.inv_invoiceIssuedDate'] });
      // A repeat of the key answers its invoice, whatever the date.
      const again = await save(own, { ...invoice(own.vat), key_api: yesterday.body.data.key_api, inv_invoiceIssuedDate: day(-1) });
      expect(again.body).toMatchObject({ code: MI_CODES.DUPLICATE, data: { hoadon68_id: yesterday.body.data.hoadon68_id } });
    } else {
      // 1 January: yesterday is last year's, not on this year's symbol.
      expect(yesterday.body).toMatchObject({ code: MI_CODES.INVALID, errors: ['data.0.inv_invoiceSeries'] });
    }
    // A date of another year than the symbol's: a year back, on this year's symbol.
    const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`.replace(/-02-29$/, '-02-28');
    const m2 = (await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } })).body;
    const fresh = await seller(`phoco-${m2.alias}-m-invoice`, PHOCO_TAX);
    const wrongYear = await save(fresh, invoice(fresh.vat, { inv_invoiceIssuedDate: lastYear }));
    expect(wrongYear.body).toMatchObject({ code: MI_CODES.INVALID, errors: ['data.0.inv_invoiceSeries'] });
  });

  it('one invoice per key_api: the same key answers 06 with the invoice already made, and numbers have no gaps', async () => {
    const body = invoice(phoco.vat);
    const first = await save(phoco, body);
    const again = await save(phoco, { ...body, inv_buyerDisplayName: 'Someone else' });
    expect(again.body).toMatchObject({
      code: MI_CODES.DUPLICATE,
      data: { hoadon68_id: first.body.data.hoadon68_id, shdon: first.body.data.shdon },
    });
    expect(again.body.data.tnmua).toBe('Khách lẻ');
    const next = await save(phoco, invoice(phoco.vat));
    expect(next.body.data.shdon).toBe(first.body.data.shdon + 1);
  });

  it('signs only an invoice waiting for its signature (doc 2 §4: status 1); macqt arrives after the coding delay', async () => {
    const made = (await save(phoco, invoice(phoco.vat))).body.data;
    const signed = await call('POST', '/api/InvoiceApi78/Sign', phoco, { hoadon68_id: made.hoadon68_id });
    expect(signed.body).toMatchObject({ code: '00', data: { trang_thai: 3, tthai: 'Đã gửi', macqt: null } });
    expect(signed.body.data.ngay_ky).toEqual(expect.any(Number));
    // Sent is not coded yet; a second signature is refused.
    const twice = await call('POST', '/api/InvoiceApi78/Sign', phoco, { hoadon68_id: made.hoadon68_id });
    expect(twice.body).toMatchObject({ code: MI_CODES.SIGN_REFUSED, data: { trang_thai: 3 } });
    expect((await call('GET', `/api/InvoiceApi78/GetInfoInvoice?id=${made.hoadon68_id}`, phoco)).body.data).toMatchObject({
      trang_thai: 3,
      macqt: null,
    });
    await t.api('POST', '/sandbox/clock/advance', { body: { seconds: MI_CODING_DELAY_MS / 1000 } });
    // Two reads settling it at once agree on the code (it is derived, not drawn twice).
    const [coded, twin] = (
      await Promise.all([
        call('GET', `/api/InvoiceApi78/GetInfoInvoice?id=${made.hoadon68_id}`, phoco),
        call('GET', `/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01&den_ngay=2099-12-31&tim_kiem=${made.sobaomat}`, phoco),
      ])
    ).map((res, i) => (i === 0 ? res.body.data : res.body.data[0]));
    expect(twin.macqt).toBe(coded.macqt);
    expect(coded.trang_thai).toBe(4);
    expect(coded.macqt).toMatch(/^00[0-9A-F]{32}$/);
    // The code stays what it was on later reads.
    expect((await call('GET', `/api/InvoiceApi78/GetInfoInvoice?id=${made.hoadon68_id}`, phoco)).body.data.macqt).toBe(coded.macqt);
    const after = await call('POST', '/api/InvoiceApi78/Sign', phoco, { hoadon68_id: made.hoadon68_id });
    expect(after.body).toMatchObject({ code: MI_CODES.SIGN_REFUSED, data: { trang_thai: 4 } });
  });

  it('SaveSign issues signed and sent; signing it again is refused', async () => {
    const made = (await save(phoco, invoice(phoco.vat), true)).body;
    expect(made).toMatchObject({ code: '00', data: { trang_thai: 3 } });
    const sign = await call('POST', '/api/InvoiceApi78/Sign', phoco, { hoadon68_id: made.data.hoadon68_id });
    expect(sign.body.code).toBe(MI_CODES.SIGN_REFUSED);
  });

  it('refuses series that are not the seller’s or not in use, business buyers without a valid tax code, and unknown ids', async () => {
    const yy = phoco.vat.slice(2, 4);
    expect((await save(phoco, invoice(`1K${yy}TMX`))).body.code).toBe(MI_CODES.SERIES_UNKNOWN);
    expect((await save(phoco, invoice(`1C${yy}TMS`))).body.code).toBe(MI_CODES.SERIES_UNKNOWN);
    expect((await save(phoco, invoice(phoco.vat, { inv_buyerLegalName: 'Công ty A', inv_buyerTaxCode: '0100233480' }))).body).toMatchObject(
      {
        code: MI_CODES.TAX_CODE_INVALID,
        errors: ['data.0.inv_buyerTaxCode'],
      },
    );
    const noTax = await save(phoco, invoice(phoco.vat, { inv_buyerLegalName: 'Công ty A' }));
    expect(noTax.body).toMatchObject({ code: MI_CODES.INVALID, errors: ['data.0.inv_buyerTaxCode'] });
    const business = await save(
      phoco,
      invoice(phoco.vat, {
        inv_buyerLegalName: 'CÔNG TY CỔ PHẦN CÔNG NGHỆ SÔNG HỒNG',
        inv_buyerTaxCode: '0105872463',
        inv_buyerDisplayName: 'Lê Hoàng Nam',
      }),
    );
    expect(business.body.data).toMatchObject({ ten: 'CÔNG TY CỔ PHẦN CÔNG NGHỆ SÔNG HỒNG', mst: '0105872463', tnmua: 'Lê Hoàng Nam' });
    // A tax code without a company is a person's own (12 digits): still an individual buyer.
    const person = await save(
      phoco,
      invoice(phoco.vat, {
        inv_buyerDisplayName: 'Nguyễn Văn Khách',
        inv_buyerTaxCode: COLAN_TAX,
        inv_buyerEmail: 'khach@example.vn',
        buyerTel: '0912345678',
        cccdan: '079185001234',
      }),
    );
    expect(person.body.data).toMatchObject({
      tnmua: 'Nguyễn Văn Khách',
      ten: '',
      mst: COLAN_TAX,
      email: 'khach@example.vn',
      sdtnmua: '0912345678',
      cccdan: '079185001234',
    });
    expect((await call('POST', '/api/InvoiceApi78/Sign', phoco, { hoadon68_id: 'nope' })).body.code).toBe(MI_CODES.NOT_FOUND);
    expect((await call('GET', '/api/InvoiceApi78/GetInfoInvoice?id=nope', phoco)).body.code).toBe(MI_CODES.NOT_FOUND);
  });

  it('another seller’s token reaches none of phoco’s invoices (answers as if the id did not exist)', async () => {
    const made = (await save(phoco, invoice(phoco.vat))).body.data;
    const id = made.hoadon68_id;
    for (const res of [
      await call('GET', `/api/InvoiceApi78/GetInfoInvoice?id=${id}`, colan),
      await call('POST', '/api/InvoiceApi78/Sign', colan, { hoadon68_id: id }),
      await call('GET', `/api/InvoiceApi78/PrintInvoice?id=${id}`, colan),
      await call('GET', `/api/InvoiceApi78/ExportXml?id=${id}`, colan),
    ]) {
      expect(res.body).toEqual({ code: MI_CODES.NOT_FOUND, message: expect.any(String) });
    }
    const list = await call('GET', `/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01&den_ngay=2030-12-31&tim_kiem=${made.sobaomat}`, colan);
    expect(list.body).toMatchObject({ code: '00', data: [], total: 0 });
    // And the invoice is still waiting for phoco's own signature.
    expect((await call('GET', `/api/InvoiceApi78/GetInfoInvoice?id=${id}`, phoco)).body.data.trang_thai).toBe(1);
  });
});

describe('the order’s e-invoice code', () => {
  it('macqt::sobaomat::shdon is what the sale service accepts as eiv_code, before and after coding', async () => {
    const portal = (await t.login('phoco', 'Phoco@2026')).access_token;
    const orders = await t.sandbox.db.query<{ invoice_id: number }>(
      `SELECT invoice_id FROM sale_orders WHERE merchant_id = '10000001' AND status = 0 AND eiv_code IS NULL ORDER BY id LIMIT 2`,
    );
    expect(orders).toHaveLength(2);
    const saveCode = (invoiceId: number, eiv: string) =>
      t.api('POST', `/api/sale/invoice/eiv/${invoiceId}`, { token: portal, body: { eiv_code: eiv } });
    const waiting = (await save(phoco, invoice(phoco.vat))).body.data;
    const early = await saveCode(orders[0]!.invoice_id, `${waiting.macqt ?? ''}::${waiting.sobaomat}::${waiting.shdon}`);
    expect(early.status).toBe(200);
    expect(early.body.data).toMatchObject({ cqt_code: null, is_eiv_exported: true });
    const signed = (await save(phoco, invoice(phoco.vat), true)).body.data;
    await t.api('POST', '/sandbox/clock/advance', { body: { seconds: MI_CODING_DELAY_MS / 1000 } });
    const coded = (await call('GET', `/api/InvoiceApi78/GetInfoInvoice?id=${signed.hoadon68_id}`, phoco)).body.data;
    const late = await saveCode(orders[1]!.invoice_id, `${coded.macqt}::${coded.sobaomat}::${coded.shdon}`);
    expect(late.status).toBe(200);
    expect(late.body.data.cqt_code).toBe(coded.macqt);
  });
});
