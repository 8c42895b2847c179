import { fromPromise } from 'xstate';
import type { ProductListQuery, ProductsApi } from './api';
import type { Product, ProductBody, ProductCategory, ProductDetail, ProductImage, ProductPage } from './schemas';
import { canvasCodec, shrinkImage, type ImageCodec, type ShrunkImage } from './shrink';

/** What the product form loads: the product (edit) and every category of the merchant (the multi-select). */
export interface ProductFormData {
  detail: ProductDetail | null;
  categories: ProductCategory[];
}

/**
 * Implementations of the product machines' actors for `machine.provide({ actors })` in src/app. Each
 * request stops when the machine stops the actor.
 */
export function createProductsActors(products: ProductsApi, codec: ImageCodec<unknown> = canvasCodec as ImageCodec<unknown>) {
  return {
    loadProducts: fromPromise<ProductPage, ProductListQuery>(({ input, signal }) => products.list(input, signal)),
    stopSale: fromPromise<Product, { code: string }>(({ input, signal }) => products.stopSale(input.code, signal)),
    loadForm: fromPromise<ProductFormData, { code: string | null }>(async ({ input, signal }) => {
      const [detail, categories] = await Promise.all([
        input.code === null ? null : products.get(input.code, signal),
        products.categories(signal),
      ]);
      return { detail, categories };
    }),
    shrinkImage: fromPromise<{ file: Blob; size: number; originalSize: number }, { file: Blob }>(async ({ input, signal }) => {
      const { file, size, originalSize }: ShrunkImage = await shrinkImage(input.file, codec, { signal });
      return { file, size, originalSize };
    }),
    uploadImage: fromPromise<ProductImage, { file: Blob }>(({ input, signal }) => products.uploadImage(input.file, signal)),
    createProduct: fromPromise<Product, ProductBody>(({ input, signal }) => products.create(input, signal)),
    updateProduct: fromPromise<Product, { code: string; body: ProductBody }>(({ input, signal }) =>
      products.update(input.code, input.body, signal),
    ),
  };
}

export type ProductsActors = ReturnType<typeof createProductsActors>;
