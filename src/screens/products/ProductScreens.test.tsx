import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { productFormMachine, type ShrinkOutput } from '../../machines/products/productForm.machine';
import { productListMachine } from '../../machines/products/productList.machine';
import type { ProductListQuery } from '../../services/products/api';
import { REPO_VAT_RATES_INPUT, vatRateTableSchema } from '../../rules/vatRates';
import type { Product, ProductBody, ProductCategory, ProductDetail, ProductImage, ProductPage } from '../../services/products/schemas';
import { renderScreen } from '../shared/test/render';
import { ProductFormScreen } from './ProductFormScreen';
import { ProductListScreen } from './ProductListScreen';

afterEach(cleanup);

const categories: ProductCategory[] = [
  { category_id: 2, category_name: 'Món mới' },
  { category_id: 3, category_name: 'Phở' },
];
const pho: Product = {
  product_id: 1,
  code: 'PC001',
  name: 'Phở bò tái',
  img: null,
  price: 55000,
  cost: 0,
  tax: 0,
  status: 0,
  tax_class: 'REDUCED_ELIGIBLE',
  category_ids: [3],
  categories: [categories[1]!],
};
const closed: Product = { ...pho, product_id: 2, code: 'PC017', name: '<b>Bún ốc</b>', status: 2, categories: [] };
const beer: Product = { ...pho, product_id: 3, code: 'PC033', name: 'Bia Hà Nội', price: 20000, tax_class: 'STANDARD', categories: [] };
const vatRates = vatRateTableSchema.parse(REPO_VAT_RATES_INPUT);
const LAST_MINUTE_2026 = Date.parse('2026-12-31T23:59:00+07:00');
const FIRST_MINUTE_2027 = Date.parse('2027-01-01T00:01:00+07:00');
const tax = { vatRates, now: LAST_MINUTE_2026 };
const loadImage = async () => new Blob([new Uint8Array([1])], { type: 'image/png' });

function formActor(
  options: {
    code?: string | null;
    product?: Product;
    create?: (body: ProductBody) => Promise<Product>;
    upload?: () => Promise<ProductImage>;
  } = {},
) {
  const sent: ProductBody[] = [];
  const actor = createActor(
    productFormMachine.provide({
      actors: {
        loadForm: fromPromise<{ detail: ProductDetail | null; categories: ProductCategory[] }, { code: string | null }>(
          async ({ input }) => ({
            detail: input.code ? { product: options.product ?? pho, categories: pho.categories } : null,
            categories,
          }),
        ),
        shrinkImage: fromPromise<ShrinkOutput, { file: Blob }>(async ({ input }) => ({
          file: input.file,
          size: 700_000,
          originalSize: 3_000_000,
        })),
        uploadImage: fromPromise<ProductImage, { file: Blob }>(async () =>
          options.upload ? options.upload() : { image_url: '/api/sale/inventory/product/image/9', size: 700_000 },
        ),
        createProduct: fromPromise<Product, ProductBody>(async ({ input }) => {
          sent.push(input);
          return options.create ? options.create(input) : pho;
        }),
        updateProduct: fromPromise<Product, { code: string; body: ProductBody }>(async () => pho),
      },
    }),
    { input: { code: options.code ?? null } },
  ).start();
  return { actor, sent };
}

describe('product form screen (doc 2 §5)', () => {
  it('keeps save disabled until name, code and price are filled, shows the price formatted unless focused, and sends cost and tax as 0', async () => {
    const { actor, sent } = formActor();
    await renderScreen(<ProductFormScreen actor={actor} loadImage={loadImage} {...tax} />);
    const save = await screen.findByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('product-name'), { target: { value: 'Phở gà' } });
    fireEvent.change(screen.getByTestId('product-code'), { target: { value: 'PG01' } });
    const price = screen.getByTestId('product-price') as HTMLInputElement;
    fireEvent.focus(price);
    fireEvent.change(price, { target: { value: '12345678901234567' } });
    expect(price.value).toBe('1234567890123');
    fireEvent.change(price, { target: { value: '45.000đ' } });
    expect(price.value).toBe('45000');
    fireEvent.blur(price);
    expect(price.value).toBe('45.000');
    expect((save as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ name: 'Phở gà', code: 'PG01', price: 45000, cost: 0, tax: 0, img: '', tax_class: 'REDUCED_ELIGIBLE' });
    // A form drawing two selects and the image picker: seconds on a busy machine.
  }, 15_000);

  it('says what is wrong with the code, and after a refusal keeps everything typed', async () => {
    const { actor, sent } = formActor({
      create: async () => {
        throw { code: 'NAME_CODE_EXIST', status: 409 };
      },
    });
    await renderScreen(<ProductFormScreen actor={actor} loadImage={loadImage} {...tax} />);
    fireEvent.change(await screen.findByTestId('product-name'), { target: { value: 'Phở gà' } });
    fireEvent.change(screen.getByTestId('product-code'), { target: { value: 'PĐ-1' } });
    fireEvent.change(screen.getByTestId('product-price'), { target: { value: '45000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use letters and digits only (no spaces, accents or symbols).')).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(screen.getByTestId('product-code'), { target: { value: 'PC001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('product-submit-error').textContent).toContain('This product code already exists.'));
    expect((screen.getByTestId('product-name') as HTMLInputElement).value).toBe('Phở gà');
    expect((screen.getByTestId('product-code') as HTMLInputElement).value).toBe('PC001');
  });

  it('shows the shrunk size, and when the upload fails keeps the preview and says so', async () => {
    const { actor } = formActor({
      upload: async () => {
        throw { code: 'NETWORK_ERROR', status: 0 };
      },
    });
    await renderScreen(<ProductFormScreen actor={actor} loadImage={loadImage} {...tax} />);
    const input = await screen.findByTestId('product-image-input');
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'big.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(screen.getByTestId('product-image-problem').textContent).toContain('could not be uploaded'));
    expect(screen.getByTestId('product-image-size').textContent).toMatch(/Made smaller from 2[.,]929[.,]7 KB to 683[.,]6 KB/);
    expect(screen.getByRole('img', { name: "The product's image" })).toBeTruthy();
  });

  it('shows the code read-only on edit', async () => {
    const { actor } = formActor({ code: 'PC001' });
    await renderScreen(<ProductFormScreen actor={actor} loadImage={loadImage} {...tax} />);
    const code = (await screen.findByTestId('product-code')) as HTMLInputElement;
    expect(code.value).toBe('PC001');
    expect(code.readOnly).toBe(true);
    expect((screen.getByTestId('product-price') as HTMLInputElement).value).toBe('55.000');
  });
});

describe('product form: VAT tax class (issue 25 §1, D226)', () => {
  /** The tax-class select's own options (the status select has its listbox too). */
  const optionLabels = async () => {
    const input = await screen.findByTestId('product-tax-class');
    fireEvent.click(input);
    await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(input.getAttribute('aria-controls')!)!;
    return within(listbox)
      .getAllByRole('option', { hidden: true })
      .map((o) => o.textContent);
  };

  it('lists every class with its rate read from the table on the day: 8% until 31/12/2026, 10% from 2027', async () => {
    const { actor } = formActor();
    await renderScreen(<ProductFormScreen actor={actor} loadImage={loadImage} {...tax} />);
    expect(await optionLabels()).toEqual([
      'Goods and services eligible for the reduction (8% until the end of 31/12/2026)',
      'Not reduced: beer, wine, spirits, tobacco… (10%)',
      'Soft drinks with over 5 g sugar per 100 ml (10%)',
      'Unprocessed fresh produce, clean water… (5%)',
      'Exported goods and services (0%)',
      'Not subject to VAT (KCT)',
      'VAT not declared or paid (KKKNT)',
    ]);
    cleanup();
    const next = formActor();
    await renderScreen(<ProductFormScreen actor={next.actor} loadImage={loadImage} vatRates={vatRates} now={FIRST_MINUTE_2027} />);
    expect((await optionLabels())[0]).toBe('Goods and services eligible for the reduction (10%)');
  }, 20_000);

  it('sends the class chosen, and an edit starts from the product’s own class', async () => {
    const { actor, sent } = formActor();
    await renderScreen(<ProductFormScreen actor={actor} loadImage={loadImage} {...tax} />);
    fireEvent.change(await screen.findByTestId('product-name'), { target: { value: 'Bia Trúc Bạch' } });
    fireEvent.change(screen.getByTestId('product-code'), { target: { value: 'BTB01' } });
    fireEvent.change(screen.getByTestId('product-price'), { target: { value: '35000' } });
    fireEvent.click(screen.getByTestId('product-tax-class'));
    fireEvent.click(await screen.findByRole('option', { name: 'Not reduced: beer, wine, spirits, tobacco… (10%)', hidden: true }));
    expect(await screen.findByText(/Goods under special consumption tax/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ code: 'BTB01', tax_class: 'STANDARD' });
    cleanup();

    const edit = formActor({ code: 'PC033', product: beer });
    await renderScreen(<ProductFormScreen actor={edit.actor} loadImage={loadImage} {...tax} />);
    await waitFor(() =>
      expect((screen.getByTestId('product-tax-class') as HTMLInputElement).value).toBe('Not reduced: beer, wine, spirits, tobacco… (10%)'),
    );
  }, 20_000);
});

describe('product list screen (doc 2 §2, §4)', () => {
  it('renders names as text, disables stop-sale for a discontinued product, and searches 800 ms after typing', async () => {
    const loads: ProductListQuery[] = [];
    const actor = createActor(
      productListMachine.provide({
        actors: {
          loadPage: fromPromise<ProductPage, ProductListQuery>(async ({ input }) => {
            loads.push(input);
            return { rows: [pho, closed], totalPage: 1 };
          }),
          stopSale: fromPromise<Product, { code: string }>(async () => pho),
        },
      }),
      { input: {} },
    ).start();
    await renderScreen(
      <ProductListScreen
        actor={actor}
        addHref="/sale-product/create"
        editHref={(c) => `/sale-product/update?id=${c}`}
        loadImage={loadImage}
        {...tax}
      />,
    );
    const table = await screen.findByTestId('product-table');
    await waitFor(() => expect(within(table).getByText('<b>Bún ốc</b>')).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Stop selling <b>Bún ốc</b>' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Stop selling Phở bò tái' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(table).getAllByText('55.000')).toHaveLength(2);
    // D226: each product's VAT today, from the table.
    expect(within(table).getAllByText('8%')).toHaveLength(2);
    expect(within(table).getAllByText('Goods and services eligible for the reduction')).toHaveLength(2);
    fireEvent.change(screen.getByTestId('product-search'), { target: { value: 'pho' } });
    expect(loads).toHaveLength(1);
    await waitFor(() => expect(loads.at(-1)?.filter.q).toBe('pho'), { timeout: 2000 });
    expect(loads.at(-1)?.page).toBe(1);
  });
});
