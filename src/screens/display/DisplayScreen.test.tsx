import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { displayScreenMachine } from '../../machines/display/displayScreen.machine';
import { displaySlidesMachine } from '../../machines/display/displaySlides.machine';
import type { DisplayMessage } from '../../services/display/messages';
import { renderScreen } from '../shared/test/render';
import { DisplayScreen } from './DisplayScreen';

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
      <DisplayScreen actor={display} slides={slides} shopName="Phở Cổ" pairHref="/portal/ecr-slide?pair" />,
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
    await renderScreen(<DisplayScreen actor={display} slides={slides} shopName="Phở Cổ" pairHref="/portal/ecr-slide?pair" />);
    send(1, { kind: 'idle' });
    expect(screen.getByTestId('display-shop-name').textContent).toBe('Phở Cổ');
    expect(screen.getByTestId('display-images-note').textContent).toContain('sales settings');
    act(() => screen.getByRole('button', { name: 'Show slide 2' }).click());
    expect(screen.getByTestId('display-slide-current').getAttribute('data-index')).toBe('1');
    act(() => display.send({ type: 'LINK.STATE', state: 'revoked' }));
    expect(screen.getByTestId('display-link-revoked').querySelector('a')?.getAttribute('href')).toBe('/portal/ecr-slide?pair');
  });
});
