import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { payLinkMachine } from '../../machines/paylink/payLink.machine';
import type { CreateLinkBody, MerchantInfo, PaymentLink } from '../../services/checkout';
import { renderScreen } from '../shared/test/render';
import { PayLinkForm } from './PayLinkScreen';

afterEach(cleanup);

const link: PaymentLink = {
  id: 'pl_0123456789abcdef',
  url: 'http://127.0.0.1:5280/checkout/?appId=wdg_0123456789ab&orderId=DH01&amount=150000&sig=x',
  app_id: 'wdg_0123456789ab',
  merchant_id: '10000001',
  order_id: 'DH01',
  amount: 150000,
  invoice_id: null,
  status: 'OPEN',
  created_at: 1795000000,
  expires_at: 1795086400,
  paid_at: null,
  method: null,
};

function start(options: { widgetFails?: boolean } = {}) {
  const createLink = vi.fn(async ({ input }: { input: { body: CreateLinkBody } }) => ({ ...link, order_id: input.body.order_id }));
  const actor = createActor(
    payLinkMachine.provide({
      actors: {
        loadMerchant: fromPromise(async () => {
          if (options.widgetFails) throw { code: 'SYSTEM_FAIL', status: 500 };
          return { widget: { id: 'wdg_0123456789ab' } } as MerchantInfo;
        }),
        createLink: fromPromise(createLink as never),
      },
    }),
    { input: { merchantRef: '10000001' } },
  ).start();
  return { actor, createLink };
}

describe('PayLinkForm', () => {
  it('keeps the amount raw while focused, shows it with separators and ₫ once left, and sends the raw number', async () => {
    const { actor, createLink } = start();
    await renderScreen(<PayLinkForm actor={actor} />);
    const amount = await screen.findByRole('textbox', { name: /^Amount/ });
    await waitFor(() => expect(amount).not.toBeDisabled());
    fireEvent.focus(amount);
    fireEvent.keyDown(amount, { key: 'e' });
    expect(await screen.findByText('Only digits can be typed here.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '150000' } });
    expect((amount as HTMLInputElement).value).toBe('150000');
    fireEvent.blur(amount);
    expect((amount as HTMLInputElement).value).toBe('150.000\u00a0₫');
    fireEvent.change(screen.getByRole('textbox', { name: /^Order ID/ }), { target: { value: ' DH01 ' } });
    fireEvent.click(screen.getByTestId('paylink-submit'));
    await screen.findByTestId('paylink-result');
    expect(createLink.mock.calls[0]![0].input.body).toEqual({ app_id: 'wdg_0123456789ab', order_id: 'DH01', amount: 150000 });
  });

  it('says each field’s problem after a submit, and create_payment_link_error with a retry without the widget id', async () => {
    const { actor } = start();
    await renderScreen(<PayLinkForm actor={actor} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Order ID/ })).not.toBeDisabled());
    fireEvent.change(screen.getByRole('textbox', { name: /^Order ID/ }), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('paylink-submit'));
    expect(await screen.findByText('The order ID must contain at least one character other than a space.')).toBeTruthy();
    expect(screen.getByText('Please enter the amount.')).toBeTruthy();
    cleanup();

    const failing = start({ widgetFails: true });
    await renderScreen(<PayLinkForm actor={failing.actor} />);
    expect(await screen.findByTestId('paylink-widget-failed')).toBeTruthy();
    expect(screen.getByText('Payment links cannot be made right now')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Order ID/ })).toBeDisabled();
  });
});
