import { assign, fromPromise, raise } from 'xstate';
import type { Category, CategoryPage, NewCategory } from '../../services/categories/schemas';

import { defineList } from '../shared/list/pagedList';
import { errorCode, notProvided } from '../../rules/serviceError';
import {
  EMPTY_CATEGORY_FORM,
  hasCategoryErrors,
  newCategoryBody,
  validateCategory,
  type CategoryForm,
  type CategoryFormField,
} from './rules/categoryForm';
import type { CategoryQuery } from './rules/categoryUrl';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../rules/listPaging';

/**
 * /category (doc 2 §2, §3 Category, §7 /category, §8, §9 paging): the merchant's categories on the
 * shared list (../shared/list), newest first, the page and size mirrored in the address bar
 * (QUERY.REPLACE when Back or an edited address changes them). Delete after a confirmation; a
 * category deleted meanwhile (NOT_FOUND) reloads the list. The `create` region is the new-category
 * dialog: name required, description optional; a refusal keeps the dialog and everything typed and
 * says why (toast titled "add product catalogue fail", doc 2 §8); a category added shows on page 1.
 */

export type CategoryListEvent =
  | { type: 'QUERY.REPLACE'; query: CategoryQuery }
  | { type: 'CREATE.OPEN' }
  | { type: 'CREATE.CHANGE'; field: CategoryFormField; value: string }
  | { type: 'CREATE.SUBMIT' }
  | { type: 'CREATE.CANCEL' };

export interface CategoryCreateContext {
  form: CategoryForm;
  /** Field messages show after the first submit. */
  showErrors: boolean;
  /** Why the last save was refused (catalogue code), shown in the dialog. */
  createError: string | null;
}

export const categoryList = defineList({
  types: {
    row: {} as Category,
    page: {} as CategoryPage,
    loadInput: {} as CategoryQuery,
    deleteInput: {} as { id: number },
    context: {} as CategoryCreateContext,
    events: {} as CategoryListEvent,
    tags: {} as 'creating' | 'saving',
    input: {} as { query?: CategoryQuery },
    query: {} as CategoryQuery,
  },
  pageSizes: PAGE_SIZES,
  loadInput: (context) => ({ page: context.page, pageSize: context.pageSize }),
  deleteInput: (category) => ({ id: category.category_id }),
  deletion: 'close',
  goneCodes: ['NOT_FOUND'],
  actors: {
    createCategory: fromPromise<{ id: number }, NewCategory>(async () => {
      throw notProvided('createCategory');
    }),
  },
  address: {
    queryOf: (context) => ({ page: context.page, pageSize: context.pageSize }),
    apply: (query) => ({ page: query.page, pageSize: query.pageSize }),
  },
});

export const categoryListMachine = categoryList.setup
  .extend({
    actions: {
      openForm: assign({ form: EMPTY_CATEGORY_FORM, showErrors: false, createError: null }),
      setField: assign(({ context }, params: { field: CategoryFormField; value: string }) => ({
        form: { ...context.form, [params.field]: params.value },
      })),
      revealErrors: assign({ showErrors: true }),
      clearCreateError: assign({ createError: null }),
      assignCreateError: assign((_, params: { error: unknown }) => ({ createError: errorCode(params.error) })),
      closeForm: assign({ form: EMPTY_CATEGORY_FORM, showErrors: false, createError: null }),
      /** Newest first: the new category is at the top of page 1. */
      showFirstPage: raise(({ context }) => (context.page === 1 ? { type: 'REFRESH' as const } : { type: 'PAGE.SET' as const, page: 1 })),
      // Provided by the app (toasts, doc 2 §8).
      notifyCreated: (_, _params: { name: string }) => {},
      notifyCreateFailed: (_, _params: { code: string }) => {},
    },
    guards: {
      formValid: ({ context }) => !hasCategoryErrors(validateCategory(context.form)),
    },
  })
  .createMachine({
    id: 'categoryList',
    type: 'parallel',
    context: ({ input }) =>
      categoryList.context(input.query ?? { page: 1, pageSize: DEFAULT_PAGE_SIZE }, {
        form: EMPTY_CATEGORY_FORM,
        showErrors: false,
        createError: null,
      }),
    on: categoryList.addressOn(),
    states: {
      list: categoryList.listRegion(),
      deletion: categoryList.deletionRegion(),
      create: {
        initial: 'closed',
        states: {
          closed: { on: { 'CREATE.OPEN': { target: 'editing', actions: 'openForm' } } },
          editing: {
            tags: ['creating'],
            description: 'The new-category dialog. Field messages show after the first submit; a refusal shows in the dialog.',
            on: {
              'CREATE.CHANGE': { actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
              'CREATE.SUBMIT': [
                { guard: 'formValid', target: 'saving', actions: 'clearCreateError' },
                { description: 'Each missing or wrong field shows its message; nothing is sent.', actions: 'revealErrors' },
              ],
              'CREATE.CANCEL': { target: 'closed', actions: 'closeForm' },
            },
          },
          saving: {
            tags: ['creating', 'saving'],
            description: 'POST /category/; the dialog is read-only and cannot be closed.',
            invoke: {
              id: 'createCategory',
              src: 'createCategory',
              input: ({ context }) => newCategoryBody(context.form),
              onDone: {
                target: 'closed',
                actions: [
                  { type: 'notifyCreated', params: ({ context }) => ({ name: newCategoryBody(context.form).name }) },
                  'closeForm',
                  'showFirstPage',
                ],
              },
              onError: {
                target: 'editing',
                description: 'Refused (a name already used: NAME_CODE_EXIST) or failed: everything typed stays.',
                actions: [
                  { type: 'assignCreateError', params: ({ event }) => ({ error: event.error }) },
                  { type: 'notifyCreateFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
                ],
              },
            },
          },
        },
      },
    },
  });
