import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { staffAddMachine } from '../../machines/staff/staffAdd.machine';
import { staffEditMachine } from '../../machines/staff/staffEdit.machine';
import type { NewStaff, StaffChanges, StaffRow } from '../../services/staff/schemas';
import { renderScreen } from '../shared/test/render';
import { StaffAddScreen } from './StaffAddScreen';
import { StaffEditScreen } from './StaffEditScreen';

afterEach(cleanup);

const stores = [
  { id: '1', name: 'Phố Cổ - Hàng Bạc' },
  { id: '2', name: 'Phố Cổ - Tràng Tiền' },
];
const row: StaffRow = {
  id: 1,
  staff_id: 'NV001',
  full_name: 'Lê Thị Hồng',
  phone: '0903111222',
  email: 'staff@phoco.example.vn',
  store_id: 1,
  store_name: 'Phố Cổ - Hàng Bạc',
  address: '<b>36 Hàng Bạc</b>',
  has_login: true,
};

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('staff add screen (core §5)', () => {
  it('shows each §5 message after the first submit, sends nothing invalid, and keeps what was typed after a refusal', async () => {
    const sent: NewStaff[] = [];
    const actor = createActor(
      staffAddMachine.provide({
        actors: {
          addStaff: fromPromise<StaffRow, NewStaff>(async ({ input }) => {
            sent.push(input);
            throw { code: 'PHONE_IS_EXIST', status: 409 };
          }),
        },
      }),
    ).start();
    await renderScreen(<StaffAddScreen actor={actor} stores={stores} storesLoading={false} />);
    type('staff-name', 'Hồng 2');
    type('staff-phone', '0212345678');
    type('staff-password', '12345');
    expect(screen.queryByText('The name may contain only letters and spaces')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('The name may contain only letters and spaces')).toBeTruthy();
    expect(screen.getByText('Phone number is invalid')).toBeTruthy();
    expect(screen.getByText('The password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByTestId('staff-name').getAttribute('aria-invalid')).toBe('true');
    // The password is a masked field.
    expect(screen.getByTestId('staff-password').getAttribute('type')).toBe('password');
    expect(sent).toHaveLength(0);

    type('staff-id', 'NV009');
    type('staff-name', 'Nguyễn Thị Hồng');
    type('staff-phone', '+84 981 234 567');
    type('staff-email', 'hong@staff.example.vn');
    type('staff-address', '12 Hàng Bạc');
    type('staff-password', 'Secret1');
    actor.send({ type: 'FIELD.CHANGE', field: 'storeId', value: '2' });
    expect(screen.queryByText('The name may contain only letters and spaces')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByTestId('staff-submit-error').textContent).toContain('This phone number is already registered.'));
    expect(sent[0]).toMatchObject({ full_name: 'Nguyễn Thị Hồng', phone: '0981234567', store_id: 2 });
    expect((screen.getByTestId('staff-name') as HTMLInputElement).value).toBe('Nguyễn Thị Hồng');
    expect((screen.getByTestId('staff-password') as HTMLInputElement).value).toBe('Secret1');
  });
});

describe('staff edit screen (core §5)', () => {
  function start(loaded: StaffRow, answer: (c: StaffChanges) => Promise<StaffRow>) {
    const sent: StaffChanges[] = [];
    const actor = createActor(
      staffEditMachine.provide({
        actors: {
          loadStaff: fromPromise(async () => loaded),
          updateStaff: fromPromise<StaffRow, StaffChanges>(async ({ input }) => (sent.push(input), answer(input))),
        },
      }),
      { input: { id: loaded.id } },
    ).start();
    return { actor, sent };
  }

  it('shows id and e-mail read-only, user text as text, and asks for the current password with a new one', async () => {
    const { actor, sent } = start(row, async () => {
      throw { code: 'PASSWORD_NOT_MATCH', status: 400 };
    });
    const { container } = await renderScreen(<StaffEditScreen actor={actor} stores={stores} storesLoading={false} />);
    await waitFor(() => expect(screen.getByTestId('staff-email')).toBeTruthy());
    expect(screen.getByTestId('staff-id').hasAttribute('readonly')).toBe(true);
    expect(screen.getByTestId('staff-email').hasAttribute('readonly')).toBe(true);
    expect((screen.getByTestId('staff-address') as HTMLInputElement).value).toBe('<b>36 Hàng Bạc</b>');
    expect(container.querySelector('b')).toBeNull();

    type('staff-name', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('The name cannot be blank')).toBeTruthy();
    type('staff-name', 'Lê Thị Hồng Nhung');

    expect(screen.queryByTestId('staff-old-password')).toBeNull();
    fireEvent.click(screen.getByLabelText('Change password'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(2);
    type('staff-old-password', 'wrong1');
    type('staff-new-password', 'Second2');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('staff-submit-error').textContent).toContain('The current password is incorrect.'));
    expect(sent[0]).toMatchObject({ id: 1, full_name: 'Lê Thị Hồng Nhung', old_password: 'wrong1', password: 'Second2' });
    expect(sent[0]).not.toHaveProperty('email');
    expect((screen.getByTestId('staff-new-password') as HTMLInputElement).value).toBe('Second2');
  });

  it('offers "set a password" (new one only) to a staff member without a sign-in', async () => {
    const { actor } = start({ ...row, has_login: false }, async (c) => ({ ...row, full_name: c.full_name }));
    await renderScreen(<StaffEditScreen actor={actor} stores={stores} storesLoading={false} />);
    await waitFor(() => expect(screen.getByLabelText('Set a password')).toBeTruthy());
    fireEvent.click(screen.getByLabelText('Set a password'));
    expect(screen.queryByTestId('staff-old-password')).toBeNull();
    expect(screen.getByTestId('staff-new-password')).toBeTruthy();
  });

  it('says so when the staff member does not exist', async () => {
    const actor = createActor(
      staffEditMachine.provide({
        actors: {
          loadStaff: fromPromise<StaffRow, { id: number }>(async () => {
            throw { code: 'USER_INCORRECT', status: 404 };
          }),
        },
      }),
      { input: { id: 99 } },
    ).start();
    await renderScreen(<StaffEditScreen actor={actor} stores={stores} storesLoading={false} />);
    await waitFor(() => expect(screen.getByText('This staff member does not exist (any more).')).toBeTruthy());
    expect(screen.queryByRole('form')).toBeNull();
  });
});
