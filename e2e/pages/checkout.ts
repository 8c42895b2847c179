import { expect, type Locator, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { BASE_URL } from '../support/env';
import type { ThrowawayMerchant } from '../support/sandbox';
import { t, type Lang } from '../support/i18n';

/**
 * Page objects of the checkout area. HostedCheckoutPage: the payer's hosted checkout page
 * (/checkout/?appId=…&sig=…, no sign-in). The helpers below make links the way the portal does, through
 * the checkout service with a throwaway merchant's token.
 */

export interface MadeLink {
  id: string;
  url: string;
  order_id: string;
  amount: number;
  app_id: string;
  expires_at: number;
}

export interface LinkMerchant {
  merchant: ThrowawayMerchant;
  token: string;
  widgetId: string;
}

async function json(res: Response, what: string) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what} → HTTP ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** The throwaway merchant's owner token and its checkout widget (made if it has none). */
export async function linkMerchant(merchant: ThrowawayMerchant): Promise<LinkMerchant> {
  const login = await json(
    await fetch(`${BASE_URL}/api/portal/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: merchant.username, password: merchant.password }),
    }),
    'login',
  );
  const token = login.data.access_token as string;
  const info = await json(
    await fetch(`${BASE_URL}/api/checkout/merchants/${merchant.merchant_id}?allow_create=True`, {
      headers: { authorization: `Bearer ${token}` },
    }),
    'merchant info',
  );
  return { merchant, token, widgetId: info.data.data.widget.id };
}

let keys = 0;
export async function makeLink(m: LinkMerchant, orderId: string, amount: number): Promise<MadeLink> {
  keys += 1;
  const answer = await json(
    await fetch(`${BASE_URL}/api/checkout/payment-links`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${m.token}`,
        'idempotency-key': `e2e-${process.pid}-${Date.now()}-${keys}`,
      },
      body: JSON.stringify({ app_id: m.widgetId, order_id: orderId, amount }),
    }),
    'create link',
  );
  return answer.data as MadeLink;
}

export async function linkState(m: LinkMerchant, id: string): Promise<{ status: string; method: string | null }> {
  return (
    await json(await fetch(`${BASE_URL}/api/checkout/payment-links/${id}`, { headers: { authorization: `Bearer ${m.token}` } }), 'link')
  ).data;
}

/** A solid-colour PNG logo, w×h (a real image the browser draws). */
export function solidPng(w: number, h: number, rgb: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(Buffer.concat([Buffer.from(type, 'ascii'), data])), 0);
    return Buffer.concat([head, data, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y += 1) for (let x = 0; x < w; x += 1) rows.set(rgb, y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** PUT /widgets/{id} as /e-com sends it (multipart). */
export async function saveWidget(m: LinkMerchant, fields: Record<string, string>, logo?: Buffer): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (logo) form.append('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
  await json(
    await fetch(`${BASE_URL}/api/checkout/widgets/${m.widgetId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${m.token}` },
      body: form,
    }),
    'save widget',
  );
}

export class HostedCheckoutPage {
  readonly view: Locator;
  readonly card: Locator;
  readonly amount: Locator;
  readonly orderId: Locator;
  readonly countdown: Locator;
  readonly logo: Locator;
  readonly qr: Locator;
  readonly qrWaiting: Locator;
  readonly pay: Locator;
  readonly paid: Locator;
  readonly expired: Locator;
  readonly invalid: Locator;
  readonly declined: Locator;
  readonly returnLink: Locator;

  constructor(
    readonly page: Page,
    public lang: Lang = 'vi',
  ) {
    this.view = page.getByTestId('checkout-view');
    this.card = page.getByTestId('checkout-card');
    this.amount = page.getByTestId('checkout-amount');
    this.orderId = page.getByTestId('checkout-order-id');
    this.countdown = page.getByTestId('checkout-countdown');
    this.logo = page.getByTestId('checkout-logo');
    this.qr = page.getByTestId('hosted-qr');
    this.qrWaiting = page.getByTestId('hosted-qr-waiting');
    this.pay = page.getByTestId('checkout-pay');
    this.paid = page.getByTestId('checkout-paid');
    this.expired = page.getByTestId('checkout-expired');
    this.invalid = page.getByTestId('hosted-invalid');
    this.declined = page.getByTestId('hosted-card-declined');
    this.returnLink = page.getByTestId('hosted-return');
  }

  tx(key: string, params?: Record<string, string | number>): string {
    return t(this.lang, `checkout:${key}`, params);
  }

  /** Opens the link as the payer: a page of its own, no portal session. */
  static async open(page: Page, url: string, lang: Lang = 'vi'): Promise<HostedCheckoutPage> {
    await page.goto(url);
    const s = new HostedCheckoutPage(page, 'vi');
    await expect(page.getByTestId('hosted-loading')).toHaveCount(0);
    if (lang === 'en') await s.switchLanguage('en');
    return s;
  }

  async switchLanguage(lang: Lang): Promise<void> {
    await this.page.getByTestId(`hosted-language-${lang}`).click();
    this.lang = lang;
    await expect(this.page.getByText(this.tx('hosted.brand'))).toBeVisible();
  }

  method(name: 'qr_code' | 'credit_card' | 'ewallet'): Locator {
    return this.page.getByRole('radio', { name: this.tx(`view.methods.${name}`) });
  }

  field(name: 'number' | 'expiry' | 'cvc' | 'holder'): Locator {
    return this.page.getByLabel(this.tx(`hosted.card.${name}`));
  }

  async fillCard(card: { number: string; expiry: string; cvc: string; holder: string }): Promise<void> {
    await this.field('number').fill(card.number);
    await this.field('expiry').fill(card.expiry);
    await this.field('cvc').fill(card.cvc);
    await this.field('holder').fill(card.holder);
  }
}
