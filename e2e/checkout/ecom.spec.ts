import { expectNoAxeViolations } from '../support/axe';
import { DEMO } from '../support/env';
import { expect, test } from '../support/fixtures';
import { t } from '../support/i18n';
import { LOOKS, lookName, openInLook } from '../support/looks';
import { checkoutLook, EcomPage, oversizedPng, solidPng } from '../pages/checkout';

// /e-com (doc 2 §2 Checkout widget setup, §3 Merchant/widget info, §5 widget form and logo
// upload, §7 checkout service, §8 Widget save, §9 widget defaults; D152–D155). Tests that save use a
// throwaway copy of phoco of their own; the staff-type and axe checks only read or do not save.

const PRIMARY = { hex: '#1a2b3c', rgb: 'rgb(26, 43, 60)' };
const SECONDARY = { hex: '#fce4ec', rgb: 'rgb(252, 228, 236)' };

test.describe('Issue 14: checkout widget setup (/e-com)', () => {
  test('doc 2 §2, §5: colours and logo change the preview at once, stay after a reload, and the hosted page shows the same', async ({
    page,
    sandbox,
    browser,
  }) => {
    test.slow();
    const merchant = await sandbox.createMerchant();
    const e = await EcomPage.open(page, merchant);
    await e.ready();
    await expect(e.checkoutUrl).toHaveValue(/\/checkout\/$/);
    await expect(e.checkoutUrl).toHaveAttribute('readonly', '');
    // doc 2 §9: the countdown of the preview is a sample, 01:00:00.
    await expect(e.preview.getByTestId('checkout-countdown')).toContainText('01:00:00');
    await expect(e.preview).toHaveAttribute('data-mode', 'preview');
    for (const [input, url] of [
      [e.returnUrl, 'https://shop.example.vn/done'],
      [e.cancelUrl, 'https://shop.example.vn/cancel'],
      [e.ipnUrl, 'https://shop.example.vn/ipn'],
    ] as const)
      await input.fill(url);

    await e.setColour(e.primary, PRIMARY.hex);
    await expect.poll(async () => (await e.look()).cardBackground).toBe(PRIMARY.rgb);
    // Text on the dark card turns white (contrast), in the preview as on the page.
    expect((await e.look()).cardText).toBe('rgb(255, 255, 255)');
    await e.setColour(e.secondary, SECONDARY.hex);
    await expect.poll(async () => (await e.look()).pageBackground).toBe(SECONDARY.rgb);
    await e.setColour(e.button, '#ff6f00');

    await e.logoFile.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(40, 40, [230, 81, 0]) });
    await expect(e.preview.getByTestId('checkout-logo')).toBeVisible();
    await e.chooseRadio('logo.height', 'logo.heights.60');
    await e.chooseRadio('logo.position', 'logo.positions.right');
    await expect.poll(async () => (await e.look()).logoJustify).toBe('flex-end');
    const before = await e.look();
    expect(before).toMatchObject({ logoHeight: 60, logoNaturalSize: '40x40', logoPath: 'blob' });

    await e.save.click();
    await expect(page.getByText(e.tx('save.successTitle'), { exact: true })).toBeVisible();
    await page.reload();
    await e.ready();
    await expect(e.primary).toHaveValue(PRIMARY.hex);
    await expect(e.secondary).toHaveValue(SECONDARY.hex);
    await expect(e.ipnUrl).toHaveValue('https://shop.example.vn/ipn');
    const saved = await e.look();
    expect({ ...saved, logoPath: null }).toEqual({ ...before, logoPath: null });
    expect(saved.logoPath).toMatch(/^\/api\/checkout\/widgets\/wdg_[0-9a-f]{12}\/logo\?v=[0-9a-f]{8}$/);

    // The embed script (contract §I) names this widget and copies as shown.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: e.tx('embed.copy') }).click();
    await expect(page.getByTestId('ecom-embed-copied')).toHaveText(e.tx('embed.copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await e.embed.textContent());

    // The payer's side: a link made for this merchant opens the hosted page with the same look.
    const link = await e.createLink({ app_id: await e.widgetId(), order_id: 'E2E-ECOM-1', amount: 150_000 });
    const payer = await browser.newContext();
    try {
      const hosted = await payer.newPage();
      await hosted.goto(link.url);
      const view = hosted.getByTestId('checkout-view');
      await expect(view).toHaveAttribute('data-mode', 'live', { timeout: 15_000 });
      await expect(view.getByTestId('checkout-order-id')).toHaveText('E2E-ECOM-1');
      expect(await checkoutLook(view)).toEqual(saved);
    } finally {
      await payer.close();
    }
  });

  test('doc 2 §5, §8 (in English): the three URLs are required and must be https; a text file renamed .png is refused', async ({
    page,
    sandbox,
  }) => {
    const merchant = await sandbox.createMerchant();
    await EcomPage.open(page, merchant);
    await openInLook(page, '/e-com', { lang: 'en', width: 1280 });
    const e = new EcomPage(page, 'en');
    await e.ready();
    await e.ipnUrl.fill('');
    // Submit stays disabled while a URL is empty (doc 2 §5).
    await expect(e.save).toBeDisabled();
    await e.ipnUrl.fill('http://shop.example.vn/ipn');
    await e.returnUrl.fill('https://shop.example.vn/a b');
    await e.save.click();
    await expect(page.getByText(e.tx('errors.https'))).toBeVisible();
    await expect(page.getByText(e.tx('errors.spaces'))).toBeVisible();
    await expect(e.ipnUrl).toHaveValue('http://shop.example.vn/ipn');

    await e.logoFile.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('this is a text file, not an image') });
    await expect(e.logoRefused).toHaveText(e.tx('logo.refused.format', { name: 'notes.png' }));
    await expect(e.preview.getByTestId('checkout-logo')).toHaveCount(0);
    await e.logoFile.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: oversizedPng(102_401),
    });
    await expect(e.logoRefused).toHaveText(e.tx('logo.refused.size', { name: 'big.png' }));
  });

  test('D87, D152: a staff-type user sees that only the owner sets up the checkout widget', async ({ page }) => {
    const e = await EcomPage.open(page, DEMO.staff, 'vi');
    await expect(e.ownerOnly).toContainText(t('vi', 'common:ownerOnly.page'));
    await expect(e.save).toHaveCount(0);
    await expect(page.getByTestId('checkout-view')).toHaveCount(0);
  });

  test('core §1, WCAG 2.2 AA: /e-com is axe clean in vi and en, desktop and 375 px, with light and with dark merchant colours', async ({
    page,
  }, info) => {
    test.slow();
    await EcomPage.open(page, DEMO.phoco);
    for (const look of LOOKS) {
      const e = new EcomPage(page, look.lang);
      await openInLook(page, '/e-com', look);
      await e.ready();
      await expectNoAxeViolations(page, `e-com, light colours (${lookName(look)})`, info);
      // Dark colours, not saved: the preview's text turns white and stays readable.
      await e.setColour(e.primary, '#111111');
      await e.setColour(e.secondary, '#222244');
      await e.setColour(e.button, '#0d47a1');
      await expect.poll(async () => (await e.look()).cardText).toBe('rgb(255, 255, 255)');
      await expectNoAxeViolations(page, `e-com, dark colours (${lookName(look)})`, info);
      if (look.width === 375) {
        // The preview goes under the form on a narrow screen.
        const form = await page.getByTestId('ecom-form').boundingBox();
        const preview = await page.getByTestId('ecom-preview').boundingBox();
        expect(preview!.y).toBeGreaterThan(form!.y + form!.height - 1);
      }
    }
  });
});
