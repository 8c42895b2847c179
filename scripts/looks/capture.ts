import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium';

/**
 * Screenshots of every page a merchant opens from the menu, in the four looks the portal is checked
 * in (vi and en, 1366 and 375 px), as the seeded owner of `phoco` sees them: the "every page looks
 * the same" check of a refactor (compare.ts puts two runs side by side). Usage:
 *   npx tsx scripts/looks/capture.ts <sandbox base URL> <output folder>
 */

export const LOOK_PAGES = [
  '/dashboard',
  '/tx-card',
  '/bank',
  '/bank/add',
  '/payment',
  '/payment/add',
  '/edc',
  '/staff',
  '/staff/add',
  '/store',
  '/store/add',
  '/profile',
  '/attendance',
  '/category',
  '/sale-customer',
  '/sale-customer/create',
  '/sale-product',
  '/sale-product/create',
  '/sale-order',
  '/sale-invoice',
  '/sale-invoice/create',
  '/sale-table',
  '/sale-setting',
  '/setting-tx',
  '/setting-tx/create',
  '/pay-by-link',
  '/e-invoice',
  '/e-inv-setting',
  '/e-inv-template',
  '/master-merchant',
  '/feedback/check',
  '/feedback/create/check',
  '/e-inv-onboarding',
  '/e-order',
];
const LOOKS = [
  ['vi', 1366],
  ['en', 1366],
  ['vi', 375],
  ['en', 375],
] as const;
const OWNER = { username: 'looks.owner', password: 'E2e@Pass2026', email: 'looks.owner@merchant.example.vn', merchant: 'phoco' };

async function main(base: string, out: string): Promise<void> {
  mkdirSync(out, { recursive: true });
  const made = await fetch(`${base}/sandbox/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  if (!made.ok && made.status !== 409) throw new Error(`POST /sandbox/users → ${made.status}`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh', reducedMotion: 'reduce' });
  await context.addCookies([{ name: 'cookie', value: 'accepted', url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/portal/config.json`);
  const login = await page.request.post(`${base}/api/portal/user/login`, { data: { username: OWNER.username, password: OWNER.password } });
  const tokens = ((await login.json()) as { data: { access_token: string; refresh_token: string } }).data;
  // The session as the portal stores it after a sign-in (e2e/support/sign-in.ts does the same).
  await page.evaluate(
    ({ access, refresh }) => {
      const claims = JSON.parse(atob(access.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number; iat: number };
      sessionStorage.setItem('remember', 'false');
      sessionStorage.setItem('token_expires_at', String(Date.now() + (claims.exp - claims.iat) * 1000 - 60_000));
      sessionStorage.setItem('refresh_token', refresh);
      localStorage.setItem('login_method', 'original');
      localStorage.setItem('last_active', String(Date.now()));
      sessionStorage.setItem('access_token', access);
    },
    { access: tokens.access_token, refresh: tokens.refresh_token },
  );
  for (const [lang, width] of LOOKS) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate((language) => localStorage.setItem('language', language), lang);
    for (const path of LOOK_PAGES) {
      await page.goto(`${base}/portal${path}`);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.evaluate(() => document.fonts.ready);
      const file = `${out}/${lang}-${width}${path.replace(/\//g, '_')}.png`;
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
    }
  }
  await browser.close();
  console.log(`looks: ${LOOKS.length * LOOK_PAGES.length} screenshots in ${out}`);
}

const [base, out] = process.argv.slice(2);
if (!base || !out) throw new Error('usage: capture.ts <sandbox base URL> <output folder>');
await main(base, out);
