import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { saleOnboardingMachine } from '../../machines/onboarding/saleOnboarding.machine';
import type { SaleMerchant, SaleSettingsChange, Subscription } from '../../services/onboarding/schemas';
import { renderScreen } from '../shared/test/render';
import { OnboardingScreen } from './OnboardingScreen';

afterEach(cleanup);

const merchant: SaleMerchant = {
  merchant_id: '10000009',
  logo: null,
  banner: null,
  address: '<b>36 Hàng Bạc</b>',
  hotline: '02439123456',
  website: null,
  point_percent: 0,
  is_fnb: true,
};

function start(subscription: Subscription) {
  const saved: SaleSettingsChange[] = [];
  const codes: string[] = [];
  const actor = createActor(
    saleOnboardingMachine.provide({
      actors: {
        loadConfig: fromPromise<{ subscription: Subscription; merchant: SaleMerchant }, void>(async () => ({ subscription, merchant })),
        registerFree: fromPromise<Subscription, { entityId: string }>(async () => ({ is_active: true, plan: 'FREE', activated_at: 1 })),
        registerCode: fromPromise<Subscription, { code: string; entityId: string }>(async ({ input }) => {
          codes.push(input.code);
          throw Object.assign(new Error('refused'), { code: 'CODE_INVALID', status: 400, data: {}, kind: 'server' });
        }),
        saveSettings: fromPromise<SaleMerchant, SaleSettingsChange>(async ({ input }) => {
          saved.push(input);
          return merchant;
        }),
        createCategory: fromPromise<{ id: number }, { name: string }>(async () => ({ id: 1 })),
      },
    }),
  ).start();
  return { actor, saved, codes };
}

describe('onboarding screen (doc 2 §2, §5)', () => {
  it('keeps Apply disabled while the code is empty and keeps a refused code as typed', async () => {
    const { actor, codes } = start({ is_active: false, plan: null, activated_at: null });
    await renderScreen(<OnboardingScreen actor={actor} customersHref="/sale-customer" />);
    fireEvent.click(await screen.findByTestId('onboarding-code-open'));
    const apply = await screen.findByTestId('onboarding-code-apply');
    expect(apply).toHaveProperty('disabled', true);
    const code = screen.getByTestId('onboarding-code') as HTMLInputElement;
    fireEvent.change(code, { target: { value: '   ' } });
    expect(apply).toHaveProperty('disabled', true);
    fireEvent.change(code, { target: { value: ' WRONG-1 ' } });
    expect(apply).toHaveProperty('disabled', false);
    fireEvent.click(apply);
    await waitFor(() => expect(screen.getByText('The code is not valid or has expired.')).toBeTruthy());
    expect(codes).toEqual(['WRONG-1']);
    expect(code.value).toBe(' WRONG-1 ');
  });

  it('strips spaces from the website behind its fixed prefix, shows the profile read-only as text, and refuses letters in the points', async () => {
    const { actor, saved } = start({ is_active: true, plan: 'FREE', activated_at: 1 });
    await renderScreen(<OnboardingScreen actor={actor} customersHref="/sale-customer" />);
    const website = (await screen.findByTestId('onboarding-website')) as HTMLInputElement;
    expect(screen.getByText('https://')).toBeTruthy();
    expect((screen.getByTestId('onboarding-address') as HTMLInputElement).value).toBe('<b>36 Hàng Bạc</b>');
    expect(screen.getByTestId('onboarding-address').hasAttribute('readonly')).toBe(true);
    fireEvent.change(website, { target: { value: 'dat mon. phoco.vn' } });
    expect(website.value).toBe('datmon.phoco.vn');
    fireEvent.click(screen.getByTestId('onboarding-next'));
    const points = (await screen.findByTestId('onboarding-points')) as HTMLInputElement;
    expect(saved).toEqual([{ website: 'https://datmon.phoco.vn' }]);
    fireEvent.change(points, { target: { value: '2' } });
    fireEvent.change(points, { target: { value: '2a' } });
    expect(points.value).toBe('2');
    fireEvent.change(points, { target: { value: '2.5' } });
    fireEvent.change(points, { target: { value: '2.5.' } });
    expect(points.value).toBe('2.5');
  });
});
