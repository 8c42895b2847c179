import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { P } from '../support/env';
import { t, type Lang } from '../support/i18n';
import { expectOnLogin, shell, signIn, switchLanguage } from '../support/portal';
import type { SandboxClient, ThrowawayMerchant } from '../support/sandbox';

// Issue 4, realtime area: payments spoken and toasted (core §2 shell, §7 Realtime), the notification
// bell (core §2 bell, §4 Notification click), and recovery after a lost connection. Every test has a
// merchant of its own, so parallel tests never hear each other's payments.

interface Spoken {
  text: string;
  lang: string;
}

/** Replaces the browser's speech with a recorder whose utterances "end" after 100 ms. */
async function recordSpeech(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    const spoken: Array<{ text: string; lang: string }> = [];
    w.__spoken = spoken;
    class RecorderUtterance {
      lang = '';
      onend: ((e: unknown) => void) | null = null;
      onerror: ((e: unknown) => void) | null = null;
      constructor(readonly text: string) {}
    }
    const synth = {
      speak(u: RecorderUtterance) {
        spoken.push({ text: u.text, lang: u.lang });
        setTimeout(() => u.onend?.({}), 100);
      },
      cancel() {},
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: RecorderUtterance, configurable: true });
  });
}

const spoken = (page: Page) => page.evaluate(() => (window as unknown as { __spoken: Spoken[] }).__spoken.map((s) => s.text));

function topBar(page: Page, lang: Lang = 'vi') {
  return {
    status: page.getByTestId('realtime-status'),
    mute: page.getByRole('button', { name: t(lang, 'realtime:mute.mute') }),
    bell: page.getByTestId('notification-bell'),
    items: page.getByTestId('bell-item'),
  };
}

async function signInOwn(page: Page, sandbox: SandboxClient, lang: Lang = 'vi'): Promise<ThrowawayMerchant> {
  const merchant = await sandbox.createMerchant();
  await signIn(page, merchant);
  if (lang === 'en') await switchLanguage(page, 'en');
  await expect(topBar(page).status).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
  return merchant;
}

/** A trigger's answer (`{data}` or bare, whichever the control route sends). */
async function fire<T>(sandbox: SandboxClient, name: string, params: Record<string, string | number | boolean>): Promise<T> {
  const body = await sandbox.trigger<{ data?: T } & T>(name, params);
  return (body.data ?? body) as T;
}

const unseenTotal = async (page: Page) => {
  const label = (await topBar(page).bell.getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? 0);
};

test.describe('Issue 4 realtime: spoken payments', () => {
  test('core §7: a QR payment raises a toast and is spoken in Vietnamese', async ({ page, sandbox }) => {
    await recordSpeech(page);
    const m = await signInOwn(page, sandbox);
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 150000, message: 'Ban 3 thanh toan' });
    await expect(page.getByText(/150\.000\s₫ — Ban 3 thanh toan/)).toBeVisible();
    await expect.poll(() => spoken(page)).toEqual(['Đã nhận một trăm năm mươi nghìn đồng']);
    const langs = await page.evaluate(() => (window as unknown as { __spoken: Spoken[] }).__spoken.map((s) => s.lang));
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
    await expect(topBar(page).mute).toHaveAttribute('aria-pressed', 'false');
    await topBar(page).mute.click();
    await expect(topBar(page).mute).toHaveAttribute('aria-pressed', 'true');
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 20000 });
    await expect(page.getByText(/20\.000\s₫/)).toBeVisible();
    await page.waitForTimeout(500);
    expect(await spoken(page)).toEqual([]);

    await page.reload();
    await expect(topBar(page).status).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
    await expect(topBar(page).mute).toHaveAttribute('aria-pressed', 'true');
    await topBar(page).mute.click();
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 30000 });
    await expect.poll(() => spoken(page)).toEqual(['Đã nhận ba mươi nghìn đồng']);
  });

  test('core §2: a browser without speech synthesis is told once, not at every payment', async ({ page, sandbox }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'speechSynthesis', { value: undefined, configurable: true });
      Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: undefined, configurable: true });
    });
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    const m = await signInOwn(page, sandbox);
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 10000 });
    await expect.poll(() => alerts).toEqual([t('vi', 'realtime:speechUnsupported')]);
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 11000 });
    await expect(page.getByText(/11\.000\s₫/)).toBeVisible();
    await page.waitForTimeout(300);
    expect(alerts).toHaveLength(1);
  });
});

test.describe('Issue 4 realtime: notification bell', () => {
  test('core §2 bell, §4: a new order raises the count; clicking marks it seen and opens /sale-order', async ({ page, sandbox }) => {
    const m = await signInOwn(page, sandbox);
    await expect.poll(() => unseenTotal(page)).toBeGreaterThan(0);
    const before = await unseenTotal(page);
    const { payload } = await fire<{ payload: { order_code: string } }>(sandbox, 'new-order', { merchant: m.merchant_id, table: 'Bàn 12' });
    await expect.poll(() => unseenTotal(page)).toBe(before + 1);

    await topBar(page).bell.click();
    const item = topBar(page).items.filter({ hasText: payload.order_code });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Bàn 12');
    await expect(item).toContainText(t('vi', 'realtime:time.justNow'));
    await item.click();
    await expect(page).toHaveURL(new RegExp(`${P('/sale-order')}$`));
    await expect.poll(() => unseenTotal(page)).toBe(before);
  });

  test('core §4: a payment request on an order being served opens /sale-order/{order_id}', async ({ page, sandbox }) => {
    const m = await signInOwn(page, sandbox, 'en');
    const { payload } = await fire<{ payload: { order_code: string; order_id: number } }>(sandbox, 'payment-request', { merchant: m.merchant_id });
    await topBar(page, 'en').bell.click();
    await page.getByRole('tab', { name: new RegExp(t('en', 'realtime:bell.type.1')) }).click();
    const item = topBar(page, 'en').items.filter({ hasText: payload.order_code }).first();
    await expect(item).toBeVisible();
    await item.click();
    await expect(page).toHaveURL(new RegExp(`${P(`/sale-order/${payload.order_id}`)}$`));
  });

  test('the bell is keyboard reachable and axe finds nothing with it open', async ({ page, sandbox }, testInfo) => {
    await signInOwn(page, sandbox);
    await topBar(page).bell.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: new RegExp(t('vi', 'realtime:bell.type.0')) })).toBeVisible();
    await expect(topBar(page).items.first()).toBeVisible();
    await expectNoAxeViolations(page, 'notification-bell', testInfo);
  });
});

test.describe('Issue 4 realtime: a lost connection', () => {
  test('the sockets live with the session: closed at sign-out, nothing announced after', async ({ page, sandbox }) => {
    await recordSpeech(page);
    const m = await signInOwn(page, sandbox);
    await shell(page).logout.click();
    await expectOnLogin(page);
    await expect.poll(async () => (await fire<{ sockets: number }>(sandbox, 'realtime-drop', { merchant: m.merchant_id })).sockets).toBe(0);
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 5000 });
    await page.waitForTimeout(500);
    expect(await spoken(page)).toEqual([]);
  });

  test('a dropped socket shows reconnecting, comes back, and replays what was missed, once', async ({ page, sandbox }) => {
    await recordSpeech(page);
    const m = await signInOwn(page, sandbox, 'en');
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 1000 });
    await expect.poll(() => spoken(page)).toEqual(['Received 1,000 dong']);

    await sandbox.trigger('realtime-drop', { merchant: m.merchant_id });
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 2000 });
    await expect(topBar(page).status).toHaveAttribute('data-status', 'reconnecting');
    await expect(topBar(page).status).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
    await expect.poll(() => spoken(page)).toEqual(['Received 1,000 dong', 'Received 2,000 dong']);
    await page.waitForTimeout(500);
    expect(await spoken(page)).toEqual(['Received 1,000 dong', 'Received 2,000 dong']);
  });

  test('when the server forgot the session, the portal fetches what it missed: payments spoken once, bell refetched', async ({ page, sandbox }) => {
    await recordSpeech(page);
    const m = await signInOwn(page, sandbox, 'en');
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 1000 });
    await expect.poll(() => spoken(page)).toEqual(['Received 1,000 dong']);
    const before = await unseenTotal(page);

    await sandbox.trigger('realtime-drop', { merchant: m.merchant_id, forget: true });
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 2000 });
    await sandbox.trigger('new-order', { merchant: m.merchant_id });
    await expect(topBar(page).status).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
    await expect.poll(() => spoken(page), { timeout: 10_000 }).toEqual(['Received 1,000 dong', 'Received 2,000 dong']);
    await expect.poll(() => unseenTotal(page)).toBe(before + 1);

    // A second drop in a row still speaks nothing twice.
    await sandbox.trigger('realtime-drop', { merchant: m.merchant_id, forget: true });
    await sandbox.trigger('qr-payment', { merchant: m.merchant_id, amount: 3000 });
    await expect
      .poll(() => spoken(page), { timeout: 10_000 })
      .toEqual(['Received 1,000 dong', 'Received 2,000 dong', 'Received 3,000 dong']);
    await page.waitForTimeout(500);
    expect(await spoken(page)).toHaveLength(3);
  });
});
