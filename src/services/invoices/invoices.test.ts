import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../http/client';
import { createInvoicesApi } from './api';

/** A sale client whose every request is recorded and answered by `answer`. */
function recordingClient(answer: (url: string) => { status: number; body: unknown }) {
  const seen: Array<{ url: string; method: string; headers: Headers; body: unknown }> = [];
  const client = createServiceClient({
    service: 'sale',
    baseURL: '/api/sale',
    tokens: { getToken: async () => 'T1', onRejected: async () => null, onUserLocked: () => {} },
    fetch: async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const headers = new Headers(init?.headers);
      seen.push({ url, method: init?.method ?? 'GET', headers, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const { status, body } = answer(url);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  });
  return { client, seen };
}

describe('invoices api (CONTRACT13 /invoice)', () => {
  it('sends the Idempotency-Key header with the counter sale and validates the 201 answer', async () => {
    const { client, seen } = recordingClient(() => ({
      status: 201,
      body: { code: 201, message: 'Created', data: { invoice_id: 5000200, invoice_code: 'HD5000200' } },
    }));
    const api = createInvoicesApi(client);
    const made = await api.create({ products: [{ product_id: 7, amount: 2 }], customer_id: 0, payment_method: 'CASH' }, 'inv-abc');
    expect(made).toEqual({ invoice_id: 5000200, invoice_code: 'HD5000200' });
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers.get('idempotency-key')).toBe('inv-abc');
    expect(seen[0]!.headers.get('accept')).toBe('application/json');
    expect(seen[0]!.body).toEqual({ products: [{ product_id: 7, amount: 2 }], customer_id: 0, payment_method: 'CASH' });
  });

  it('an answer that is not the contract is INVALID_RESPONSE (the form then treats the outcome as unknown)', async () => {
    const { client } = recordingClient(() => ({ status: 201, body: { code: 201, data: { invoice_id: 'x' } } }));
    await expect(createInvoicesApi(client).create({ products: [], customer_id: 0, payment_method: 'QR' }, 'k')).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });
});
