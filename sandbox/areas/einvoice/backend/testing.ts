/**
 * Test fixtures of the e-invoice backend's tests (only *.test.ts import this): throwaway merchant
 * copies, a staff sign-in, the portal's calls, and an invoice issued straight into the store.
 */
import type { TestSandbox } from '../../../platform/test/harness';
import { issueInvoice } from '../core/store';
import type { ProviderRoute } from '../core/types';
import { vnDay } from '../core/vat';

export interface Merchant {
  id: string;
  alias: string;
  template: string;
  token: string;
  /** The provider user name of this copy. */
  user(provider: ProviderRoute): string;
}

/** The fixtures on the sandbox `sandbox()` answers (booted in the test file's beforeAll). */
export function backendFixtures(sandbox: () => TestSandbox) {
  async function copyOf(template: 'phoco' | 'colan' = 'phoco'): Promise<Merchant> {
    const made = (await sandbox().api('POST', '/sandbox/merchants', { body: { template } })).body;
    const { access_token } = await sandbox().login(made.username, made.password);
    return {
      id: made.merchant_id,
      alias: made.alias,
      template,
      token: access_token,
      user: (provider) => `${template}-${made.alias}-${provider}`,
    };
  }

  /** A staff sign-in of that merchant (POST /sandbox/users). */
  async function staffOf(m: Merchant): Promise<string> {
    const username = `staff${Math.random().toString(36).slice(2, 10)}`;
    const res = await sandbox().api('POST', '/sandbox/users', {
      body: { username, password: 'Staff@2026x', email: `${username}@example.test`, merchant: m.id, role: 'Staff' },
    });
    if (res.status !== 201) throw new Error(`POST /sandbox/users → ${res.status}`);
    return (await sandbox().login(username, 'Staff@2026x')).access_token;
  }

  const portal = (token: string, method: string, path: string, body?: unknown) =>
    sandbox().api(method, `/api/portal${path}`, { token, ...(body !== undefined ? { body } : {}) });

  async function completedOrder(merchantId: string) {
    const [order] = await sandbox().sandbox.db.query<{ id: number; invoice_id: number }>(
      `SELECT id, invoice_id FROM sale_orders WHERE merchant_id = $1 AND status = 0 AND eiv_code IS NULL ORDER BY id LIMIT 1`,
      [merchantId],
    );
    return order!;
  }
  async function issued(merchantId: string, ref: string, cqtCode: string | null = 'M1-26-AB12C-00000001') {
    const { invoice } = await issueInvoice(
      sandbox().sandbox.db,
      {
        merchantId,
        provider: 'm-invoice',
        templateCode: '1',
        // The symbol of this year: the core refuses a series of another year than the invoice's (D229).
        series: `C${vnDay(Date.now()).slice(2, 4)}TMV`,
        issuedAt: Date.now(),
        buyer: { isIndividual: true, name: 'Khách lẻ' },
        lines: [{ name: 'Phở', quantity: 1, unitPrice: 60_185, amount: 60_185, rate: '8%', vat: 4_815 }],
        paymentMethod: 'TM',
        clientRef: ref,
      },
      { status: 0, cqtCode, now: Date.now() },
    );
    return invoice;
  }

  return { copyOf, staffOf, portal, completedOrder, issued };
}
