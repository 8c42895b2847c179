import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { customerFormMachine } from '../../machines/customers/customerForm.machine';
import { customerListMachine } from '../../machines/customers/customerList.machine';
import type { Customer, CustomerBody, CustomerListQuery, CustomerPage } from '../../services/customers/schemas';
import type { Place } from '../../services/shared/schemas/address';
import { renderScreen } from '../shared/test/render';
import { CustomerFormScreen } from './CustomerFormScreen';
import { CustomerListScreen } from './CustomerListScreen';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const lan: Customer = {
  customer_id: 7,
  code: 'KH000007',
  name: '<b>Nguyễn Thị Lan</b>',
  phone_number: '0912340049',
  point: 1250,
  total_spending: 250_000,
  total_orders: 3,
  province_code: '01',
  district_code: '002',
  ward_code: '00061',
  address: '36 Hàng Bạc',
  full_address: '36 Hàng Bạc, Phường Hàng Bạc, Quận Hoàn Kiếm, Thành phố Hà Nội',
};

const places = {
  loadCities: fromPromise<Place<string>[], void>(async () => [{ id: '01', name: 'Thành phố Hà Nội' }]),
  loadDistricts: fromPromise<Place<string>[], { cityId: string }>(async () => [{ id: '002', name: 'Quận Hoàn Kiếm' }]),
  loadWards: fromPromise<Place<string>[], { districtId: string }>(async () => [{ id: '00061', name: 'Phường Hàng Bạc' }]),
};

function startForm(id: number | null, save: (body: CustomerBody) => Promise<void> = async () => {}) {
  const sent: CustomerBody[] = [];
  const actor = createActor(
    customerFormMachine.provide({
      actors: {
        ...places,
        loadCustomer: fromPromise<Customer, { id: number }>(async () => lan),
        createCustomer: fromPromise<{ customer_id: number; code: string }, CustomerBody>(async ({ input }) => {
          sent.push(input);
          await save(input);
          return { customer_id: 9, code: 'KH000009' };
        }),
        updateCustomer: fromPromise<Customer, { id: number; body: CustomerBody }>(async ({ input }) => {
          sent.push(input.body);
          await save(input.body);
          return { ...lan, ...input.body };
        }),
      },
    }),
    { input: { id } },
  ).start();
  return { actor, sent };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('CustomerFormScreen (doc 2 §5: name and phone required)', () => {
  it('marks the missing name and phone on Save, refuses a non-mobile number, sends nothing', async () => {
    const { actor, sent } = startForm(null);
    await renderScreen(<CustomerFormScreen actor={actor} onBack={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    fireEvent.change(field(/^Mobile phone/), { target: { value: '0123 456 789' } });
    expect(screen.getByText('Phone number is invalid')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends the national phone, tidied texts and the chosen codes; a refusal keeps everything typed', async () => {
    const { actor, sent } = startForm(null, async () => {
      throw { code: 'PHONE_IS_EXIST' };
    });
    await renderScreen(<CustomerFormScreen actor={actor} onBack={vi.fn()} />);
    await waitFor(() => expect(actor.getSnapshot().context.cities).toHaveLength(1));
    fireEvent.change(field(/^Full name/), { target: { value: '  Trần   Thị Phở ' } });
    fireEvent.change(field(/^Mobile phone/), { target: { value: '+84 977 123 456' } });
    actor.send({ type: 'CITY.CHANGE', id: '01' });
    await waitFor(() => expect(actor.getSnapshot().context.districts).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('customer-save-error')).textContent).toMatch(/already registered/);
    expect(sent).toEqual([
      { name: 'Trần Thị Phở', phone_number: '0977123456', province_code: '01', district_code: '', ward_code: '', address: '' },
    ]);
    expect(field(/^Full name/).value).toBe('  Trần   Thị Phở ');
    expect(field(/^Mobile phone/).value).toBe('+84 977 123 456');
  });

  it('on edit shows code, points, spending and orders read-only, fills the fields and renders names as text', async () => {
    const { actor } = startForm(7);
    await renderScreen(<CustomerFormScreen actor={actor} onBack={vi.fn()} />);
    const summary = await screen.findByTestId('customer-summary');
    expect(summary.textContent).toMatch(/KH000007/);
    expect(summary.textContent).toMatch(/Points1\.250/);
    expect(summary.textContent).toMatch(/Total spending250\.000\s₫/);
    expect(screen.queryByRole('textbox', { name: /^Points/ })).toBeNull();
    expect(field(/^Full name/).value).toBe('<b>Nguyễn Thị Lan</b>');
    expect(document.querySelector('b')).toBeNull();
    await waitFor(() => expect(actor.getSnapshot().context.wards).toHaveLength(1));
    expect(screen.getByTestId('customer-ward')).toBeTruthy();
  });
});

describe('CustomerListScreen (doc 2 §2, §9)', () => {
  it('shows points, spending and orders, and searches 800 ms after the last key', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked: CustomerListQuery[] = [];
    const actor = createActor(
      customerListMachine.provide({
        actors: {
          loadPage: fromPromise<CustomerPage, CustomerListQuery>(async ({ input }) => {
            asked.push(input);
            return { rows: [lan], totalPage: 1 };
          }),
        },
      }),
      { input: {} },
    ).start();
    await renderScreen(<CustomerListScreen actor={actor} onAdd={vi.fn()} editPath={(c) => `/sale-customer/update?id=${c.customer_id}`} />);
    await screen.findByText('KH000007');
    expect(screen.getByText('<b>Nguyễn Thị Lan</b>')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit customer <b>Nguyễn Thị Lan</b>' }).getAttribute('href')).toBe(
      '/sale-customer/update?id=7',
    );
    const box = screen.getByRole('searchbox', { name: 'Search customers' });
    fireEvent.change(box, { target: { value: 'ph' } });
    await act(async () => vi.advanceTimersByTime(500));
    fireEvent.change(box, { target: { value: 'pho ' } });
    await act(async () => vi.advanceTimersByTime(700));
    expect(asked).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(150));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toEqual({ page: 1, pageSize: 10, q: 'pho' });
  });
});
