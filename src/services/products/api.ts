import { readBlob } from '../http/body';
import type { ServiceClient } from '../http/client';
import { ServiceError } from '../http/errors';
import {
  PRODUCT_IMAGE_URL,
  PRODUCT_CATEGORY_PAGE_SIZE,
  productCategoriesSchema,
  productCreatedSchema,
  productDetailSchema,
  productImageSchema,
  productSchema,
  productsSchema,
  type Product,
  type ProductBody,
  type ProductCategory,
  type ProductDetail,
  type ProductFilter,
  type ProductImage,
  type ProductPage,
} from './schemas';

/** Product calls on the sale service (doc 2 §7 /inventory/product; docs/areas/products.md). Every answer is validated. */

export interface ProductListQuery {
  page: number;
  pageSize: number;
  filter: ProductFilter;
}

export interface ProductsApi {
  list(query: ProductListQuery, signal?: AbortSignal): Promise<ProductPage>;
  get(code: string, signal?: AbortSignal): Promise<ProductDetail>;
  create(body: ProductBody, signal?: AbortSignal): Promise<Product>;
  update(code: string, body: ProductBody, signal?: AbortSignal): Promise<Product>;
  stopSale(code: string, signal?: AbortSignal): Promise<Product>;
  uploadImage(file: Blob, signal?: AbortSignal): Promise<ProductImage>;
  /** Every category of the merchant (the form's multi-select): GET /category/ in one page. */
  categories(signal?: AbortSignal): Promise<ProductCategory[]>;
  /** An image the service serves only with the session, as a Blob. */
  image(url: string, signal?: AbortSignal): Promise<Blob>;
}

const invalid = (name: string, message: string) =>
  new ServiceError({ code: 'INVALID_RESPONSE', status: 0, kind: 'invalid-response', message: `${name}: ${message}` });

const codePath = (code: string) => `/inventory/product/${encodeURIComponent(code)}`;

export function createProductsApi(client: ServiceClient): ProductsApi {
  return {
    async list({ page, pageSize, filter }, signal) {
      const body = await client.list({
        name: 'products.list',
        path: '/inventory/product',
        query: {
          page,
          page_size: pageSize,
          ...(filter.q.trim() ? { q: filter.q.trim() } : {}),
          ...(filter.status === null ? {} : { status: filter.status }),
        },
        schema: productsSchema,
        signal,
      });
      return { rows: body.data, totalPage: body.total_page };
    },
    get: (code, signal) => client.data({ name: 'products.get', path: codePath(code), schema: productDetailSchema, signal }),
    async create(body, signal) {
      const answer = await client.call({
        name: 'products.create',
        method: 'POST',
        path: '/inventory/product',
        body: { ...body },
        response: productCreatedSchema,
        signal,
      });
      return answer.data;
    },
    update: (code, body, signal) =>
      client.data({ name: 'products.update', method: 'PUT', path: codePath(code), body: { ...body }, schema: productSchema, signal }),
    stopSale: (code, signal) =>
      client.data({ name: 'products.stopSale', method: 'DELETE', path: codePath(code), schema: productSchema, signal }),
    uploadImage(file, signal) {
      const form = new FormData();
      form.append('file', file, file.type === 'image/png' ? 'product.png' : 'product.jpg');
      return client.data({
        name: 'products.uploadImage',
        method: 'POST',
        path: '/inventory/product/image',
        body: form,
        schema: productImageSchema,
        signal,
      });
    },
    async categories(signal) {
      const body = await client.list({
        name: 'products.categories',
        path: '/category/',
        query: { page: 1, page_size: PRODUCT_CATEGORY_PAGE_SIZE },
        schema: productCategoriesSchema,
        signal,
      });
      return body.data.map((c) => ({ category_id: c.category_id, category_name: c.category_name }));
    },
    async image(url, signal) {
      const match = PRODUCT_IMAGE_URL.exec(url);
      if (!match?.[1]) throw invalid('products.image', 'not a product image address');
      const res = await client.raw({ name: 'products.image', path: match[1], accept: 'image/png,image/jpeg', signal });
      const type = res.headers.get('content-type') ?? '';
      if (type !== 'image/png' && type !== 'image/jpeg') {
        res.release();
        throw invalid('products.image', 'not a PNG or JPEG');
      }
      return new Blob([await readBlob('products.image', res)], { type });
    },
  };
}
