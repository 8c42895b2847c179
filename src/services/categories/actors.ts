import { fromPromise } from 'xstate';
import type { CategoriesApi, CategoryListQuery } from './api';
import type { CategoryPage, NewCategory } from './schemas';

/**
 * Implementations of the category machine's actors for `machine.provide({ actors })` in src/app. Each
 * request stops when the machine stops the actor (a newer page, leaving the page).
 */
export function createCategoriesActors(categories: CategoriesApi) {
  return {
    loadCategories: fromPromise<CategoryPage, CategoryListQuery>(({ input, signal }) => categories.list(input, signal)),
    deleteCategory: fromPromise<void, { id: number }>(({ input, signal }) => categories.remove(input.id, signal)),
    createCategory: fromPromise<{ id: number }, NewCategory>(({ input, signal }) => categories.create(input, signal)),
  };
}

export type CategoriesActors = ReturnType<typeof createCategoriesActors>;
