import type { Product, ProductCategory, ProductPage } from '../../../src/services/products/schemas';

/** Sample product answers for the products model tests. */

export const phoCategory: ProductCategory = { category_id: 3, category_name: 'Phở' };
export const newCategory: ProductCategory = { category_id: 2, category_name: 'Món mới' };

export const phoBo: Product = {
  product_id: 1,
  code: 'PC001',
  name: 'Phở bò tái',
  img: '/api/sale/inventory/product/image/1',
  price: 55000,
  cost: 0,
  tax: 0,
  status: 0,
  tax_class: 'REDUCED_ELIGIBLE',
  category_ids: [3],
  categories: [phoCategory],
};
export const closed: Product = { ...phoBo, product_id: 2, code: 'PC017', name: 'Bún ốc', status: 2 };
/** A product outside the VAT cut (D226): the edit form must start from its class. */
export const beer: Product = { ...phoBo, product_id: 3, code: 'PC033', name: 'Bia Hà Nội', img: null, price: 20000, tax_class: 'STANDARD' };

export const twoPages: ProductPage = { rows: [phoBo, closed], totalPage: 2 };
export const emptyPage: ProductPage = { rows: [], totalPage: 1 };
