import { expect, type Locator, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { BASE_URL } from '../support/env';
import type { ThrowawayMerchant } from '../support/sandbox';
import { t, type Lang } from '../support/i18n';
import { acceptCookies } from '../support/shell';
import { signIn } from '../support/sign-in';

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

/**
 * /e-com, the checkout widget setup (helper `ecom`): the form, its live preview (the hosted page's
 * CheckoutView in preview mode) and the embed script. `look()` reads the same computed styles from a
 * CheckoutView as `hostedLook()` reads from the hosted page, so the two can be compared.
 */
export class EcomPage {
  readonly heading: Locator;
  readonly returnUrl: Locator;
  readonly cancelUrl: Locator;
  readonly ipnUrl: Locator;
  readonly checkoutUrl: Locator;
  readonly primary: Locator;
  readonly secondary: Locator;
  readonly button: Locator;
  readonly logoFile: Locator;
  readonly logoRefused: Locator;
  readonly save: Locator;
  readonly saveFailed: Locator;
  readonly embed: Locator;
  readonly preview: Locator;
  readonly ownerOnly: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    const tx = (key: string) => this.tx(key);
    this.heading = page.getByRole('heading', { level: 1, name: tx('title') });
    this.returnUrl = page.getByRole('textbox', { name: new RegExp(`^${tx('fields.return_url')}`) });
    this.cancelUrl = page.getByRole('textbox', { name: new RegExp(`^${tx('fields.cancel_url')}`) });
    this.ipnUrl = page.getByRole('textbox', { name: new RegExp(`^${tx('fields.ipn_url')}`) });
    this.checkoutUrl = page.getByRole('textbox', { name: tx('fields.checkout_url') });
    this.primary = page.getByRole('textbox', { name: tx('fields.primary_color'), exact: true });
    this.secondary = page.getByRole('textbox', { name: tx('fields.secondary_color'), exact: true });
    this.button = page.getByRole('textbox', { name: tx('fields.button_color'), exact: true });
    this.logoFile = page.getByTestId('ecom-logo-file');
    this.logoRefused = page.getByTestId('ecom-logo-refused');
    this.save = page.getByRole('button', { name: tx('save.button'), exact: true });
    this.saveFailed = page.getByTestId('ecom-save-failed');
    this.embed = page.getByTestId('ecom-embed');
    this.preview = page.getByTestId('ecom-preview').getByTestId('checkout-view');
    this.ownerOnly = page.getByTestId('owner-only-note');
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `checkout:ecom.${key}`, params);
  }

  static async open(page: Page, user: { username: string; password: string }, lang: Lang = 'vi'): Promise<EcomPage> {
    await signIn(page, user, { to: '/e-com' });
    await acceptCookies(page, lang);
    return new EcomPage(page, lang);
  }

  async ready(): Promise<void> {
    await expect(this.heading).toBeVisible({ timeout: 15_000 });
    await expect(this.preview).toBeVisible({ timeout: 15_000 });
  }

  /** Types a colour as hex text (the ColorInput's own text entry) and leaves the field. */
  async setColour(input: Locator, hex: string): Promise<void> {
    await input.fill(hex);
    await input.press('Escape');
  }

  async chooseRadio(groupKey: string, optionKey: string): Promise<void> {
    await this.page
      .getByRole('radiogroup', { name: this.tx(groupKey) })
      .getByRole('radio', { name: this.tx(optionKey) })
      .check();
  }

  /** The widget id the embed snippet names (data-app-id). */
  async widgetId(): Promise<string> {
    const snippet = (await this.embed.textContent()) ?? '';
    const id = /data-app-id="(wdg_[0-9a-f]{12})"/.exec(snippet)?.[1];
    if (!id) throw new Error(`no widget id in the embed snippet: ${snippet}`);
    return id;
  }

  look(): Promise<CheckoutLookSnapshot> {
    return checkoutLook(this.preview);
  }

  /** POST /api/checkout/payment-links as the signed-in user (the browser's own token). */
  async createLink(body: { app_id: string; order_id: string; amount: number }): Promise<{ url: string; id: string }> {
    const token = await this.page.evaluate(
      () => window.localStorage.getItem('access_token') ?? window.sessionStorage.getItem('access_token'),
    );
    const res = await this.page.request.post('/api/checkout/payment-links', {
      headers: {
        authorization: `Bearer ${token ?? ''}`,
        'idempotency-key': `e2e-ecom-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      },
      data: body,
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { data: { url: string; id: string } }).data;
  }
}

/** What a payer sees of the merchant's look, read from a CheckoutView's computed styles. */
export interface CheckoutLookSnapshot {
  pageBackground: string;
  cardBackground: string;
  cardText: string;
  logoJustify: string;
  logoHeight: number | null;
  logoNaturalSize: string | null;
  logoPath: string | null;
}

export async function checkoutLook(view: Locator): Promise<CheckoutLookSnapshot> {
  const logo = view.getByTestId('checkout-logo');
  if ((await logo.count()) > 0)
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return view.evaluate((root) => {
    const card = root.querySelector('[data-testid="checkout-card"]') as HTMLElement;
    const row = root.querySelector('[data-testid="checkout-logo-row"]') as HTMLElement;
    const img = root.querySelector('[data-testid="checkout-logo"]') as HTMLImageElement | null;
    const src = img ? new URL(img.src, location.href) : null;
    return {
      pageBackground: getComputedStyle(root).backgroundColor,
      cardBackground: getComputedStyle(card).backgroundColor,
      cardText: getComputedStyle(card).color,
      logoJustify: getComputedStyle(row).justifyContent,
      logoHeight: img ? Math.round(img.getBoundingClientRect().height) : null,
      logoNaturalSize: img ? `${img.naturalWidth}x${img.naturalHeight}` : null,
      logoPath: src && src.protocol !== 'blob:' ? `${src.pathname}${src.search}` : src ? 'blob' : null,
    };
  });
}

/** A valid PNG padded past its end to `bytes` (an image that is too large). */
export function oversizedPng(bytes: number): Buffer {
  const png = solidPng(8, 8, [1, 2, 3]);
  return Buffer.concat([png, Buffer.alloc(bytes - png.length)]);
}
