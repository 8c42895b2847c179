import type { ServiceClient } from '../http/client';
import {
  CATEGORY_ALL_PAGE_SIZE,
  categoriesSchema,
  categoryCreatedSchema,
  categoryDeletedSchema,
  type Category,
  type CategoryPage,
  type NewCategory,
} from './schemas';

/**
 * Category calls on the sale service (doc 2 §7 /category; docs/areas/categories.md), with the paths
 * as the spec gives them: `/category/` and `/category//{id}`. Every answer is validated.
 */

export interface CategoryListQuery {
  page: number;
  pageSize: number;
}

export interface CategoriesApi {
  list(query: CategoryListQuery, signal?: AbortSignal): Promise<CategoryPage>;
  /** Every category (the product form's multi-select). */
  all(signal?: AbortSignal): Promise<Category[]>;
  create(body: NewCategory, signal?: AbortSignal): Promise<{ id: number }>;
  remove(id: number, signal?: AbortSignal): Promise<void>;
}

export function createCategoriesApi(client: ServiceClient): CategoriesApi {
  return {
    async list({ page, pageSize }, signal) {
      const body = await client.list({
        name: 'categories.list',
        path: '/category/',
        query: { page, page_size: pageSize },
        schema: categoriesSchema,
        signal,
      });
      return { rows: body.data, totalPage: body.total_page };
    },
    async all(signal) {
      const body = await client.list({
        name: 'categories.all',
        path: '/category/',
        query: { page: 1, page_size: CATEGORY_ALL_PAGE_SIZE },
        schema: categoriesSchema,
        signal,
      });
      return body.data;
    },
    create: (body, signal) =>
      client.data({
        name: 'categories.create',
        method: 'POST',
        path: '/category/',
        body: { ...body },
        schema: categoryCreatedSchema,
        signal,
      }),
    async remove(id, signal) {
      await client.data({
        name: 'categories.remove',
        method: 'DELETE',
        path: `/category//${encodeURIComponent(String(id))}`,
        schema: categoryDeletedSchema,
        signal,
      });
    },
  };
}
