import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { businessProfileMachine } from '../../machines/profile/businessProfile.machine';
import type { BusinessProfile } from '../../services/shared/schemas/auth';
import { renderScreen } from '../shared/test/render';
import { ProfileScreen } from './ProfileScreen';

afterEach(cleanup);

const profile: BusinessProfile = {
  name: '<b>CÔNG TY</b> Phố Cổ',
  trademark: 'Phố Cổ Kitchen',
  business: 'Nhà hàng',
  tax_no: '0108123455',
  address: '36 Hàng Bạc',
  phone: '02439123456',
  mobile: null,
  email: 'contact@phoco.example.vn',
  website: 'javascript:alert(1)',
  merchant_code: 'PHOCO001',
  representative_name: 'Nguyễn Văn Minh',
  position: 'Giám đốc',
  indentification_no: '001085012345',
};

function start(answers: Array<BusinessProfile | { code: string }>) {
  let call = 0;
  return createActor(
    businessProfileMachine.provide({
      actors: {
        loadBusiness: fromPromise(async () => {
          const answer = answers[Math.min(call++, answers.length - 1)]!;
          if ('code' in answer) throw { ...answer, status: 500, kind: 'server' };
          return answer;
        }),
      },
    }),
  ).start();
}

const valueOf = (field: string) => document.querySelector(`[data-field="${field}"] dd`)?.textContent;

describe('ProfileScreen (core §2 Business info, §3)', () => {
  it('shows every field in business wording, markup as text, a missing value as "Not provided", no link', async () => {
    await renderScreen(<ProfileScreen actor={start([profile])} accountType="business" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Business profile' })).toBeTruthy();
    expect(screen.getByText('Business name')).toBeTruthy();
    expect(valueOf('name')).toBe('<b>CÔNG TY</b> Phố Cổ');
    expect(valueOf('mobile')).toBe('Not provided');
    expect(valueOf('indentification_no')).toBe('001085012345');
    expect(screen.queryByRole('link')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByRole('region', { name: 'Legal representative' })).toBeTruthy();
  });

  it('uses personal wording for other account types, in Vietnamese too', async () => {
    await renderScreen(<ProfileScreen actor={start([profile])} accountType="personal" />, { language: 'vi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hồ sơ cá nhân' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Mã số thuế cá nhân')).toBeTruthy();
  });

  it('a failure shows the catalogue message and a retry that loads again', async () => {
    await renderScreen(<ProfileScreen actor={start([{ code: 'PERMISSION_DENY' }, profile])} accountType="business" />);
    const alert = await screen.findByTestId('profile-failed');
    expect(alert).toHaveTextContent('You do not have permission to perform this action.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('PHOCO001')).toBeTruthy();
    expect(screen.queryByTestId('profile-failed')).toBeNull();
  });
});
