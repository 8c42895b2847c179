import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from './test/render';
import { PaymentLinkResult } from './PaymentLinkResult';

afterEach(cleanup);

const url = 'http://127.0.0.1:4100/checkout/?appId=wdg_0123456789ab&orderId=DH01&amount=150000&sig=x';

describe('PaymentLinkResult', () => {
  it('shows the link, the amount and its QR, and copies the exact link', async () => {
    const writeText = vi.fn(async () => {});
    const onCopy = vi.fn();
    await renderScreen(
      <PaymentLinkResult url={url} orderId="DH01" amount={150000} expiresAt={1795086400} writeText={writeText} onCopy={onCopy} />,
    );
    expect(screen.getByTestId('payment-link-url').getAttribute('href')).toBe(url);
    expect(screen.getByTestId('payment-link-amount').textContent).toBe('150.000\u00a0₫');
    await screen.findByTestId('payment-link-qr');
    fireEvent.click(screen.getByTestId('payment-link-copy'));
    await waitFor(() => expect(onCopy).toHaveBeenCalledWith('copied'));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(screen.getByTestId('payment-link-copy-status').textContent).not.toBe('');
  });

  it('says the copy failed when the clipboard refuses, and keeps the link on screen', async () => {
    const onCopy = vi.fn();
    await renderScreen(
      <PaymentLinkResult
        url={url}
        orderId="DH01"
        amount={150000}
        expiresAt={1795086400}
        writeText={() => Promise.reject(new Error('denied'))}
        onCopy={onCopy}
      />,
    );
    fireEvent.click(screen.getByTestId('payment-link-copy'));
    await waitFor(() => expect(onCopy).toHaveBeenCalledWith('copy_fail'));
    expect(screen.getByTestId('payment-link-url').textContent).toBe(url);
  });

  it('renders an order id with markup as text only', async () => {
    const hostile = '<img src=x onerror="alert(1)">Đơn\u0000';
    const { container } = await renderScreen(<PaymentLinkResult url={url} orderId={hostile} amount={1000} expiresAt={1795086400} />);
    expect(screen.getByTestId('payment-link-order').textContent).toBe(hostile);
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });
});
