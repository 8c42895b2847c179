// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { orderDetailSchema } from '../../platform/test/sale-contract';

// D226: an order line keeps the VAT tax class its product had when the line was added,
// as it keeps the price, so a later edit of the product never changes a past sale's VAT.

let t: TestSandbox;
let token: string;

beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
  const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
  token = (await t.login(made.body.username, made.body.password)).access_token;
});
afterAll(() => t.close());

const sale = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.api(method, `/api/sale${path}`, { token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });

async function product(name: string): Promise<{ product_id: number; code: string; price: number; tax_class: string }> {
  const res = await sale('GET', `/inventory/product?q=${encodeURIComponent(name)}&page_size=100`);
  return res.body.data.find((p: { name: string }) => p.name === name);
}
const setClass = (p: { code: string; price: number }, name: string, taxClass: string) =>
  sale('PUT', `/inventory/product/${p.code}`, { name, price: p.price, tax_class: taxClass });

describe('issue 25 §1, D226: order lines carry the tax class of the sale', () => {
  it('a line added to an order keeps its class when the product is reclassified; a line added after takes the new one', async () => {
    const beer = await product('Bia Hà Nội');
    const pho = await product('Phở bò tái');
    expect([beer.tax_class, pho.tax_class]).toEqual(['STANDARD', 'REDUCED_ELIGIBLE']);
    const order = (await sale('POST', '/order', { table_id: null })).body.data.order_id as number;
    const added = await sale('PUT', '/order/product', {
      order_id: order,
      products: [
        { product_id: beer.product_id, amount: 2 },
        { product_id: pho.product_id, amount: 1 },
      ],
    });
    expect(added.status).toBe(201);
    const lines = orderDetailSchema.parse(added.body.data).products_data;
    expect(lines.map((l) => [l.code, l.tax_class])).toEqual([
      [beer.code, 'STANDARD'],
      [pho.code, 'REDUCED_ELIGIBLE'],
    ]);

    // The product is reclassified; the order's lines are not, even when more of the same is added.
    expect((await setClass(beer, 'Bia Hà Nội', 'REDUCED_ELIGIBLE')).status).toBe(200);
    expect((await setClass(pho, 'Phở bò tái', 'FIVE')).status).toBe(200);
    const more = await sale('PUT', '/order/product', { order_id: order, products: [{ product_id: beer.product_id, amount: 1 }] });
    const after = orderDetailSchema.parse(more.body.data).products_data;
    expect(after.map((l) => [l.code, l.amount, l.tax_class])).toEqual([
      [beer.code, 3, 'STANDARD'],
      [pho.code, 1, 'REDUCED_ELIGIBLE'],
    ]);
    expect(orderDetailSchema.parse((await sale('GET', `/order/${order}`)).body.data).products_data.map((l) => l.tax_class)).toEqual([
      'STANDARD',
      'REDUCED_ELIGIBLE',
    ]);

    // A new order takes the class the products have now.
    const next = (await sale('POST', '/order', { table_id: null })).body.data.order_id as number;
    const fresh = await sale('PUT', '/order/product', { order_id: next, products: [{ product_id: beer.product_id, amount: 1 }] });
    expect(orderDetailSchema.parse(fresh.body.data).products_data[0]!.tax_class).toBe('REDUCED_ELIGIBLE');
    await setClass(beer, 'Bia Hà Nội', 'STANDARD');
    await setClass(pho, 'Phở bò tái', 'REDUCED_ELIGIBLE');
  });

  it('a counter sale (POST /invoice, another area) and the seeded orders carry their products’ classes too', async () => {
    const beer = await product('Bia Hà Nội');
    const made = await sale(
      'POST',
      '/invoice',
      { products: [{ product_id: beer.product_id, amount: 1 }], payment_method: 'CASH' },
      { 'Idempotency-Key': 'tax-class-1' },
    );
    expect(made.status).toBe(201);
    const lines = orderDetailSchema.parse((await sale('GET', `/invoice/${made.body.data.invoice_id}`)).body.data).products_data;
    expect(lines.map((l) => l.tax_class)).toEqual(['STANDARD']);

    const orders = (await sale('GET', '/order?page_size=10000')).body.data as { order_id: number }[];
    const classes = new Map<string, string>();
    for (const o of orders.slice(0, 40)) {
      for (const l of orderDetailSchema.parse((await sale('GET', `/order/${o.order_id}`)).body.data).products_data)
        classes.set(l.name, l.tax_class);
    }
    for (const [name, taxClass] of classes) {
      expect(taxClass, name).toBe(name === 'Bia Hà Nội' ? 'STANDARD' : name === 'Coca-Cola' ? 'SUGARY_DRINK' : 'REDUCED_ELIGIBLE');
    }
  });
});
