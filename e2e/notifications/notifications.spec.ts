import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { P } from '../support/env';
import { t, type Lang } from '../support/i18n';
import type { SandboxClient, ThrowawayMerchant } from '../support/sandbox';
import { expectOnLogin, signIn } from '../support/sign-in';
import { recordSpeech, spoken, spokenUtterances, TopBar, withoutSpeech } from '../pages/notifications';
import { Shell, switchLanguage } from '../support/shell';

// Realtime area: payments spoken and toasted (core §2 shell, §7 Realtime), the notification
// bell (core §2 bell, §4 Notification click), and recovery after a lost connection. Every test has a
// merchant of its own, so parallel tests never hear each other's payments.

async function signInOwn(page: Page, sandbox: SandboxClient, lang: Lang = 'vi'): Promise<ThrowawayMerchant> {
  const merchant = await sandbox.createMerchant();
  await signIn(page, merchant);
  if (lang === 'en') await switchLanguage(page, 'en');
  await expect(new TopBar(page).status).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
  return merchant;
}

/** A trigger's answer (`{data}` or bare, whichever the control route sends). */
async function fire<T>(sandbox: SandboxClient, name: string, params: Record<string, string | number | boolean>): Promise<T> {
  const body = await sandbox.trigger<{ data?: T } & T>(name, params);
  return (body.data ?? body) as T;
}

const unseenTotal = (page: Page) => new TopBar(page).unseenTotal();

/** The payment's toast (Mantine notifications are alerts), not the dashboard's live figures. */
const paymentToast = (page: Page, amount: RegExp) => page.getByRole('alert').filter({ hasText: amount });

test.describe('Issue 4 realtime: spoken payments', () => {
  test('core §7: a QR payment raises a toast and is spoken in Vietnamese', async ({ page, sandbox }) => {
    await recordSpeech(page);
    const m = await signInOwn(page, sandbox);
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 150000, message: 'Ban 3 thanh toan' });
    await expect(page.getByText(/150\.000\s₫ — Ban 3 thanh toan/)).toBeVisible();
    await expect.poll(() => spoken(page)).toEqual(['Đã nhận một trăm năm mươi nghìn đồng']);
    const langs = (await spokenUtterances(page)).map((s) => s.lang);
    expect(langs).toEqual(['vi-VN']);
  });

  test('core §7: in English the announcement is "Received 150,000 dong"', async ({ page, sandbox }) => {
    await recordSpeech(page);
    const m = await signInOwn(page, sandbox, 'en');
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 150000 });
    await expect.poll(() => spoken(page)).toEqual(['Received 150,000 dong']);
    // A paid order from the sale service is spoken too.
    await sandbox.trigger('order-paid', { merchant: m.merchant_id, amount: 275000 });
    await expect.poll(() => spoken(page)).toEqual(['Received 150,000 dong', 'Received 275,000 dong']);
  });

  test('a burst of five payments gives five announcements, in order', async ({ page, sandbox }) => {
    await recordSpeech(page);
    const m = await signInOwn(page, sandbox, 'en');
    for (const amount of [1000, 2000, 3000, 4000, 5000]) await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount });
    await expect
      .poll(() => spoken(page), { timeout: 10_000 })
      .toEqual(['Received 1,000 dong', 'Received 2,000 dong', 'Received 3,000 dong', 'Received 4,000 dong', 'Received 5,000 dong']);
  });

  test('mute silences announcements and is remembered after a reload', async ({ page, sandbox }) => {
    await recordSpeech(page);
    const m = await signInOwn(page, sandbox);
    const bar = new TopBar(page);
    await expect(bar.mute).toHaveAttribute('aria-pressed', 'false');
    await bar.mute.click();
    await expect(bar.mute).toHaveAttribute('aria-pressed', 'true');
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 20000 });
    // The toast and the announcement are raised by one handler, the toast first (src/app/shared/
    // realtime-runtime.ts paymentReceived): with the toast up, the payment was spoken or dropped.
    await expect(paymentToast(page, /20\.000\s₫/)).toBeVisible();
    expect(await spoken(page)).toEqual([]);

    await page.reload();
    await expect(bar.status).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
    await expect(bar.mute).toHaveAttribute('aria-pressed', 'true');
    await bar.mute.click();
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 30000 });
    await expect.poll(() => spoken(page)).toEqual(['Đã nhận ba mươi nghìn đồng']);
  });

  test('core §2: a browser without speech synthesis is told once, not at every payment', async ({ page, sandbox }) => {
    await withoutSpeech(page);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    const m = await signInOwn(page, sandbox);
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 10000 });
    await expect.poll(() => alerts).toEqual([t('vi', 'notifications:speechUnsupported')]);
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 11000 });
    // The toast, then the announcement (here: the alert, which would block the page until answered),
    // come from one handler: with the toast up, a second alert would have been seen.
    await expect(paymentToast(page, /11\.000\s₫/)).toBeVisible();
    expect(alerts).toHaveLength(1);
  });
});

test.describe('Issue 4 realtime: notification bell', () => {
  test('core §2 bell, §4: a new order raises the count; clicking marks it seen and opens the order (status 2, not completed)', async ({
    page,
    sandbox,
  }) => {
    const m = await signInOwn(page, sandbox);
    const bar = new TopBar(page);
    await expect.poll(() => unseenTotal(page)).toBeGreaterThan(0);
    const before = await unseenTotal(page);
    const { payload } = await fire<{ payload: { order_code: string; order_id: number } }>(sandbox, 'new-order', {
      merchant: m.merchant_id,
      table: 'Bàn 12',
    });
    await expect.poll(() => unseenTotal(page)).toBe(before + 1);

    await bar.bell.click();
    const item = bar.items.filter({ hasText: payload.order_code });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Bàn 12');
    await expect(item).toContainText(t('vi', 'notifications:time.justNow'));
    await item.click();
    await expect(page).toHaveURL(new RegExp(`${P(`/sale-order/${payload.order_id}`)}$`));
    await expect.poll(() => unseenTotal(page)).toBe(before);
  });

  test('core §4: the notification of a completed (paid, status 0) order opens /sale-order', async ({ page, sandbox }) => {
    const m = await signInOwn(page, sandbox);
    const bar = new TopBar(page);
    const { payload } = await fire<{ payload: { order_code: string } }>(sandbox, 'new-order', { merchant: m.merchant_id, table: 'Bàn 11' });
    await sandbox.trigger('order-qr-paid', { merchant: m.merchant_id, order_code: payload.order_code, amount: 120000 });
    await bar.bell.click();
    const item = bar.items.filter({ hasText: payload.order_code });
    await expect(item).toBeVisible();
    await item.click();
    await expect(page).toHaveURL(new RegExp(`${P('/sale-order')}$`));
  });

  test('core §4: a payment request on an order being served opens /sale-order/{order_id}', async ({ page, sandbox }) => {
    const m = await signInOwn(page, sandbox, 'en');
    const bar = new TopBar(page, 'en');
    const { payload } = await fire<{ payload: { order_code: string; order_id: number } }>(sandbox, 'payment-request', {
      merchant: m.merchant_id,
    });
    await bar.bell.click();
    await bar.bellTab(1).click();
    const item = bar.items.filter({ hasText: payload.order_code }).first();
    await expect(item).toBeVisible();
    await item.click();
    await expect(page).toHaveURL(new RegExp(`${P(`/sale-order/${payload.order_id}`)}$`));
  });

  test('the bell is keyboard reachable and axe finds nothing with it open', async ({ page, sandbox }, testInfo) => {
    await signInOwn(page, sandbox);
    const bar = new TopBar(page);
    await bar.bell.focus();
    await page.keyboard.press('Enter');
    await expect(bar.bellTab(0)).toBeVisible();
    await expect(bar.items.first()).toBeVisible();
    // The open bell traps focus, and closing it gives focus back to the bell.
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await expectNoAxeViolations(page, 'notification-bell', testInfo);
    await page.keyboard.press('Escape');
    await expect(bar.bell).toBeFocused();
  });
});

test.describe('Issue 4 realtime: a lost connection', () => {
  test('the sockets live with the session: closed at sign-out, nothing announced after', async ({ page, sandbox }) => {
    await recordSpeech(page);
    const m = await signInOwn(page, sandbox);
    await new Shell(page).logout.click();
    await expectOnLogin(page);
    await expect.poll(async () => (await fire<{ sockets: number }>(sandbox, 'realtime-drop', { merchant: m.merchant_id })).sockets).toBe(0);
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 5000 });
    // Still no socket after the payment went out: nothing can have carried it to the page.
    expect((await fire<{ sockets: number }>(sandbox, 'realtime-drop', { merchant: m.merchant_id })).sockets).toBe(0);
    expect(await spoken(page)).toEqual([]);
  });

  test('a dropped socket shows reconnecting, comes back, and replays what was missed, once', async ({ page, sandbox }) => {
    await recordSpeech(page);
    const m = await signInOwn(page, sandbox, 'en');
    const bar = new TopBar(page);
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 1000 });
    await expect.poll(() => spoken(page)).toEqual(['Received 1,000 dong']);

    await sandbox.trigger('realtime-drop', { merchant: m.merchant_id });
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 2000 });
    await expect(bar.status).toHaveAttribute('data-status', 'reconnecting');
    await expect(bar.status).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
    await expect.poll(() => spoken(page)).toEqual(['Received 1,000 dong', 'Received 2,000 dong']);
    // One more payment after the replay: spoken next, with no second 2,000 before it.
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 4000 });
    await expect.poll(() => spoken(page)).toHaveLength(3);
    expect(await spoken(page)).toEqual(['Received 1,000 dong', 'Received 2,000 dong', 'Received 4,000 dong']);
  });

  test('when the server forgot the session, the portal fetches what it missed: payments spoken once, bell refetched', async ({
    page,
    sandbox,
  }) => {
    await recordSpeech(page);
    const m = await signInOwn(page, sandbox, 'en');
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 1000 });
    await expect.poll(() => spoken(page)).toEqual(['Received 1,000 dong']);
    const before = await unseenTotal(page);

    await sandbox.trigger('realtime-drop', { merchant: m.merchant_id, forget: true });
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 2000 });
    await sandbox.trigger('new-order', { merchant: m.merchant_id });
    await expect(new TopBar(page).status).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
    await expect.poll(() => spoken(page), { timeout: 10_000 }).toEqual(['Received 1,000 dong', 'Received 2,000 dong']);
    await expect.poll(() => unseenTotal(page)).toBe(before + 1);

    // A second drop in a row still speaks nothing twice.
    await sandbox.trigger('realtime-drop', { merchant: m.merchant_id, forget: true });
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 3000 });
    await expect
      .poll(() => spoken(page), { timeout: 10_000 })
      .toEqual(['Received 1,000 dong', 'Received 2,000 dong', 'Received 3,000 dong']);
    // One more payment after the catch-up: spoken next, with nothing spoken twice before it.
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 4000 });
    await expect.poll(() => spoken(page)).toHaveLength(4);
    expect(await spoken(page)).toEqual(['Received 1,000 dong', 'Received 2,000 dong', 'Received 3,000 dong', 'Received 4,000 dong']);
  });
});
