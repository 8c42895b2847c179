// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { errorSchema, orderListSchema } from '../../platform/test/sale-contract';
import { colan, as, sale, detail, useOrdersFixture } from './orders.fixture';

useOrdersFixture();

describe('seed', () => {
  it('phoco has 150 completed orders over 30 days with every method and source, and the evening’s open bills', async () => {
    const all = orderListSchema.parse((await sale('GET', '/order?page_size=10000')).body);
    const done = all.data.filter((o) => o.status === 0);
    expect(done.length).toBe(152);
    expect(new Set(done.map((o) => o.payment_method))).toEqual(new Set(['QR', 'CASH', 'CARD', 'LINK']));
    expect(new Set(all.data.map((o) => o.source))).toEqual(new Set(['WEBSITE', 'KIOSK', 'MOBILE', 'IN_STORE', 'CALL_CENTER']));
    const open = all.data.filter((o) => o.status !== 0).map((o) => [o.order_code.slice(-2), o.status, o.table_name]);
    expect(open.sort()).toEqual([
      ['01', 2, 'Bàn 1'],
      ['02', 1, 'Bàn 4'],
      ['03', 1, 'Bàn 8'],
      ['06', 2, 'Bàn 10'],
    ]);
    const ages = done.map((o) => o.created_at);
    const now = Math.floor(Date.now() / 1000);
    expect(Math.min(...ages)).toBeGreaterThan(now - 31 * 86_400);
    expect(Math.min(...ages)).toBeLessThan(now - 28 * 86_400);
    // Every completed order is paid, with its lines' total, and cash carries the change.
    for (const o of done) {
      expect(o.payment_status).toBe(1);
      if (o.payment_method === 'CASH') expect(o.receive_amount - o.return_amount).toBe(o.total_price);
    }
    const one = await detail(done[0]!.order_id);
    expect(one.products_data.reduce((s, l) => s + l.price * l.amount, 0)).toBe(one.invoice_data.total_price);
    expect(one.invoice_data.product_amount).toBe(one.products_data.reduce((s, l) => s + l.amount, 0));
    expect(done.some((o) => o.customer_id !== 0 && o.name !== 'Khách lẻ' && o.phone_number)).toBe(true);
    expect(done.some((o) => o.is_eiv_exported && o.cqt_code && o.eiv_code?.startsWith(`${o.cqt_code}::`))).toBe(true);
  });

  it('colan has 300 completed counter orders without tables', async () => {
    const all = orderListSchema.parse((await as(colan)('GET', '/order?page_size=10000')).body);
    expect(all.total_count).toBe(300);
    expect(all.data.every((o) => o.status === 0 && o.table_id === null && o.table_name === null)).toBe(true);
  });
});

describe('GET /order (list)', () => {
  it('pages newest change first, with the contract envelope', async () => {
    const first = orderListSchema.parse((await sale('GET', '/order?page=1&page_size=5')).body);
    const second = orderListSchema.parse((await sale('GET', '/order?page=2&page_size=5')).body);
    expect(first.data).toHaveLength(5);
    expect(first.total_page).toBe(Math.ceil(first.total_count / 5));
    const times = [...first.data, ...second.data].map((o) => o.updated_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set([...first.data, ...second.data].map((o) => o.order_id)).size).toBe(10);
  });

  it('filters by status, e-invoice, source and creation time', async () => {
    for (const status of [0, 1, 2]) {
      const list = orderListSchema.parse((await sale('GET', `/order?order_status=${status}&page_size=10000`)).body);
      expect(list.data.length).toBeGreaterThan(0);
      expect(list.data.every((o) => o.status === status)).toBe(true);
    }
    const exported = orderListSchema.parse((await sale('GET', '/order?is_eiv_exported=1&page_size=10000')).body);
    expect(exported.data.length).toBeGreaterThan(0);
    expect(exported.data.every((o) => o.is_eiv_exported)).toBe(true);
    const kiosk = orderListSchema.parse((await sale('GET', '/order?source=KIOSK&page_size=10000')).body);
    expect(kiosk.data.length).toBeGreaterThan(0);
    expect(kiosk.data.every((o) => o.source === 'KIOSK')).toBe(true);
    const now = Math.floor(Date.now() / 1000);
    const week = orderListSchema.parse((await sale('GET', `/order?from=${now - 7 * 86_400}&to=${now + 60}&page_size=10000`)).body);
    const all = orderListSchema.parse((await sale('GET', '/order?page_size=10000')).body);
    expect(week.data.every((o) => o.created_at >= now - 7 * 86_400)).toBe(true);
    expect(week.total_count).toBe(all.data.filter((o) => o.created_at >= now - 7 * 86_400 && o.created_at <= now + 60).length);
  });

  it('searches code, table, customer name and phone ignoring case and accents', async () => {
    const all = orderListSchema.parse((await sale('GET', '/order?page_size=10000')).body).data;
    const q = async (text: string) =>
      orderListSchema.parse((await sale('GET', `/order?page_size=10000&q=${encodeURIComponent(text)}`)).body).data;
    const bill = all.find((o) => o.table_name === 'Bàn 4' && o.status === 1)!;
    expect((await q('ban 4')).map((o) => o.order_id)).toContain(bill.order_id);
    expect((await q('BÀN 4')).map((o) => o.order_id)).toContain(bill.order_id);
    // Every word must match: a table of another name and number is left out.
    expect((await q('sân vườn 4')).map((o) => o.order_id)).not.toContain(bill.order_id);
    expect((await q(bill.order_code.toLowerCase())).map((o) => o.order_id)).toEqual([bill.order_id]);
    const withCustomer = all.find((o) => o.customer_id !== 0)!;
    const plainName = withCustomer.name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D');
    expect((await q(plainName.toUpperCase())).map((o) => o.order_id)).toContain(withCustomer.order_id);
    expect((await q(withCustomer.phone_number!)).map((o) => o.order_id)).toContain(withCustomer.order_id);
    // LIKE's wildcards are plain characters.
    expect(await q('%')).toEqual([]);
    expect(await q('_')).toEqual([]);
  });

  it('refuses bad paging and filters with 400 BAD_REQUEST {field}', async () => {
    for (const [query, field] of [
      ['page_size=10001', 'page_size'],
      ['page_size=0', 'page_size'],
      ['page=-1', 'page'],
      ['order_status=4', 'order_status'],
      ['is_eiv_exported=true', 'is_eiv_exported'],
      ['source=SHOP', 'source'],
      ['from=yesterday', 'from'],
      ['from=200&to=100', 'from'],
      [`q=${'a'.repeat(101)}`, 'q'],
    ] as const) {
      const res = await sale('GET', `/order?${query}`);
      expect(res.status, query).toBe(400);
      expect(errorSchema.parse(res.body)).toMatchObject({ error_code: 'BAD_REQUEST', data: { field } });
    }
  });

  it('survives hostile search text', async () => {
    for (const text of ['<script>alert(1)</script>', "'; DROP TABLE sale_orders; --", '😀🍜', 'a\u0000b', '\\', 'ư'.repeat(100)]) {
      const res = await sale('GET', `/order?q=${encodeURIComponent(text)}`);
      expect([200, 400], text).toContain(res.status);
      if (res.status === 200) orderListSchema.parse(res.body);
    }
    expect((await sale('GET', '/order?q=a&q=b')).status).toBe(400);
  });
});
