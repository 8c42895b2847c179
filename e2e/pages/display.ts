import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import type { DisplayInput, DisplayMessage } from '../../src/services/display/messages';
import { P } from '../support/env';
import { t, type Lang } from '../support/i18n';

/**
 * Page objects of the display area: the customer display (/ecr-slide, /ecr-order-info,
 * /ecr-success-payment), its pairing form (/ecr-slide?pair) and the cashier's page /sale-display.
 */

export class DisplayPage {
  readonly root: Locator;
  readonly slide: Locator;
  readonly shopName: Locator;
  readonly orderInfo: Locator;
  readonly orderCode: Locator;
  readonly orderTotal: Locator;
  readonly qr: Locator;
  readonly card: Locator;
  readonly success: Locator;
  readonly revoked: Locator;
  readonly pairCode: Locator;
  readonly pairSubmit: Locator;
  readonly welcome: Locator;
  readonly banner: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    this.root = page.getByTestId('display-page');
    this.slide = page.getByTestId('display-slide');
    this.shopName = page.getByTestId('display-shop-name');
    this.orderInfo = page.getByTestId('display-order-info');
    this.orderCode = page.getByTestId('display-order-code');
    this.orderTotal = page.getByTestId('display-order-total');
    this.qr = page.getByRole('img', { name: new RegExp(`^${t(lang, 'display:pay.qrAlt', { amount: 'X', code: 'Y' }).split('X')[0]}`) });
    this.card = page.getByTestId('display-pay-card');
    this.success = page.getByRole('heading', { level: 1, name: t(lang, 'display:success.title') });
    this.revoked = page.getByTestId('display-link-revoked');
    this.pairCode = page.getByRole('textbox', { name: t(lang, 'display:pair.code') });
    this.pairSubmit = page.getByRole('button', { name: t(lang, 'display:pair.submit') });
    this.welcome = page.getByTestId('display-welcome');
    this.banner = page.getByTestId('display-banner');
  }

  static async open(page: Page, lang: Lang, path = '/ecr-slide'): Promise<DisplayPage> {
    await page.goto(P(path));
    return new DisplayPage(page, lang);
  }

  async expectView(path: '/ecr-slide' | '/ecr-order-info' | '/ecr-success-payment', timeout?: number): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`${P(path)}$`), timeout ? { timeout } : {});
  }
}

/**
 * Plays the cashier's side of the same-browser channel in a signed-in tab, as the payment screen
 * does with createCashierDisplay (src/services/display/channel.ts): posts DisplayMessages on
 * `portal-display` with an increasing seq and answers a display's hello with the last one.
 */
export async function installCashierChannel(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __display?: { send(input: unknown): unknown } };
    if (w.__display) return;
    const channel = new BroadcastChannel('portal-display');
    let seq = 0;
    let last: unknown = null;
    channel.addEventListener('message', (event) => {
      const data = event.data as { v?: number; hello?: boolean } | null;
      if (data?.v === 1 && data.hello === true && last) channel.postMessage(last);
    });
    w.__display = {
      send(input) {
        const at = Date.now();
        seq = Math.max(seq + 1, at);
        last = { ...(input as object), v: 1, seq, at };
        channel.postMessage(last);
        return last;
      },
    };
  });
}

export async function sendOnChannel(page: Page, input: DisplayInput): Promise<DisplayMessage> {
  return page.evaluate(
    (message) => (window as unknown as { __display: { send(i: unknown): DisplayMessage } }).__display.send(message),
    input,
  );
}

/** Relays a message through the sale service, as the payment screen's relay does, with the tab's own sign-in. */
export async function relayFromTab(page: Page, input: DisplayInput): Promise<void> {
  const status = await page.evaluate(async (message) => {
    const token = localStorage.getItem('access_token') ?? sessionStorage.getItem('access_token');
    const at = Date.now();
    const res = await fetch('/api/sale/display/message', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...message, v: 1, seq: at, at }),
    });
    return res.status;
  }, input);
  expect(status).toBe(200);
}

export class PairingPage {
  readonly heading: Locator;
  readonly pairDevice: Locator;
  readonly codeValue: Locator;
  readonly qr: Locator;
  readonly rows: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: t(lang, 'display:pairing.title') });
    this.pairDevice = page.getByRole('button', { name: t(lang, 'display:pairing.pairDevice') });
    this.codeValue = page.getByTestId('display-pair-code-value');
    this.qr = page.getByTestId('display-pair-qr');
    this.rows = page.getByTestId('display-pairing-row');
  }

  static async open(page: Page, lang: Lang): Promise<PairingPage> {
    await page.goto(P('/sale-display'));
    const s = new PairingPage(page, lang);
    await expect(s.heading).toBeVisible();
    return s;
  }

  unpair(id: number): Locator {
    return this.page.getByRole('button', { name: t(this.lang, 'display:pairing.unpairLabel', { id }) });
  }
}

/** Any QR's text, read by zbarimg as a phone camera would. */
export function decodeQrText(png: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-qr-'));
  try {
    const file = join(dir, 'qr.png');
    writeFileSync(file, png);
    return execFileSync('/usr/bin/zbarimg', ['--raw', '-q', file], { encoding: 'utf8' }).trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Saves the shop's screen customisation through the API with the tab's own sign-in, as /sale-setting's
 * screen tab does (D296): one banner drawn in the page (a real PNG: uploads are decoded), the texts,
 * and the first default order and success images. Returns the banner's stored URL.
 */
export async function saveScreenLookFromTab(page: Page, texts: { welcome: string; thanks: string }): Promise<string> {
  const answer = await page.evaluate(async ({ welcome, thanks }) => {
    const token = localStorage.getItem('access_token') ?? sessionStorage.getItem('access_token');
    const auth = { authorization: `Bearer ${token}` };
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 165;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#e8590c';
    g.fillRect(0, 0, 320, 165);
    const png = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const form = new FormData();
    form.append('file', png, 'banner.png');
    const upload = await fetch('/api/sale/saas/image?kind=background', { method: 'POST', headers: auth, body: form });
    const url = ((await upload.json()) as { data: { url: string } }).data.url;
    const defaults = (await (await fetch('/api/checkout/ui_custom/default_image', { headers: auth })).json()) as {
      data: { order: string[]; success: string[] };
    };
    const saved = await fetch('/api/checkout/ui_custom/create_update', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        banners: [url],
        first_welcome: welcome,
        second_welcome: 'Mời quý khách gọi món',
        order_img: defaults.data.order[0],
        success_payment_img: defaults.data.success[0],
        thank_content: thanks,
      }),
    });
    return { status: saved.status, url };
  }, texts);
  expect(answer.status).toBe(200);
  return answer.url;
}

/** Asks for a pairing code with the tab's own sign-in, as /sale-display's "pair a device" does. */
export async function pairCodeFromTab(page: Page): Promise<string> {
  const code = await page.evaluate(async () => {
    const token = localStorage.getItem('access_token') ?? sessionStorage.getItem('access_token');
    const res = await fetch('/api/sale/display/pair', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    return ((await res.json()) as { data: { pair_code: string } }).data.pair_code;
  });
  expect(code).toMatch(/^\d{6}$/);
  return code;
}
