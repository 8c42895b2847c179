import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleWidget } from '../../services/checkout/samples';
import { renderScreen } from '../shared/test/render';
import { CheckoutView, contrastRatio, readableOn, type CheckoutLook, type CheckoutViewProps } from './CheckoutView';

// The default look: the sample widget without its id.
const { id: _widgetId, ...defaults }: { id: string } & CheckoutLook = sampleWidget;

const dark: CheckoutLook = {
  primary_color: '#0B1F3A',
  secondary_color: '#123456',
  logo_url: '/api/checkout/widgets/wdg_0123456789ab/logo?v=deadbeef',
  logo_height: 60,
  logo_position: 'right',
  button_color: '#d9480f',
  button_border: false,
  border_radius: 20,
  button_text: 'Trả ngay <b>',
};

afterEach(cleanup);

/** The DOM may keep '#rrggbb' or give 'rgb(r, g, b)'; compare as hex. */
function hex(value: string): string {
  const m = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(value);
  return m
    ? `#${m
        .slice(1)
        .map((c) => Number(c).toString(16).padStart(2, '0'))
        .join('')}`
    : value.toLowerCase();
}

function props(overrides: Partial<CheckoutViewProps> = {}): CheckoutViewProps {
  return {
    look: defaults,
    merchantName: 'Phở Cổ <script>',
    orderId: 'DH-0042',
    amount: 1_250_000,
    methods: ['qr_code', 'credit_card'],
    selected: null,
    onSelect: () => {},
    countdown: '01:00:00',
    status: 'open',
    mode: 'live',
    ...overrides,
  };
}

describe('readableOn', () => {
  it('picks black or white with at least 4.5:1 for any background', () => {
    for (let r = 0; r < 256; r += 17)
      for (let g = 0; g < 256; g += 17)
        for (let b = 0; b < 256; b += 17) {
          const bg = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
          expect(contrastRatio(bg, readableOn(bg)), bg).toBeGreaterThanOrEqual(4.5);
        }
    expect(readableOn('#ffffff')).toBe('#000000');
    expect(readableOn('#0b1f3a')).toBe('#ffffff');
  });
});

describe('CheckoutView', () => {
  it('renders the default look: colours, centred page, order, amount, countdown and the methods', async () => {
    await renderScreen(<CheckoutView {...props()} />);
    const view = screen.getByTestId('checkout-view');
    expect(hex(view.style.background)).toBe('#f5f5f5');
    expect(hex(view.style.color)).toBe('#000000');
    const card = screen.getByTestId('checkout-card');
    expect(hex(card.style.background)).toBe('#ffffff');
    expect(card.style.borderRadius).toBe('8px');
    expect(screen.getByTestId('checkout-logo-row').style.justifyContent).toBe('center');
    expect(screen.queryByTestId('checkout-logo')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Phở Cổ <script>');
    expect(screen.getByTestId('checkout-order-id').textContent).toBe('DH-0042');
    expect(screen.getByTestId('checkout-amount').textContent).toBe('1.250.000\u00a0₫');
    expect(screen.getByTestId('checkout-countdown').textContent).toBe('Time left 01:00:00');
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['qr_code', 'credit_card']);
    expect(screen.queryByTestId('checkout-preview-badge')).toBeNull();
    // Nothing chosen yet: no panel and no pay button.
    expect(screen.queryByTestId('checkout-panel')).toBeNull();
    expect(screen.queryByTestId('checkout-pay')).toBeNull();
  });

  it('renders a dark look with white text, the logo at its size and side, and the custom button', async () => {
    const onSelect = vi.fn();
    await renderScreen(
      <CheckoutView {...props({ look: dark, selected: 'credit_card', onSelect, payFormId: 'card-form' })}>
        <p>card form here</p>
      </CheckoutView>,
    );
    const card = screen.getByTestId('checkout-card');
    expect(hex(card.style.background)).toBe('#0b1f3a');
    expect(hex(card.style.color)).toBe('#ffffff');
    expect(card.style.borderRadius).toBe('20px');
    expect(hex(screen.getByTestId('checkout-view').style.color)).toBe('#ffffff');
    const logo = screen.getByTestId('checkout-logo') as HTMLImageElement;
    expect(logo.getAttribute('src')).toBe(dark.logo_url);
    expect(logo.style.height).toBe('60px');
    expect(logo.alt).toBe('Phở Cổ <script> logo');
    expect(screen.getByTestId('checkout-logo-row').style.justifyContent).toBe('flex-end');
    const pay = screen.getByTestId('checkout-pay') as HTMLButtonElement;
    expect(pay.textContent).toBe('Trả ngay <b>');
    expect(hex(pay.style.background)).toBe('#d9480f');
    expect(pay.style.border).toBe('1px solid transparent');
    expect(pay.style.borderRadius).toBe('20px');
    expect(pay.type).toBe('submit');
    expect(pay.getAttribute('form')).toBe('card-form');
    expect(pay.disabled).toBe(false);
    expect(screen.getByTestId('checkout-panel').textContent).toBe('card form here');
    fireEvent.click(screen.getByRole('radio', { name: 'Scan a VietQR' }));
    expect(onSelect).toHaveBeenCalledWith('qr_code');
  });

  it('labels the preview and never lets it pay, even with the card chosen', async () => {
    await renderScreen(<CheckoutView {...props({ mode: 'preview', selected: 'credit_card' })} />, { language: 'vi' });
    expect(screen.getByTestId('checkout-preview-badge').textContent).toBe('Xem trước');
    expect(screen.getByRole('region', { name: 'Phở Cổ <script>' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 })).toBeTruthy();
    const pay = screen.getByTestId('checkout-pay') as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    expect(pay.type).toBe('button');
    expect(pay.textContent).toBe('Thanh toán');
    expect(pay.style.border).toMatch(/^1px solid (#000000|rgb\(0, 0, 0\))$/);
  });

  it('shows the paid state instead of the methods', async () => {
    await renderScreen(<CheckoutView {...props({ status: 'paid', selected: 'credit_card' })} />);
    expect(screen.getByTestId('checkout-paid').textContent).toContain('Paid');
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.queryByTestId('checkout-pay')).toBeNull();
    expect(screen.queryByTestId('checkout-countdown')).toBeNull();
    expect(screen.getByTestId('checkout-amount').textContent).toBe('1.250.000\u00a0₫');
  });

  it('shows the expired state instead of the methods', async () => {
    await renderScreen(<CheckoutView {...props({ status: 'expired', selected: 'qr_code' })} />, { language: 'vi' });
    expect(screen.getByTestId('checkout-expired').textContent).toContain('Liên kết đã hết hạn');
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.queryByTestId('checkout-panel')).toBeNull();
  });
});
