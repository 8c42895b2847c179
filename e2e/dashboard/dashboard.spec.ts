import { expectNoAxeViolations } from '../support/axe';
import { BASE_URL, DEMO } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { signIn } from '../support/sign-in';
import { DashboardPage } from '../pages/dashboard';

// Issue 3: the dashboard (core §2 dashboard; §7 GET /dashboard-data streamed; §9 7-hour shift),
// checked against sums computed from the sandbox's transaction lists for the same periods.

const CHANNELS = ['card', 'cash', 'momo', 'installment', 'va', 'ecom', 'saving', 'loan'] as const;
/** Contract §4: revenue and count cover successful payments of every channel. */
const PAID_STATUSES = ['success', 'PAID', 'settled'] as const;
const VN = 7 * 3600_000;
const DAY = 86_400_000;

async function token(): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/portal/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.phoco),
  });
  const body = (await res.json()) as { data: { access_token: string } };
  return body.data.access_token;
}

async function sandboxNow(): Promise<number> {
  const body = (await (await fetch(`${BASE_URL}/sandbox/clock`)).json()) as { now: number } | { data: { now: number } };
  const now = 'now' in body ? body.now : body.data.now;
  return now < 1e12 ? now * 1000 : now;
}

/** Revenue and count of successful payments between two unix seconds, from the list API's totals. */
async function sums(bearer: string, start: number, end: number): Promise<{ revenue: number; count: number; card: number; qr: number }> {
  let revenue = 0;
  let count = 0;
  let card = 0;
  let qr = 0;
  // The list takes at most 30 days (core §5, RANGE_TOO_LONG): a year is summed a window at a time.
  const windows: [number, number][] = [];
  for (let from = start; from <= end; from += 30 * 86_400) windows.push([from, Math.min(from + 30 * 86_400 - 1, end)]);
  for (const [from, to] of windows) {
    for (const channel of CHANNELS) {
      for (const status of PAID_STATUSES) {
        const url = `${BASE_URL}/api/portal/transaction/${channel}?start_time=${from}&end_time=${to}&status=${status}&page=1&page_size=1`;
        const res = await fetch(url, { headers: { authorization: `Bearer ${bearer}` } });
        expect(res.status, url).toBe(200);
        const body = (await res.json()) as { total_amount: number; total_count: number };
        revenue += body.total_amount;
        count += body.total_count;
        if (channel === 'card') card += body.total_amount;
        if (channel === 'va') qr += body.total_amount;
      }
    }
  }
  return { revenue, count, card, qr };
}

test.describe('Issue 3: dashboard', () => {
  test("core §2 dashboard: today's, this month's and this year's figures equal the sandbox's sums", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, DEMO.phoco);
    const d = new DashboardPage(page);
    await d.waitUntilComplete();
    const bearer = await token();
    const now = await sandboxNow();
    const dayStart = Math.floor((now + VN) / DAY) * DAY - VN;
    const endOfDay = (dayStart + DAY) / 1000 - 1;
    const local = new Date(now + VN);
    const monthStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - VN;
    const yearStart = Date.UTC(local.getUTCFullYear(), 0, 1) - VN;

    for (const [period, start] of [
      ['day', dayStart],
      ['month', monthStart],
      ['year', yearStart],
    ] as const) {
      const expected = await sums(bearer, start / 1000, endOfDay);
      await expect(d.figure(period, 'revenue'), `${period} revenue`).toHaveAttribute('data-value', String(expected.revenue));
      await expect(d.figure(period, 'count'), `${period} count`).toHaveAttribute('data-value', String(expected.count));
      if (period === 'day') {
        await expect(d.chartSegment('revenue-card')).toHaveAttribute('data-value', String(expected.card));
        await expect(d.chartSegment('revenue-qr')).toHaveAttribute('data-value', String(expected.qr));
      }
    }
  });

  test('core §2 dashboard: doughnut legends show shares to two decimals; the recent table has Store, Type, Amount, Created date', async ({
    page,
  }) => {
    await signIn(page, DEMO.phoco);
    const d = new DashboardPage(page);
    await d.waitUntilComplete();
    const legend = d.revenueLegend;
    await expect(legend.getByRole('listitem')).toHaveCount(3);
    for (const text of await legend.getByRole('listitem').allInnerTexts()) expect(text).toMatch(/\(\d+,\d{2}%\)/);
    const headers = await d.recentTable.getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual(['store', 'type', 'amount', 'created'].map((k) => t('vi', `dashboard:columns.${k}`)));
    // §9: created dates are shown on Vietnam's clock, dd/MM/yyyy HH:mm:ss.
    const created = await d.recentRows.first().locator('td').last().innerText();
    expect(created).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  });

  test('core §7 /dashboard-data: a stream that breaks half-way says so, keeps what arrived and offers Retry', async ({ page }) => {
    await signIn(page, DEMO.phoco);
    const d = new DashboardPage(page);
    await d.waitUntilComplete();
    // Cut the next answer after two chunks (day, month), in this page only (parallel tests share the sandbox).
    await page.route('**/api/portal/dashboard-data*', async (route) => {
      const response = await route.fetch();
      const text = await response.text();
      const chunks = text.split(/\n\n/).filter((c) => c.trim() !== '');
      await route.fulfill({ response, body: `${chunks.slice(0, 2).join('\n\n')}\n\n` });
    });
    await page.reload();
    await expect(d.broken).toBeVisible({ timeout: 15_000 });
    await expect(d.card('day')).toHaveAttribute('data-ready', 'true');
    await expect(d.card('month')).toHaveAttribute('data-ready', 'true');
    await expect(d.card('year')).toHaveAttribute('data-ready', 'false');
    await page.unroute('**/api/portal/dashboard-data*');
    await d.retry.click();
    await d.waitUntilComplete();
    await expect(d.broken).toHaveCount(0);
  });

  test('core §2 dashboard: axe finds nothing on the loaded dashboard (WCAG 2.2 AA)', async ({ page }, testInfo) => {
    await signIn(page, DEMO.phoco);
    await new DashboardPage(page).waitUntilComplete();
    await expectNoAxeViolations(page, 'dashboard', testInfo);
  });
});
