// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { orderDetailSchema } from '../../platform/test/sale-contract';
import { sale, products, newOrder, detail, useOrdersFixture } from './orders.fixture';

useOrdersFixture();

const put = (orderId: number, lines: unknown[]) => sale('PUT', '/order/product', { order_id: orderId, products: lines });

describe('a note per order line (D333)', () => {
  it('issue 28 §1: a line keeps the latest note sent with its dish, trimmed, and a send without one leaves it', async () => {
    const id = await newOrder();
    const [a, b] = (await products()).filter((p) => p.status === 0);
    expect(
      (
        await put(id, [
          { product_id: a!.product_id, amount: 1, note: '  ít đá <b>nhé</b> ' },
          { product_id: b!.product_id, amount: 2 },
        ])
      ).status,
    ).toBe(201);
    const first = orderDetailSchema.parse(await detail(id));
    expect(first.products_data.map((l) => [l.product_id, l.note])).toEqual([
      [a!.product_id, 'ít đá <b>nhé</b>'],
      [b!.product_id, null],
    ]);
    await put(id, [{ product_id: a!.product_id, amount: 1 }]);
    await put(id, [{ product_id: b!.product_id, amount: 1, note: 'không hành' }]);
    const second = orderDetailSchema.parse(await detail(id));
    expect(second.products_data.map((l) => [l.amount, l.note])).toEqual([
      [2, 'ít đá <b>nhé</b>'],
      [3, 'không hành'],
    ]);
    await put(id, [{ product_id: a!.product_id, amount: 1, note: 'nhiều đá' }]);
    expect((await detail(id)).products_data[0]).toMatchObject({ amount: 3, note: 'nhiều đá' });
  });

  it('refuses a note that is not text or is longer than 100 characters, and reads a blank one as none', async () => {
    const id = await newOrder();
    const [a] = (await products()).filter((p) => p.status === 0);
    for (const note of ['x'.repeat(101), 42, { text: 'a' }]) {
      const res = await put(id, [{ product_id: a!.product_id, amount: 1, note }]);
      expect(res.status, JSON.stringify(note)).toBe(400);
      expect(res.body.data.field).toBe('note');
    }
    expect((await detail(id)).products_data).toEqual([]);
    expect((await put(id, [{ product_id: a!.product_id, amount: 1, note: 'đ'.repeat(100) }])).status).toBe(201);
    expect((await put(id, [{ product_id: a!.product_id, amount: 1, note: ' \u200b ' }])).status).toBe(201);
    expect((await detail(id)).products_data[0]).toMatchObject({ amount: 2, note: 'đ'.repeat(100) });
  });
});
