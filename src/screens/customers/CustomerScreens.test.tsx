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
  district_code: '',
  ward_code: '00070',
  address: '36 Hàng Bạc',
  full_address: '36 Hàng Bạc, Phường Hoàn Kiếm, Thành phố Hà Nội',
};

/** Saved before 1 July 2025 (a district code): Bình Dương, part of Hồ Chí Minh City since (D239). */
const binh: Customer = {
  ...lan,
  customer_id: 9,
  code: 'KH000009',
  name: 'Lê Văn Bình',
  province_code: '74',
  district_code: '718',
  ward_code: '25747',
  address: '12 Đại lộ Bình Dương',
  full_address: '12 Đại lộ Bình Dương, Phường Phú Cường, Thành phố Thủ Dầu Một, Tỉnh Bình Dương',
};

const places = {
  loadCities: fromPromise<Place<string>[], void>(async () => [
    { id: '01', name: 'Thành phố Hà Nội' },
    { id: '79', name: 'Thành phố Hồ Chí Minh' },
  ]),
  loadWards: fromPromise<Place<string>[], { cityId: string }>(async ({ input }) =>
    input.cityId === '79' ? [{ id: '25747', name: 'Phường Thủ Dầu Một' }] : [{ id: '00070', name: 'Phường Hoàn Kiếm' }],
  ),
};

function startForm(id: number | null, save: (body: CustomerBody) => Promise<void> = async () => {}, customer: Customer = lan) {
  const sent: CustomerBody[] = [];
  const actor = createActor(
    customerFormMachine.provide({
      actors: {
        ...places,
        loadCustomer: fromPromise<Customer, { id: number }>(async () => customer),
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
    // D283: a refused Save takes the focus to the first wrong field.
    expect(document.activeElement).toBe(field(/^Full name/));
    fireEvent.change(field(/^Full name/), { target: { value: 'Lan' } });
    fireEvent.change(field(/^Mobile phone/), { target: { value: '0123 456 789' } });
    expect(screen.getByText('Phone number is invalid')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(document.activeElement).toBe(field(/^Mobile phone/));
    expect(sent).toEqual([]);
  });

  it('sends the national phone, tidied texts and the chosen codes; a refusal keeps everything typed', async () => {
    const { actor, sent } = startForm(null, async () => {
      throw { code: 'PHONE_IS_EXIST' };
    });
    await renderScreen(<CustomerFormScreen actor={actor} onBack={vi.fn()} />);
    await waitFor(() => expect(actor.getSnapshot().context.cities).toHaveLength(2));
    fireEvent.change(field(/^Full name/), { target: { value: '  Trần   Thị Phở ' } });
    fireEvent.change(field(/^Mobile phone/), { target: { value: '+84 977 123 456' } });
    actor.send({ type: 'CITY.CHANGE', id: '01' });
    await waitFor(() => expect(actor.getSnapshot().context.wards).toHaveLength(1));
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
    expect(screen.queryByTestId('customer-legacy-address')).toBeNull();
  });

  it("issue 25 §7: an address saved on the old list shows as saved with its province today, and asks for today's ward", async () => {
    const { actor, sent } = startForm(9, async () => {}, binh);
    await renderScreen(<CustomerFormScreen actor={actor} onBack={vi.fn()} />);
    const notice = await screen.findByTestId('customer-legacy-address');
    expect(notice.textContent).toContain(binh.full_address);
    expect(notice.textContent).toContain('now in Thành phố Hồ Chí Minh');
    await waitFor(() => expect(actor.getSnapshot().context.wards).toHaveLength(1));
    expect(actor.getSnapshot().context.cityId).toBe('79');
    fireEvent.change(field(/^Full name/), { target: { value: 'Lê Văn Bình Minh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText("Choose the ward or commune on today's list (or clear the province).")).toBeTruthy();
    expect(sent).toEqual([]);
    actor.send({ type: 'WARD.CHANGE', id: '25747' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      name: 'Lê Văn Bình Minh',
      phone_number: '0912340049',
      province_code: '79',
      district_code: '',
      ward_code: '25747',
      address: '12 Đại lộ Bình Dương',
    });
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
            return { rows: [lan, binh], totalPage: 1 };
          }),
        },
      }),
      { input: {} },
    ).start();
    await renderScreen(<CustomerListScreen actor={actor} onAdd={vi.fn()} editPath={(c) => `/sale-customer/update?id=${c.customer_id}`} />);
    await screen.findByText('KH000007');
    expect(screen.getByText('<b>Nguyễn Thị Lan</b>')).toBeTruthy();
    // D241: an address on the old list keeps its text, with its province today under it.
    expect(screen.getByText(binh.full_address)).toBeTruthy();
    expect(screen.getByTestId('address-now-in').textContent).toBe('Now in Thành phố Hồ Chí Minh');
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
