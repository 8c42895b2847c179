// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { orderDetailSchema, orderListSchema, orderSchema } from '../../platform/test/sale-contract';
import { colan, as, sale, products, newOrder, detail, useOrdersFixture } from './orders.fixture';

useOrdersFixture();

describe('an order’s life: selecting → handling → completed', () => {
  it('opens as selecting (2) without a table, confirms to handling (1) once, and refuses every change once paid', async () => {
    const id = await newOrder();
    const opened = await detail(id);
    expect(opened.invoice_data).toMatchObject({
      status: 2,
      payment_status: 0,
      table_id: null,
      customer_id: 0,
      name: 'Khách lẻ',
      total_price: 0,
    });
    expect(opened.invoice_data.invoice_id).not.toBe(id);
    expect(opened.invoice_data.invoice_code).toBe(opened.invoice_data.order_code);
    expect(opened.products_data).toEqual([]);

    const confirmed = await sale('PUT', '/order/confirm', { order_id: id });
    expect(orderSchema.parse(confirmed.body.data).status).toBe(1);
    expect(orderSchema.parse((await sale('PUT', '/order/confirm', { order_id: id })).body.data).status).toBe(1);
    expect(orderSchema.parse((await sale('PUT', `/order/${id}/1`)).body.data).status).toBe(1);
    for (const status of ['0', '2', '7', 'x']) expect((await sale('PUT', `/order/${id}/${status}`)).status, status).toBe(400);

    const [dish] = (await products()).filter((p) => p.status === 0);
    await sale('PUT', '/order/product', { order_id: id, products: [{ product_id: dish!.product_id, amount: 2 }] });
    const invoice = await detail(id);
    const paid = await sale(
      'POST',
      '/payment/cash',
      {
        invoice_id: invoice.invoice_data.invoice_id,
        payment_method: 'CASH',
        receive_amount: 500_000,
        return_amount: 500_000 - invoice.invoice_data.total_price,
      },
      { 'idempotency-key': `life-${id}` },
    );
    expect(paid.status).toBe(200);
    const done = await detail(id);
    expect(done.invoice_data).toMatchObject({ status: 0, payment_status: 1, payment_method: 'CASH', receive_amount: 500_000 });

    for (const [method, path, body] of [
      ['PUT', '/order/confirm', { order_id: id }],
      ['PUT', `/order/${id}/1`, undefined],
      ['PUT', '/order/product', { order_id: id, products: [{ product_id: dish!.product_id, amount: 1 }] }],
      ['PUT', '/order/customer', { order_id: id, customer_id: 0 }],
    ] as const) {
      const res = await sale(method, path, body);
      expect(res.status, path).toBe(409);
      expect(res.body.error_code).toBe('ORDER_COMPLETED');
    }
    expect((await detail(id)).products_data[0]!.amount).toBe(2);
  });

  it('reads the invoice by order id (is_orderid=true) or by invoice id, and refuses what is not an id', async () => {
    const id = await newOrder();
    const byOrder = (await sale('GET', `/invoice/${id}?is_orderid=true`)).body.data;
    const byInvoice = (await sale('GET', `/invoice/${byOrder.invoice_data.invoice_id}`)).body.data;
    expect(orderDetailSchema.parse(byInvoice)).toEqual(orderDetailSchema.parse(byOrder));
    expect((await sale('GET', `/invoice/${id}`)).status).toBe(404);
    expect((await sale('GET', '/order/abc')).status).toBe(400);
    expect((await sale('GET', '/order/99999999999')).status).toBe(400);
    expect((await sale('GET', '/order/2147483647')).status).toBe(404);
  });
});

describe('PUT /order/product (add dishes)', () => {
  it('adds at the catalogue price whatever the client says, and keeps a line’s price when the catalogue changes', async () => {
    const id = await newOrder();
    const [a, b] = (await products()).filter((p) => p.status === 0);
    const res = await sale('PUT', '/order/product', {
      order_id: id,
      products: [
        { product_id: a!.product_id, amount: 2, price: 1 },
        { product_id: b!.product_id, amount: 1, price: 0 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.code).toBe(201);
    const added = orderDetailSchema.parse(res.body.data);
    expect(added.products_data.map((l) => [l.product_id, l.amount, l.price])).toEqual([
      [a!.product_id, 2, a!.price],
      [b!.product_id, 1, b!.price],
    ]);
    expect(added.invoice_data.total_price).toBe(2 * a!.price + b!.price);
    expect(added.invoice_data.product_amount).toBe(3);

    // The catalogue raises a's price: the line keeps the price it was added at.
    const full = (await sale('GET', `/inventory/product/${a!.code}`)).body.data.product;
    const raised = await sale('PUT', `/inventory/product/${a!.code}`, {
      name: full.name,
      code: full.code,
      price: a!.price + 10_000,
      img: full.img,
    });
    expect(raised.status).toBe(200);
    const again = orderDetailSchema.parse(
      (await sale('PUT', '/order/product', { order_id: id, products: [{ product_id: a!.product_id, amount: 1 }] })).body.data,
    );
    expect(again.products_data.find((l) => l.product_id === a!.product_id)).toMatchObject({ amount: 3, price: a!.price });
    expect(again.invoice_data.total_price).toBe(3 * a!.price + b!.price);
    // Confirm is not required first: the portal confirms, then adds (doc 2 §4), but the service accepts either order.
    expect(again.invoice_data.status).toBe(2);
  });

  it('refuses products not on sale (out of stock, closed, another merchant’s, missing) with PRODUCT_NOT_AVAILABLE {product_id}', async () => {
    const id = await newOrder();
    const mine = await products();
    const notOnSale = mine.find((p) => p.status !== 0)!;
    const theirs = (await products(colan))[0]!;
    for (const productId of [notOnSale.product_id, theirs.product_id, 2_000_000_000]) {
      const res = await sale('PUT', '/order/product', { order_id: id, products: [{ product_id: productId, amount: 1 }] });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error_code: 'PRODUCT_NOT_AVAILABLE', data: { product_id: productId } });
    }
    expect((await detail(id)).products_data).toEqual([]);
  });

  it('checks every field: REQUIRED for what is missing, BAD_REQUEST {field} for what is out of range', async () => {
    const id = await newOrder();
    const dish = (await products()).find((p) => p.status === 0)!;
    const line = (amount: unknown) => ({ order_id: id, products: [{ product_id: dish.product_id, amount }] });
    for (const [body, code, field] of [
      [{ products: [{ product_id: dish.product_id, amount: 1 }] }, 'REQUIRED', 'order_id'],
      [{ order_id: String(id), products: [] }, 'REQUIRED', 'order_id'],
      [{ order_id: id }, 'REQUIRED', 'products'],
      [{ order_id: id, products: [] }, 'REQUIRED', 'products'],
      [{ order_id: id, products: 'PC001' }, 'REQUIRED', 'products'],
      [{ order_id: id, products: [{ amount: 1 }] }, 'REQUIRED', 'product_id'],
      [line(0), 'BAD_REQUEST', 'amount'],
      [line(1000), 'BAD_REQUEST', 'amount'],
      [line(1.5), 'BAD_REQUEST', 'amount'],
      [line('2'), 'BAD_REQUEST', 'amount'],
      [line(null), 'BAD_REQUEST', 'amount'],
      [
        { order_id: id, products: Array.from({ length: 101 }, () => ({ product_id: dish.product_id, amount: 1 })) },
        'BAD_REQUEST',
        'products',
      ],
    ] as const) {
      const res = await sale('PUT', '/order/product', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error_code).toBe(code);
      const data = res.body.data as { field?: string; fields?: string[] };
      expect(data.field ?? data.fields?.[0]).toBe(field);
    }
    expect(
      (await sale('PUT', '/order/product', { order_id: 2_000_000_000, products: [{ product_id: dish.product_id, amount: 1 }] })).status,
    ).toBe(404);
  });

  it('with an Idempotency-Key adds once however often it is sent; the key with another body is refused', async () => {
    const id = await newOrder();
    const dish = (await products()).find((p) => p.status === 0)!;
    const body = { order_id: id, products: [{ product_id: dish.product_id, amount: 2 }] };
    const headers = { 'idempotency-key': `add-${id}` };
    const answers = await Promise.all(Array.from({ length: 5 }, () => sale('PUT', '/order/product', body, headers)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    expect((await detail(id)).products_data[0]!.amount).toBe(2);
    const reused = await sale('PUT', '/order/product', { ...body, products: [{ product_id: dish.product_id, amount: 3 }] }, headers);
    expect(reused.status).toBe(422);
    expect(reused.body.error_code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await sale('PUT', '/order/product', body, { 'idempotency-key': 'has space' })).status).toBe(400);
    expect((await sale('PUT', '/order/product', body, { 'idempotency-key': 'k'.repeat(256) })).status).toBe(400);
  });
});

describe('PUT /order/customer', () => {
  it('attaches one of the merchant’s customers (0 = walk-in); another merchant’s is 404', async () => {
    const id = await newOrder();
    const customer = (await sale('GET', '/customer?page_size=1')).body.data.customers[0];
    const attached = orderSchema.parse(
      (await sale('PUT', '/order/customer', { order_id: id, customer_id: customer.customer_id })).body.data,
    );
    expect(attached).toMatchObject({ customer_id: customer.customer_id, name: customer.name, phone_number: customer.phone_number });
    const found = orderListSchema.parse((await sale('GET', `/order?q=${encodeURIComponent(customer.phone_number)}&page_size=10000`)).body);
    expect(found.data.map((o) => o.order_id)).toContain(id);
    const back = orderSchema.parse((await sale('PUT', '/order/customer', { order_id: id, customer_id: 0 })).body.data);
    expect(back).toMatchObject({ customer_id: 0, name: 'Khách lẻ', phone_number: null });
    const theirs = await as(colan)('GET', '/customer?page_size=1');
    const theirId = theirs.body.data.customers[0].customer_id;
    expect((await sale('PUT', '/order/customer', { order_id: id, customer_id: theirId })).status).toBe(404);
    expect((await sale('PUT', '/order/customer', { order_id: id, customer_id: -1 })).body.error_code).toBe('REQUIRED');
  });
});
