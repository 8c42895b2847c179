import { expectNoAxeViolations } from '../support/axe';
import { BASE_URL } from '../support/env';
import { expect, test } from '../support/fixtures';
import { REVIEW_LOOKS, lookName, openInLook, signInInLook } from '../support/looks';
import { decodeVietQrPng } from '../support/qr';
import type { ThrowawayMerchant } from '../support/sandbox';
import { guestOrder, OrderPaymentPage } from '../pages/orderpayment';

// Core §7 POST /payment/push-qr-terminal (D298): the cashier sends the order's QR to a Soundbox of the
// order's store, and the Soundbox (the sandbox's record of it) shows exactly the QR on the screen.

/** The owner activates the merchant's first Soundbox (store 1, ONLINE and selected in the seed; core §4). */
async function activateFirstSoundbox(merchant: ThrowawayMerchant): Promise<string> {
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${BASE_URL}/api/portal${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBe(200);
    return (await res.json()) as { data: unknown };
  };
  const login = (await call('POST', '/user/login', undefined, { username: merchant.username, password: merchant.password })).data as {
    access_token: string;
  };
  const boxes = (await call('GET', '/metadata/edc?type_edc=2&page_size=100', login.access_token)).data as Array<{ serial_number: string }>;
  const serial = boxes[0]!.serial_number;
  await call('PUT', '/metadata/edc/active', login.access_token, { serial_number: serial });
  return serial;
}

interface Received {
  received: { qr: string; order_id: number; order_code: string; amount: number; times: number } | null;
}

test.describe("Issue 27 §7: the order's QR on the store's Soundbox", () => {
  test("issue 27 §7, core §7: the cashier sends the order's QR to the store's Soundbox, which receives exactly that QR (vi and en, 1366 and 375 px)", async ({
    page,
    sandbox,
  }, info) => {
    test.setTimeout(300_000);
    const merchant = await sandbox.createMerchant();
    const serial = await activateFirstSoundbox(merchant);
    for (const [i, look] of REVIEW_LOOKS.entries()) {
      // A guest's table order belongs to the merchant's first store (D297), the Soundbox's store.
      const order = await guestOrder(sandbox, merchant, `Bàn ${3 + i}`);
      const path = `/sale-order/payment/${order.orderId}?tab=qr`;
      if (i === 0) await signInInLook(page, merchant, path, look);
      else await openInLook(page, path, look);
      const s = new OrderPaymentPage(page, look.lang);
      await expect(s.qr).toBeVisible({ timeout: 20_000 });
      const control = page.getByTestId('soundbox-push');
      await expect(control).toContainText(s.tx('soundbox.one', { serial }));
      const send = control.getByRole('button', { name: s.tx('soundbox.push') });
      await send.click();
      await expect(page.getByTestId('soundbox-pushed')).toHaveText(s.tx('soundbox.pushed', { serial }));
      const shown = decodeVietQrPng(await s.qr.screenshot());
      const got = await sandbox.trigger<Received>('soundbox-received', { serial });
      expect(got.received).toMatchObject({
        qr: shown.raw,
        order_id: order.orderId,
        order_code: order.orderCode,
        amount: order.total,
        times: 1,
      });
      await expectNoAxeViolations(page, `QR tab with the Soundbox control (${lookName(look)})`, info);
      if (look.width === 375) await page.screenshot({ path: `/tmp/pw-wt-opay-soundbox-${look.lang}-375.png`, fullPage: true });
      // Sending again is the same push, shown again (one record).
      await control.getByRole('button', { name: s.tx('soundbox.pushAgain') }).click();
      await expect.poll(async () => (await sandbox.trigger<Received>('soundbox-received', { serial })).received?.times).toBe(2);
    }
  });
});
