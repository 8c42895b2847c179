import { resetSandboxClockAroundTests } from '../support/clock';
import { P } from '../support/env';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { portalApi, pdfText, setUpEinvoice, type PortalApi } from '../support/einvoice';
import type { Lang } from '../support/i18n';
import { EinvoiceListPage } from '../pages/einvoice-list';

// A restaurant evening that straddles midnight on 31 December 2026, with auto
// export on, ends with one correct invoice per paid order at the right rates and dates. The sale
// service issues each invoice at the payment (D248–D251), dated at it where the provider
// takes a date (D254), on the saved symbol for that date's year (C26… then C27…, D253, D254), with
// the rates in force on its Vietnam day (D226): 8 % on food and 10 % on beer at 23:59, 10 % on both
// at 00:01. The sandbox's clock and the browser's both stand at that night.

resetSandboxClockAroundTests();

const LAST_MINUTE = Date.parse('2026-12-31T23:59:00+07:00');
const FIRST_MINUTE = Date.parse('2027-01-01T00:01:00+07:00');

interface Product {
  product_id: number;
  name: string;
  price: number;
  tax_class: string;
}

/** Back as well as forward: once the real date is past that night, the evening is replayed on it. */
async function moveClockTo(sandbox: { now(): Promise<number>; advanceClock(s: number): Promise<unknown> }, at: number) {
  const now = await sandbox.now();
  if (now !== at) await sandbox.advanceClock(Math.ceil((at - now) / 1000));
}

/** An order of 2 × phở (8 % until the end of 2026) and 3 × beer (always 10 %), paid in cash; answers its id and code. */
async function paidOrder(api: PortalApi, dishes: { food: Product; beer: Product }): Promise<{ id: number; code: string; total: number }> {
  const sale = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    api.request(method, `/api/sale${path}`, { ...(body === undefined ? {} : { body }), ...(headers ? { headers } : {}) });
  const id = (await sale('POST', '/order', { table_id: null })).body.data.order_id as number;
  await sale('PUT', '/order/confirm', { order_id: id });
  const added = await sale('PUT', '/order/product', {
    order_id: id,
    products: [
      { product_id: dishes.food.product_id, amount: 2 },
      { product_id: dishes.beer.product_id, amount: 3 },
    ],
  });
  expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
  const order = added.body.data.invoice_data as { invoice_id: number; order_code: string; total_price: number };
  const paid = await sale(
    'POST',
    '/payment/cash',
    { invoice_id: order.invoice_id, payment_method: 'CASH', receive_amount: order.total_price, return_amount: 0 },
    { 'idempotency-key': `new-year-${id}` },
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { id, code: order.order_code, total: order.total_price };
}

/** The order's auto-export job once it has ended (issued or failed). */
async function jobOf(api: PortalApi, id: number): Promise<{ state: string; serial: string | null }> {
  let job: { state: string; serial: string | null } = { state: 'QUEUED', serial: null };
  await expect
    .poll(
      async () => {
        const res = await api.request('GET', `/api/sale/order/${id}`);
        job = res.body.data.invoice_data.einvoice_job;
        return job.state;
      },
      { timeout: 20_000 },
    )
    .not.toBe('QUEUED');
  return job;
}

for (const [lang, width] of [
  ['vi', 1366],
  ['en', 375],
] as const satisfies ReadonlyArray<readonly [Lang, number]>) {
  test(`issue 25 Done when: an evening across midnight on 31 December 2026 with auto export on ends with one invoice per paid order at the rates and dates of its payment (${lang}, ${width} px)`, async ({
    page,
    sandbox,
  }, info) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const merchant = await sandbox.createMerchant();
    await moveClockTo(sandbox, LAST_MINUTE);
    const api = await portalApi(sandbox, merchant);
    // MISA dates an invoice by the request's InvDate (D232): the sale's day.
    await setUpEinvoice(api, merchant, {
      provider: 'misa',
      autoExport: true,
    });
    const products = (await api.request('GET', '/api/sale/inventory/product?status=0&page_size=100')).body.data as Product[];
    const dishes = {
      food: products.find((p) => p.tax_class === 'REDUCED_ELIGIBLE' && p.name.startsWith('Phở'))!,
      beer: products.find((p) => p.tax_class === 'STANDARD' && p.name.startsWith('Bia'))!,
    };
    expect(dishes.food && dishes.beer).toBeTruthy();

    // 23:59 on 31 December: the last minute of the 8 % cut.
    const late = await paidOrder(api, dishes);
    const lateJob = await jobOf(api, late.id);
    // 00:01 on 1 January 2027.
    await moveClockTo(sandbox, FIRST_MINUTE);
    const early = await paidOrder(api, dishes);
    const earlyJob = await jobOf(api, early.id);
    expect([lateJob.state, earlyJob.state]).toEqual(['ISSUED', 'ISSUED']);
    expect(lateJob.serial).toMatch(/^\dC26T/);
    expect(earlyJob.serial).toMatch(/^\dC27T/);

    // The merchant's view, the browser's clock at the sandbox's night.
    await page.clock.install({ time: await sandbox.now() });
    await page.clock.resume();
    if (lang === 'en') {
      await page.goto(P('/login'));
      await page.evaluate(() => window.localStorage.setItem('language', 'en'));
    }
    const list = await EinvoiceListPage.open(page, merchant, '/e-invoice?from=2026-12-31&to=2027-01-01', lang);
    await list.waitForRows();
    await expect(list.rows).toHaveCount(2);
    const rows = await list.rows.allInnerTexts();
    // A row opens with its symbol; the CQT code further on is random hex and may hold "C26" too.
    const lateRow = rows.find((r) => /^\s*C26T/.test(r))!;
    const earlyRow = rows.find((r) => /^\s*C27T/.test(r))!;
    expect(lateRow).toContain('31/12/2026');
    expect(earlyRow).toContain('01/01/2027');
    await expectNoAxeViolations(page, `invoices across the new year (${lang}, ${width})`, info);

    // Each invoice's PDF, read back: its lines' rates, the breakdown and totals that add up.
    const texts: string[] = [];
    for (const symbol of ['C26', 'C27']) {
      // The row's view button names its invoice ("Xem hóa đơn C26TMS số 1").
      await list.rows.getByRole('button', { name: new RegExp(`^${list.tx('list.view')}.* ${symbol}T[A-Z0-9]{2} `) }).click();
      await expect(list.pdfDialog).toBeVisible();
      texts.push(pdfText((await list.downloadPdf()).bytes));
      await page.keyboard.press('Escape');
      await expect(list.pdfDialog).toBeHidden();
    }
    const [lateText, earlyText] = texts as [string, string];
    // The PDF writes đồng with dot thousands (core/pdf.ts).
    const money = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
    for (const text of texts) for (const dish of [dishes.food.name, dishes.beer.name]) expect(text).toContain(dish);
    expect(lateText).toMatch(/8%/);
    expect(lateText).toMatch(/10%/);
    expect(lateText).toContain(money(late.total));
    expect(earlyText).not.toMatch(/\b8%/);
    expect(earlyText).toMatch(/10%/);
    expect(earlyText).toContain(money(early.total));
  });
}
