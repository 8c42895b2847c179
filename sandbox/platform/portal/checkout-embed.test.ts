import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/**
 * embed.js (contract 14 §I) on a merchant's page, in happy-dom: the script runs as the browser would
 * run it from <script src="{origin}/checkout/embed.js" data-app-id="…">.
 */
// happy-dom gives import.meta.url no file scheme: read it from the repository root vitest runs in.
const SOURCE = readFileSync(join(process.cwd(), 'sandbox/platform/portal/checkout-embed.js'), 'utf8');
const ORIGIN = 'http://127.0.0.1:5280';
const LINK = `${ORIGIN}/checkout/?appId=wdg_0123456789ab&orderId=DH-1&amount=150000&merchantId=1&createdAt=1&expiresAt=2&sig=${'x'.repeat(43)}`;

function load(appId = 'wdg_0123456789ab') {
  const script = document.createElement('script');
  script.src = `${ORIGIN}/checkout/embed.js`;
  script.setAttribute('data-app-id', appId);
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
  new Function(SOURCE)();
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => null });
}

const overlay = () => document.querySelector('[data-checkout-overlay]');
const message = (data: unknown, origin = ORIGIN) => window.dispatchEvent(new MessageEvent('message', { data, origin }));

// Once, as a page loads it once: its listeners stay for the page's life.
beforeAll(() => {
  document.documentElement.lang = 'vi';
  load();
});

beforeEach(() => {
  document.body.innerHTML = `<a id="pay" href="${LINK.replace(/&/g, '&amp;')}" data-checkout-link>Pay</a>
    <a id="other" href="https://evil.example/checkout/?appId=wdg_0123456789ab" data-checkout-link>Other</a>
    <button id="wrong-widget" data-checkout-link="${LINK.replace('wdg_0123456789ab', 'wdg_ffffffffffff').replace(/&/g, '&amp;')}">Wrong</button>`;
});
afterEach(() => {
  overlay()?.remove();
});

describe('checkout embed.js', () => {
  it('opens the link in a labelled dialog with its close button focused; Esc closes it and focus goes back', () => {
    const link = document.getElementById('pay')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    const dialog = overlay()!;
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-label')).toBe('Trang thanh toán');
    expect(dialog.querySelector('iframe')!.getAttribute('src')).toBe(new URL(LINK).href);
    const close = dialog.querySelector('button')!;
    expect(close.getAttribute('aria-label')).toBe('Đóng trang thanh toán');
    expect(document.activeElement).toBe(close);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(overlay()).toBeNull();
    expect(document.activeElement).toBe(link);
  });

  it('closes on the page inside asking (checkout:close) and announces a paid link, but only from its own origin', () => {
    const link = document.getElementById('pay')!;
    const paid: unknown[] = [];
    link.addEventListener('checkout:paid', (event) => paid.push((event as CustomEvent).detail));
    link.click();
    message({ type: 'checkout:close' }, 'https://evil.example');
    message({ type: 'checkout:paid', link_id: 'pl_x' }, 'https://evil.example');
    expect(overlay()).not.toBeNull();
    expect(paid).toEqual([]);
    message({ type: 'checkout:paid', link_id: 'pl_0123456789abcdef' });
    expect(paid).toEqual([{ link_id: 'pl_0123456789abcdef' }]);
    message({ type: 'checkout:close' });
    expect(overlay()).toBeNull();
  });

  it('leaves links of another origin or another widget alone', () => {
    const other = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('other')!.dispatchEvent(other);
    expect(other.defaultPrevented).toBe(false);
    document.getElementById('wrong-widget')!.click();
    expect(overlay()).toBeNull();
  });
});
