import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { storeAddMachine } from '../../machines/stores/storeAdd.machine';
import type { AddStoreBody, Store } from '../../services/stores/schemas';
import { renderScreen } from '../shared/test/render';
import { StoreAddScreen } from './StoreAddScreen';

afterEach(cleanup);

function start(options: { citiesFail?: boolean } = {}) {
  let cityLoads = 0;
  const actor = createActor(
    storeAddMachine.provide({
      actors: {
        loadCities: fromPromise(async () => {
          cityLoads += 1;
          if (options.citiesFail && cityLoads === 1) throw { code: 'NETWORK_ERROR' };
          return [{ id: 1, name: 'Thành phố Hà Nội' }];
        }),
        loadWards: fromPromise(async () => [{ id: 70, name: 'Phường Hoàn Kiếm' }]),
        addStore: fromPromise<Store, AddStoreBody>(async () => {
          throw { code: 'TAX_NO_INCORECT' };
        }),
      },
    }),
  ).start();
  return actor;
}

const taxField = () => screen.getByRole('textbox', { name: /^Tax code/ });

describe('StoreAddScreen (core §5 Store and Inputs)', () => {
  it('keeps only digits and hyphens in the tax code, says so, and warns (without blocking) about a wrong check digit', async () => {
    const actor = start();
    await renderScreen(<StoreAddScreen actor={actor} onBack={vi.fn()} />);
    fireEvent.change(taxField(), { target: { value: ' 0100 2334a80 ' } });
    expect(taxField()).toHaveProperty('value', '0100233480');
    expect(screen.getByText(/other characters were left out/)).toBeTruthy();
    expect(screen.getByTestId('store-taxno-warning').textContent).toMatch(/check digit/);
    fireEvent.change(taxField(), { target: { value: '0100233488' } });
    expect(screen.queryByTestId('store-taxno-warning')).toBeNull();
    fireEvent.change(taxField(), { target: { value: '01002' } });
    expect(screen.getByText('The tax code must have at least 10 characters.')).toBeTruthy();
  });

  it('marks every missing field on Save and sends nothing', async () => {
    const actor = start();
    await renderScreen(<StoreAddScreen actor={actor} onBack={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save store' }));
    expect(screen.getByText('Enter the store name.')).toBeTruthy();
    expect(screen.getByText('Enter the tax code.')).toBeTruthy();
    expect(screen.getByText('Choose the province or city.')).toBeTruthy();
    expect(screen.getByText('Enter the street address.')).toBeTruthy();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('says when the cities could not be loaded and retries', async () => {
    const actor = start({ citiesFail: true });
    await renderScreen(<StoreAddScreen actor={actor} onBack={vi.fn()} />);
    const failed = await screen.findByTestId('store-cities-failed');
    expect(failed.textContent).toMatch(/provinces and cities could not be loaded/);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('store-cities-failed')).toBeNull());
    expect(actor.getSnapshot().context.cities).toHaveLength(1);
  });

  it('renders a refused save as text and keeps what was typed', async () => {
    const actor = start();
    await renderScreen(<StoreAddScreen actor={actor} onBack={vi.fn()} />);
    await waitFor(() => expect(actor.getSnapshot().context.cities).toHaveLength(1));
    actor.send({ type: 'FIELD.CHANGE', field: 'name', value: '<b>Quán</b>' });
    actor.send({ type: 'FIELD.CHANGE', field: 'taxNo', value: '0100109106' });
    actor.send({ type: 'FIELD.CHANGE', field: 'addressLine', value: '36 Hàng Bạc' });
    actor.send({ type: 'CITY.CHANGE', id: 1 });
    await waitFor(() => expect(actor.getSnapshot().context.wards).toHaveLength(1));
    actor.send({ type: 'WARD.CHANGE', id: 70 });
    fireEvent.click(screen.getByRole('button', { name: 'Save store' }));
    expect((await screen.findByTestId('store-add-error')).textContent).toMatch(/tax code is incorrect/);
    expect(screen.getByRole('textbox', { name: /^Store name/ })).toHaveProperty('value', '<b>Quán</b>');
    expect(document.querySelector('b')).toBeNull();
  });
});
