import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { displayScreenMachine } from '../../machines/display/displayScreen.machine';
import { displaySlidesMachine } from '../../machines/display/displaySlides.machine';
import type { DisplayMessage } from '../../services/display/messages';
import type { DisplayLook } from '../../services/display/schemas';
import { renderScreen } from '../shared/test/render';
import { DisplayScreen } from './DisplayScreen';
import { slideCount } from './SlideView';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const noImage = () => Promise.reject(new Error('no image in this test'));

const order = {
  order_code: 'DH0042',
  table_name: '<b>Bàn 3</b>',
  updated_at: 1_790_000_000,
  point: 8,
  sub_total: 85_000,
  total: 85_000,
  lines: [
    { name: '<img src=x onerror=alert(1)>Phở', amount: 1, price: 55_000 },
    { name: 'Trà đá', amount: 3, price: 10_000 },
  ],
};

function setup() {
  const display = createActor(displayScreenMachine).start();
  const slides = createActor(displaySlidesMachine, { input: { count: 3, autoplay: false } }).start();
  const send = (seq: number, rest: Omit<DisplayMessage, 'v' | 'seq' | 'at'>) =>
    act(() => display.send({ type: 'MESSAGE', message: { v: 1, seq, at: seq, ...rest } }));
  return { display, slides, send };
}

describe('DisplayScreen', () => {
  it('shows the order summary with every text from the order as text, then the QR to pay', async () => {
    const { display, slides, send } = setup();
    const { container } = await renderScreen(
      <DisplayScreen actor={display} slides={slides} shopName="Phở Cổ" look={null} loadImage={noImage} pairHref="/portal/ecr-slide?pair" />,
    );
    expect(screen.getByTestId('display-waiting')).toBeTruthy();
    send(1, { kind: 'order', order });
    expect(screen.getByTestId('display-order-code').textContent).toBe('DH0042');
    expect(screen.getByTestId('display-order-table').textContent).toBe('<b>Bàn 3</b>');
    expect(screen.getByText('<img src=x onerror=alert(1)>Phở')).toBeTruthy();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByTestId('display-order-total').textContent).toBe('85.000\u00a0₫');
    expect(screen.queryByTestId('display-qr')).toBeNull();

    send(2, { kind: 'pay', order, pay: { method: 'QR', qr: '00020101021238570010A000000727', amount: 85_000 } });
    await waitFor(() => expect(screen.getByTestId('display-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/));
    expect(screen.getByRole('img', { name: 'VietQR to pay 85.000\u00a0₫ for order DH0042' })).toBeTruthy();

    send(3, { kind: 'pay', order, pay: { method: 'CARD', amount: 85_000 } });
    expect(screen.getByTestId('display-pay-card')).toBeTruthy();
    expect(screen.queryByTestId('display-qr')).toBeNull();

    send(4, { kind: 'success', order, pay: { method: 'CARD', amount: 85_000 } });
    expect(screen.getByTestId('display-success-amount').textContent).toBe('Paid 85.000\u00a0₫');
    // A late copy of an older message does not take the screen back.
    send(3, { kind: 'pay', order, pay: { method: 'CARD', amount: 85_000 } });
    expect(screen.getByTestId('display-success')).toBeTruthy();
  });

  it('shows the carousel with the shop name and says plainly that pictures come with the settings', async () => {
    const { display, slides, send } = setup();
    await renderScreen(
      <DisplayScreen actor={display} slides={slides} shopName="Phở Cổ" look={null} loadImage={noImage} pairHref="/portal/ecr-slide?pair" />,
    );
    send(1, { kind: 'idle' });
    expect(screen.getByTestId('display-shop-name').textContent).toBe('Phở Cổ');
    expect(screen.getByTestId('display-images-note').textContent).toContain('sales settings');
    act(() => screen.getByRole('button', { name: 'Show slide 2' }).click());
    expect(screen.getByTestId('display-slide-current').getAttribute('data-index')).toBe('1');
    act(() => display.send({ type: 'LINK.STATE', state: 'revoked' }));
    expect(screen.getByTestId('display-link-revoked').querySelector('a')?.getAttribute('href')).toBe('/portal/ecr-slide?pair');
  });

  describe('the shop’s screen customisation (D296; issue 27 §7)', () => {
    const look: DisplayLook = {
      banners: ['/api/sale/saas/image/12', '/api/sale/saas/image/13'],
      first_welcome: '<i>Chào mừng</i> quý khách',
      second_welcome: 'Mời gọi món',
      thank_content: 'Cảm ơn <b>quý khách</b>',
    };

    it('shows its banners in the carousel, with alt texts and one button per banner, under its welcome texts', async () => {
      vi.stubGlobal('URL', { ...URL, createObjectURL: () => 'blob:banner', revokeObjectURL: () => undefined });
      const { display, slides, send } = setup();
      slides.send({ type: 'COUNT', count: slideCount(look) });
      const loadImage = vi.fn(async () => new Blob(['png']));
      const { container } = await renderScreen(
        <DisplayScreen actor={display} slides={slides} shopName="Phở Cổ" look={look} loadImage={loadImage} pairHref="/p" />,
      );
      send(1, { kind: 'idle' });
      // Typed by the shop: shown as text, never as HTML.
      expect(screen.getByTestId('display-welcome').textContent).toBe('<i>Chào mừng</i> quý khách');
      expect(container.querySelector('i')).toBeNull();
      expect(screen.getByText('Mời gọi món')).toBeTruthy();
      const banner = await screen.findByRole('img', { name: 'Phở Cổ: picture 1 of 2' });
      expect(banner.getAttribute('data-src')).toBe('/api/sale/saas/image/12');
      expect(loadImage).toHaveBeenCalledWith('/api/sale/saas/image/12');
      expect(screen.queryByTestId('display-images-note')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Show slide 3' })).toBeNull();
      act(() => screen.getByRole('button', { name: 'Show slide 2' }).click());
      expect(await screen.findByRole('img', { name: 'Phở Cổ: picture 2 of 2' })).toBeTruthy();
      // The carousel keeps its controls (D144): pause and play.
      expect(screen.getByTestId('display-slide-toggle').textContent).toBe('Play the slides');

      send(2, { kind: 'success', pay: { method: 'CASH', amount: 50_000 } });
      expect(screen.getByTestId('display-success-thanks').textContent).toBe('Cảm ơn <b>quý khách</b>');
      expect(container.querySelector('b')).toBeNull();
    });

    it('without banners: the text slides, with the shop’s welcome and thanks in place of ours', async () => {
      const { display, slides, send } = setup();
      slides.send({ type: 'COUNT', count: slideCount({ ...look, banners: [] }) });
      await renderScreen(
        <DisplayScreen
          actor={display}
          slides={slides}
          shopName="Phở Cổ"
          look={{ ...look, banners: [] }}
          loadImage={noImage}
          pairHref="/p"
        />,
      );
      send(1, { kind: 'idle' });
      expect(screen.getByTestId('display-welcome').textContent).toBe('<i>Chào mừng</i> quý khách');
      expect(screen.queryByRole('img')).toBeNull();
      expect(screen.getByTestId('display-images-note')).toBeTruthy();
      act(() => screen.getByRole('button', { name: 'Show slide 3' }).click());
      expect(screen.getByText('Cảm ơn <b>quý khách</b>')).toBeTruthy();
    });

    it('with nothing saved: today’s texts (D144)', async () => {
      const { display, slides, send } = setup();
      await renderScreen(<DisplayScreen actor={display} slides={slides} shopName="Phở Cổ" look={null} loadImage={noImage} pairHref="/p" />);
      send(1, { kind: 'success' });
      expect(screen.getByTestId('display-success-thanks').textContent).toBe('Thank you! See you again soon.');
    });
  });
});
