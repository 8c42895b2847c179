// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pngOf } from '../../platform/test/images';
import { t, freshMerchant, pairedDisplay, unpair, useDisplayFixture } from './display.fixture';

useDisplayFixture();

/** D296: the display reads the shop's saved screen customisation through its own routes. */

async function uploadBackground(token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([(await pngOf(16, 9)) as BlobPart], { type: 'image/png' }), 'bg.png');
  const res = await fetch(`${t.url}/api/sale/saas/image?kind=background`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { url: string } }).data.url;
}

async function saveLook(token: string, banners: string[], welcome: string) {
  const defaults = (await t.api('GET', '/api/checkout/ui_custom/default_image', { token })).body.data;
  const res = await t.api('POST', '/api/checkout/ui_custom/create_update', {
    token,
    body: {
      banners,
      first_welcome: welcome,
      second_welcome: 'Mời quý khách gọi món',
      order_img: defaults.order[0],
      success_payment_img: defaults.success[0],
      thank_content: 'Cảm ơn <b>quý khách</b>',
    },
  });
  expect(res.status).toBe(200);
}

const look = (token: string) => t.api('GET', '/api/sale/display/look', { token });
const image = (token: string, url: string) =>
  fetch(`${t.url}/api/sale/display/image/${url.split('/').pop()}`, { headers: { authorization: `Bearer ${token}` } });

describe('the display’s look (D296; issue 27 §7)', () => {
  it('null before the shop saves a customisation, for the display token and the session alike', async () => {
    const m = await freshMerchant();
    const { displayToken } = await pairedDisplay(m.token);
    for (const token of [displayToken, m.token]) {
      const answer = await look(token);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({ shop_name: expect.any(String), look: null });
    }
  });

  it('issue 27 §7: carries the saved banners and texts of the paired store’s merchant only, and serves those banners', async () => {
    const a = await freshMerchant();
    const b = await freshMerchant();
    const aBanners = [await uploadBackground(a.token), await uploadBackground(a.token)];
    const bBanner = await uploadBackground(b.token);
    await saveLook(a.token, aBanners, 'Chào mừng đến quán A');
    await saveLook(b.token, [bBanner], 'Quán B xin chào');
    const { displayToken } = await pairedDisplay(a.token);

    const answer = await look(displayToken);
    expect(answer.body.data.look).toEqual({
      banners: aBanners,
      first_welcome: 'Chào mừng đến quán A',
      second_welcome: 'Mời quý khách gọi món',
      // Stored as typed: the display renders it as text, never as HTML.
      thank_content: 'Cảm ơn <b>quý khách</b>',
    });
    expect((await look(a.token)).body.data).toEqual(answer.body.data);

    const own = await image(displayToken, aBanners[0]!);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    // Another merchant's banner answers as a missing one, to the display and to that merchant's session.
    expect((await image(displayToken, bBanner)).status).toBe(404);
    expect((await image(a.token, bBanner)).status).toBe(404);
    expect((await image(b.token, bBanner)).status).toBe(200);
  });

  it('serves only the banners the customisation names now; a later save shows at the next read', async () => {
    const m = await freshMerchant();
    const [first, second] = [await uploadBackground(m.token), await uploadBackground(m.token)];
    await saveLook(m.token, [first!], 'Xin chào');
    const { displayToken } = await pairedDisplay(m.token);
    expect((await image(displayToken, second!)).status).toBe(404);
    await saveLook(m.token, [second!], 'Xin chào lần nữa');
    expect((await look(displayToken)).body.data.look).toMatchObject({ banners: [second], first_welcome: 'Xin chào lần nữa' });
    expect((await image(displayToken, first!)).status).toBe(404);
    expect((await image(displayToken, second!)).status).toBe(200);
  });

  it('refuses a revoked display token and no token', async () => {
    const m = await freshMerchant();
    const { displayToken, pairingId } = await pairedDisplay(m.token);
    await unpair(m.token, pairingId);
    for (const token of [displayToken, undefined]) {
      const answer = await look(token as string);
      expect(answer.status).toBe(401);
      expect(answer.body.error_code).toBe('AUTHEN_FAIL');
    }
  });
});
