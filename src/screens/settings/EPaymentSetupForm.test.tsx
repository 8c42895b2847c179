import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ePaymentSetupMachine } from '../../machines/settings/ePaymentSetup.machine';
import type { PaymentSetup, PaymentSetupBody } from '../../services/settings/schemas';
import { renderScreen } from '../shared/test/render';
import { EPaymentSetupForm } from './EPaymentSetupForm';

/** The payment form on the real ePaymentSetup machine (stubbed service calls): its load and save failures. */

afterEach(cleanup);

const saved: PaymentSetup = {
  redirectUrl: 'https://shop.example.vn/ok',
  cancelUrl: 'https://shop.example.vn/cancel',
  ipnUrl: 'https://shop.example.vn/ipn',
  ewallet: { id: 1, active: false, url: '', accessKeyMask: '', secretKeyMask: '', partnerCode: '' },
  qr: { id: 2, active: true, channelId: 'POS-01' },
};

describe('EPaymentSetupForm', () => {
  it('says why it could not load and retries; a refused save keeps what was typed and says why', async () => {
    const loads = [() => Promise.reject(new TypeError('fetch failed')), () => Promise.resolve(saved)];
    const save = vi.fn(async (_body: PaymentSetupBody) => {
      // As the client throws a VALIDATION_ERROR answer (CONTRACT14 §A): a code and the refused fields.
      throw { code: 'VALIDATION_ERROR', data: { errors: [{ field: 'qr.channel_id', msg: 'unknown channel' }] } };
    });
    const failed = vi.fn();
    const actor = createActor(
      ePaymentSetupMachine.provide({
        actors: {
          loadPaymentSetup: fromPromise<PaymentSetup, void>(() => loads.shift()!()),
          savePaymentSetup: fromPromise<void, PaymentSetupBody>(({ input }) => save(input)),
        },
        actions: { notifySaveFailed: (_, params: { code: string }) => failed(params.code) },
      }),
    ).start();
    await renderScreen(<EPaymentSetupForm actor={actor} />);
    await waitFor(() => expect(screen.getByTestId('payment-load-failed').textContent).toContain('The payment setup could not be loaded'));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('payment-form')).toBeTruthy());
    fireEvent.change(screen.getByTestId('payment-channelId'), { target: { value: 'POS-02' } });
    await act(async () => {
      fireEvent.submit(screen.getByTestId('payment-form'));
    });
    await waitFor(() => expect(screen.getByTestId('payment-save-error').textContent).toContain('Some values were refused'));
    expect(save).toHaveBeenCalledOnce();
    expect(failed).toHaveBeenCalledWith('VALIDATION_ERROR');
    expect(screen.getByTestId('payment-channelId').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByTestId('payment-channelId') as HTMLInputElement).value).toBe('POS-02');
  });
});
