import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceClient } from '../../../services/http/client';
import { ServiceError } from '../../../services/http/errors';
import { sampleWidget } from '../../../services/checkout/samples';
import { createSessionSlots } from '../../../services/shared/sessionSlots';
import { renderScreen } from '../../../screens/shared/test/render';
import { HostedCheckoutApp } from './HostedCheckoutApp';

afterEach(cleanup);

const search =
  '?appId=wdg_0123456789ab&orderId=DH-42&amount=150000&merchantId=10000001&createdAt=1790000000&expiresAt=1790086400&sig=' + 'x'.repeat(43);

const info = (status: 'OPEN' | 'PAID' = 'OPEN') => ({
  status,
  link_id: 'pl_0123456789abcdef',
  order_id: 'DH-42',
  amount: 150_000,
  merchant_name: 'Phở Cổ',
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  paid_at: status === 'PAID' ? Math.floor(Date.now() / 1000) : null,
  method: status === 'PAID' ? 'CARD' : null,
  widget: sampleWidget,
  methods: ['qr_code', 'credit_card'],
  return_url: 'https://shop.example.vn/ok',
  cancel_url: 'javascript:alert(1)',
});

/** A checkout client answering from a script: each card call gets the next answer; keys are recorded. */
function fakeClient(cardAnswers: Array<() => unknown>) {
  const keys: string[] = [];
  let paid = false;
  const client = {
    service: 'checkout',
    data: vi.fn(async (spec: { path: string; headers?: Record<string, string>; schema: { parse(v: unknown): unknown } }) => {
      if (spec.path === '/pay') return spec.schema.parse(info(paid ? 'PAID' : 'OPEN'));
      if (spec.path === '/pay/card') {
        keys.push(spec.headers!['Idempotency-Key']!);
        const answer = cardAnswers.shift()!();
        paid = true;
        return spec.schema.parse(answer);
      }
      throw new Error(`unexpected ${spec.path}`);
    }),
  } as unknown as ServiceClient;
  return { client, keys };
}

const declined = () => {
  throw new ServiceError({ code: 'CARD_DECLINED', status: 402, kind: 'server' });
};
const lost = () => {
  throw new ServiceError({ code: 'NETWORK_ERROR', status: 0, kind: 'network' });
};
const approved = () => ({ status: 'PAID', paid_at: Math.floor(Date.now() / 1000) });

async function typeCard(number: string, cvc = '123') {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry date (MM/YY)'), { target: { value: '12/39' } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: cvc } });
  fireEvent.change(screen.getByLabelText('Name on the card'), { target: { value: 'NGUYEN VAN A' } });
  await act(async () => fireEvent.click(screen.getByTestId('checkout-pay')));
}

describe('HostedCheckoutApp', () => {
  it('keeps one key per attempt: a declined card gets a new key, a lost answer keeps it for the retry', async () => {
    const memory = new Map<string, string>();
    const slots = createSessionSlots(
      't.',
      () =>
        ({
          getItem: (k: string) => memory.get(k) ?? null,
          setItem: (k: string, v: string) => void memory.set(k, v),
          removeItem: (k: string) => void memory.delete(k),
        }) as unknown as Storage,
    );
    const { client, keys } = fakeClient([declined, lost, approved]);
    const parent = { postMessage: vi.fn() } as unknown as Window;
    await renderScreen(
      <HostedCheckoutApp client={client} search={search} language="en" onLanguage={() => {}} slots={slots} parentWindow={parent} />,
    );
    await waitFor(() => expect(screen.getByTestId('checkout-view')).toBeTruthy());
    // A cancel address that is not https is not offered as a link.
    expect(screen.queryByTestId('hosted-cancel')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Bank card' }));

    await typeCard('4000 0000 0000 0002');
    await waitFor(() => expect(screen.getByTestId('hosted-card-declined')).toBeTruthy());
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4000 0000 0000 0002');
    expect((screen.getByLabelText('CVC') as HTMLInputElement).value).toBe('');
    expect(memory.get('t.pl_0123456789abcdef')).toBeUndefined();

    await typeCard('4111 1111 1111 1111', '321');
    await waitFor(() => expect(screen.getByTestId('hosted-card-uncertain')).toBeTruthy());
    expect(memory.get('t.pl_0123456789abcdef')).toBe(keys[1]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send the payment again' })));
    await waitFor(() => expect(screen.getByTestId('checkout-paid')).toBeTruthy());

    expect(keys).toHaveLength(3);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe(keys[1]);
    expect(memory.get('t.pl_0123456789abcdef')).toBeUndefined();
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'checkout:paid', link_id: 'pl_0123456789abcdef' }, '*');
    expect(screen.getByTestId('hosted-return').getAttribute('href')).toBe('https://shop.example.vn/ok');
  });

  it('says the link is not valid when the address lacks a value, without calling the service', async () => {
    const { client } = fakeClient([]);
    await renderScreen(
      <HostedCheckoutApp client={client} search="?appId=wdg_0123456789ab" language="vi" onLanguage={() => {}} parentWindow={null} />,
      { language: 'vi' },
    );
    expect(screen.getByTestId('hosted-invalid').textContent).toContain('Liên kết thanh toán không hợp lệ');
    expect(client.data).not.toHaveBeenCalled();
  });
});
