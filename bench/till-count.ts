import type { IntendedOrder } from './till-cashier';

/**
 * The outage bench's count, made on the sale service (its API, signed in as the merchant's owner),
 * never from what the till showed: every order the merchant got after the bench began, its lines
 * and notes, and its invoice's payments.
 *
 * An intended order is recognised by its tag, the kitchen note "bench <run> #<n>" the cashier typed
 * on its first line (D358): the note travels with the dishes (D333) and no other order of the run
 * carries the same one. An order counts as made when an order with its tag exists; as paid when one
 * of those orders has a successful cash payment. Duplicates are everything beyond one: a second
 * order with the same tag, a second successful payment for the same intended order, a line with
 * more of a dish than the cashier tapped (a replayed "add dishes"). Lost is an intended order
 * without its order or without its payment.
 */

interface OrderRow {
  order_id: number;
}
interface OrderDetail {
  invoice_data: { order_id: number; invoice_id: number; status: number };
  products_data: Array<{ name: string; amount: number; note: string | null }>;
}
interface PaymentRow {
  method: string;
  status: string;
}

export interface ServiceCount {
  orders: number;
  payments: number;
  duplicates: number;
  duplicateOrders: number;
  duplicatePayments: number;
  doubledLines: number;
  lost: number;
  /** Tagged orders whose dishes differ from what was tapped (fewer, or others). */
  wrongDishes: number;
  /** Bills the run opened that carry no tag (opened, then the dishes never arrived). */
  untagged: number;
  /** The tags of the first few orders that are lost or differ, to look them up. */
  examples: string[];
}

export class SaleApi {
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}

  static async signIn(base: string, creds: { username: string; password: string }): Promise<SaleApi> {
    const res = await fetch(`${base}/api/portal/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(creds),
    });
    const body = (await res.json()) as { data?: { access_token?: string } };
    if (!res.ok || !body.data?.access_token) throw new Error(`sign-in of ${creds.username} → HTTP ${res.status}`);
    return new SaleApi(base, body.data.access_token);
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}/api/sale${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} /api/sale${path} → HTTP ${res.status}: ${text.slice(0, 300)}`);
    return (JSON.parse(text) as { data: T }).data;
  }

  /** The highest order id the merchant has, so the count takes only what came after. */
  async lastOrderId(): Promise<number> {
    const rows = await this.call<OrderRow[]>('GET', '/order?page_size=10000');
    return rows.reduce((max, row) => Math.max(max, row.order_id), 0);
  }

  async ordersAfter(baseline: number): Promise<OrderDetail[]> {
    const rows = (await this.call<OrderRow[]>('GET', '/order?page_size=10000')).filter((row) => row.order_id > baseline);
    const details: OrderDetail[] = [];
    for (const row of rows) details.push(await this.call<OrderDetail>('GET', `/order/${row.order_id}`));
    return details;
  }

  async cashPaid(invoiceId: number): Promise<number> {
    const rows = await this.call<PaymentRow[]>('GET', `/payment?invoice_id=${invoiceId}`);
    return rows.filter((p) => p.method === 'CASH' && p.status === 'SUCCESS').length;
  }
}

const amountsOf = (lines: ReadonlyArray<{ name: string; amount: number }>) => {
  const map = new Map<string, number>();
  for (const line of lines) map.set(line.name, (map.get(line.name) ?? 0) + line.amount);
  return map;
};

/** Lines with more of a dish than intended, and whether anything else differs. */
function compareLines(intended: IntendedOrder, got: OrderDetail['products_data']): { doubled: number; wrong: boolean } {
  const want = amountsOf(intended.lines);
  const have = amountsOf(got);
  let doubled = 0;
  let wrong = have.size !== want.size;
  for (const [name, amount] of have) {
    const expected = want.get(name) ?? 0;
    if (amount > expected && expected > 0) doubled += 1;
    if (amount !== expected) wrong = true;
  }
  return { doubled, wrong };
}

export async function countOnService(api: SaleApi, baseline: number, intended: readonly IntendedOrder[]): Promise<ServiceCount> {
  const byTag = new Map<string, OrderDetail[]>();
  const tags = new Set(intended.map((o) => o.tag));
  let untagged = 0;
  for (const detail of await api.ordersAfter(baseline)) {
    const tag = detail.products_data.map((line) => line.note ?? '').find((note) => tags.has(note));
    if (!tag) {
      untagged += 1;
      continue;
    }
    byTag.set(tag, [...(byTag.get(tag) ?? []), detail]);
  }
  const count: ServiceCount = {
    orders: 0,
    payments: 0,
    duplicates: 0,
    duplicateOrders: 0,
    duplicatePayments: 0,
    doubledLines: 0,
    lost: 0,
    wrongDishes: 0,
    untagged,
    examples: [],
  };
  for (const order of intended) {
    const found = byTag.get(order.tag) ?? [];
    let paid = 0;
    for (const detail of found) {
      paid += await api.cashPaid(detail.invoice_data.invoice_id);
      const { doubled, wrong } = compareLines(order, detail.products_data);
      count.doubledLines += doubled;
      if (wrong && doubled === 0) count.wrongDishes += 1;
    }
    if (found.length > 0) count.orders += 1;
    if (paid > 0) count.payments += 1;
    count.duplicateOrders += Math.max(0, found.length - 1);
    count.duplicatePayments += Math.max(0, paid - 1);
    if (found.length === 0 || paid === 0) count.lost += 1;
    const odd = found.length !== 1 || paid !== 1 || found.some((detail) => compareLines(order, detail.products_data).wrong);
    if (odd && count.examples.length < 5)
      count.examples.push(
        `${order.tag} (tapped ${order.lines.map((l) => `${l.name} ×${l.amount}`).join(' + ')}): ${found.length} orders, ${paid} cash payments, dishes ${found.map((d) => d.products_data.map((l) => `${l.name} ×${l.amount}`).join(' + ')).join(' | ') || 'none'}`,
      );
  }
  count.duplicates = count.duplicateOrders + count.duplicatePayments + count.doubledLines;
  return count;
}
