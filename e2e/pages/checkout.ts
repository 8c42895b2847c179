import { crc32, deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import { P } from '../support/env';
import { t, type Lang } from '../support/i18n';
import { signIn } from '../support/sign-in';
import { acceptCookies } from '../support/shell';

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
    await signIn(page, user);
    await page.goto(P('/e-com'));
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

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of `size`×`size` pixels of one colour (the logo upload), made here so the test needs no files. */
export function pngBytes(size: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid PNG padded past its end to `bytes` (an image that is too large). */
export function oversizedPng(bytes: number): Buffer {
  const png = pngBytes(8, [1, 2, 3]);
  return Buffer.concat([png, Buffer.alloc(bytes - png.length)]);
}
