import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { invoiceCreateMachine } from '../../machines/invoices/invoiceCreate.machine';
import type { CounterCategory, CounterProduct, InvoiceBody, InvoiceCreated, PickableCustomer } from '../../services/invoices/schemas';
import { renderScreen } from '../shared/test/render';
import { InvoiceCreateScreen } from './InvoiceCreateScreen';

afterEach(cleanup);
// The note's autosizing box listens to the document's font loading, which jsdom does not have.
beforeAll(() => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});

const pho: CounterProduct = {
  product_id: 7,
  code: 'PC001',
  name: 'Phở bò tái',
  img: '/img/pho.jpg',
  price: 55_000,
  status: 0,
  category_ids: [3],
};
const tra: CounterProduct = { product_id: 8, code: 'PC002', name: 'Trà đá', img: null, price: 5_000, status: 0, category_ids: [4] };
const SLOW = 20_000;

function counter() {
  const sent: InvoiceBody[] = [];
  const actor = createActor(
    invoiceCreateMachine.provide({
      actors: {
        searchProducts: fromPromise<CounterProduct[], { q: string }>(async () => [pho, tra]),
        loadCategories: fromPromise<CounterCategory[], void>(async () => [
          { category_id: 3, category_name: 'Phở' },
          { category_id: 4, category_name: 'Đồ uống' },
        ]),
        searchCustomers: fromPromise<PickableCustomer[], { q: string }>(async () => []),
        createInvoice: fromPromise<InvoiceCreated, { body: InvoiceBody; key: string }>(async ({ input }) => {
          sent.push(input.body);
          return { invoice_id: 1, invoice_code: 'HD1' };
        }),
      },
    }),
  ).start();
  return { actor, sent };
}

describe('the counter sale takes the till’s tiles and basket (D354)', () => {
  for (const language of ['en', 'vi'] as const) {
    it(
      `issue 28 §1 (${language}): tiles with photo or initials, a category tab narrows them, a tap adds, the stepper counts, the sale sends the amounts`,
      async () => {
        const { actor, sent } = counter();
        await renderScreen(<InvoiceCreateScreen actor={actor} onBack={() => {}} />, { language });
        const grid = await screen.findByTestId('order-products');
        await waitFor(() => expect(within(grid).getAllByTestId('order-dish')).toHaveLength(2));
        const add = language === 'en' ? /^Add Phở bò tái, 55.000.*, 0 in the basket\.$/ : /^Thêm Phở bò tái, 55.000.*, 0 trong giỏ\.$/;
        const tile = within(grid).getByRole('button', { name: add });
        expect(within(tile).getByTestId('order-dish-photo').getAttribute('src')).toBe('/img/pho.jpg');
        expect(within(grid).getAllByTestId('order-dish-initials')).toHaveLength(1);

        fireEvent.click(await screen.findByRole('button', { name: 'Đồ uống' }));
        await waitFor(() => expect(within(grid).getAllByTestId('order-dish')).toHaveLength(1));
        expect(within(grid).getByTestId('order-dish').getAttribute('aria-label')).toContain('Trà đá');
        fireEvent.click(screen.getByRole('button', { name: language === 'en' ? 'All' : 'Tất cả' }));
        await waitFor(() => expect(within(grid).getAllByTestId('order-dish')).toHaveLength(2));

        const phoTile = within(grid).getByRole('button', { name: add });
        fireEvent.click(phoTile);
        fireEvent.click(phoTile);
        expect(within(phoTile).getByTestId('order-dish-count').textContent).toBe('2');
        const lines = screen.getByTestId('invoice-lines');
        const more = language === 'en' ? 'One more Phở bò tái' : 'Thêm một Phở bò tái';
        const less = language === 'en' ? 'One less Phở bò tái' : 'Bớt một Phở bò tái';
        fireEvent.click(within(lines).getByRole('button', { name: more }));
        fireEvent.click(within(lines).getByRole('button', { name: more }));
        fireEvent.click(within(lines).getByRole('button', { name: less }));
        expect((within(lines).getByTestId('order-basket-amount') as HTMLInputElement).value).toBe('3');
        // The counter sale has no note per line: the invoice has a note of its own.
        expect(within(lines).queryByTestId('order-basket-note')).toBeNull();
        expect(screen.getByTestId('invoice-total').textContent).toContain('165.000');

        fireEvent.click(screen.getByTestId('invoice-submit'));
        await waitFor(() => expect(sent).toHaveLength(1));
        expect(sent[0]!.products).toEqual([{ product_id: 7, amount: 3 }]);
      },
      SLOW,
    );
  }

  it(
    'issue 28 §1: − on one takes the line out; an amount out of 1–999 is refused on Submit with its message',
    async () => {
      const { actor, sent } = counter();
      await renderScreen(<InvoiceCreateScreen actor={actor} onBack={() => {}} />);
      const grid = await screen.findByTestId('order-products');
      fireEvent.click(await within(grid).findByRole('button', { name: /^Add Trà đá/ }));
      fireEvent.click(within(grid).getByRole('button', { name: /^Add Phở bò tái/ }));
      fireEvent.click(screen.getByRole('button', { name: 'One less Trà đá' }));
      expect(screen.queryByRole('button', { name: 'One less Trà đá' })).toBeNull();
      fireEvent.change(screen.getByRole('textbox', { name: 'Quantity of Phở bò tái' }), { target: { value: '0' } });
      fireEvent.click(screen.getByTestId('invoice-submit'));
      expect(await screen.findByText('1 to 999.')).toBeTruthy();
      expect(sent).toHaveLength(0);
    },
    SLOW,
  );
});
