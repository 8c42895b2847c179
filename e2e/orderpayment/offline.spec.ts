import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { guestOrder, OrderPaymentPage } from '../pages/orderpayment';
import { switchLanguage } from '../support/shell';

// Selling through an outage (D337–D341): the browser drops its network on the payment page of an
// order it had loaded; the shell's banner says the till is offline and what cannot be done, QR (and
// card, link) is refused with its message, cash stays; the network returns and the banner goes. The
// queued-orders scenario (three orders paid in cash offline, a reload, exactly three on the service)
// is offline-orders.spec.ts.

const SIZES = [
  { width: 375, height: 812, lang: 'vi' as const },
  { width: 1366, height: 900, lang: 'en' as const },
];

const TEXT = {
  vi: { banner: 'Ngoại tuyến — 0 đang chờ gửi', refused: 'Thanh toán QR, thẻ và link cần kết nối tới hệ thống' },
  en: { banner: 'Offline — 0 waiting', refused: 'QR, card and link payments need the connection to the service' },
};

for (const size of SIZES) {
  test(`D339: offline at ${size.width} px (${size.lang}), the banner says so and QR is refused with its message; cash stays`, async ({
    page,
    context,
    sandbox,
  }, info) => {
    test.slow();
    await page.setViewportSize({ width: size.width, height: size.height });
    const merchant = await sandbox.createMerchant();
    const order = await guestOrder(sandbox, merchant);
    const screen = await OrderPaymentPage.open(page, merchant, order.orderId, size.lang);
    if (size.lang === 'en') await switchLanguage(page, 'en');

    await context.setOffline(true);
    const banner = page.getByTestId('outbox-status');
    await expect(banner).toContainText(TEXT[size.lang].banner);
    await screen.chooseTab('qr');
    await expect(page.getByTestId('payment-offline-refused')).toContainText(TEXT[size.lang].refused);
    await expect(page.getByTestId('qr-panel')).toHaveCount(0);
    // Unclipped: the banner's text fits its box at this width.
    const clipped = await banner.evaluate((el) => [...el.querySelectorAll('p')].some((p) => p.scrollWidth > p.clientWidth + 1));
    expect(clipped).toBe(false);
    await expectNoAxeViolations(page, `payment offline ${size.width} ${size.lang}`, info);

    await screen.chooseTab('cash');
    await expect(page.getByTestId('cash-received')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByTestId('outbox-status')).toBeEmpty({ timeout: 20_000 });
  });
}
