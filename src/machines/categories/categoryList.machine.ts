import { assign, fromPromise, raise } from 'xstate';
import type { Category, CategoryPage, NewCategory } from '../../services/categories/schemas';

import { defineList } from '../shared/list/pagedList';
import { errorCode, notProvided } from '../../rules/serviceError';
import { EMPTY_CATEGORY_FORM, newCategoryBody, validateCategory, type CategoryFieldErrors, type CategoryForm } from './rules/categoryForm';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';
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

/**
 * The new-category dialog on the shared form toolkit (D283): the module's own check of both fields;
 * messages show after the first submit; a refusal stays shown while typing, until the next save, as before.
 */
export const categoryFormKit = defineForm<CategoryForm, keyof CategoryForm, NonNullable<CategoryFieldErrors[keyof CategoryForm]>>({
  fields: ['name', 'description'],
  validate: validateCategory,
  keepSaveErrorWhileTyping: true,
});

export type CategoryListEvent =
  | { type: 'QUERY.REPLACE'; query: CategoryQuery }
  | { type: 'CREATE.OPEN' }
  | FormFieldEvent<CategoryForm>
  | { type: 'CREATE.SUBMIT' }
  | { type: 'CREATE.CANCEL' };

export interface CategoryCreateContext {
  /** Name and description; `saveError` is why the last save was refused (catalogue code), shown in the dialog. */
  form: FormState<CategoryForm>;
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
      openForm: assign({ form: categoryFormKit.initial(EMPTY_CATEGORY_FORM) }),
      setField: assign(({ context }, params: { field: keyof CategoryForm; value: string }) => ({
        form: categoryFormKit.change(context.form, params.field, params.value),
      })),
      revealErrors: assign(({ context }) => ({ form: categoryFormKit.refuse(context.form) })),
      // Only the last refusal is cleared: the messages still wait for a refused submit, as before.
      clearCreateError: assign(({ context }) => ({ form: { ...context.form, saveError: null } })),
      assignCreateError: assign(({ context }, params: { error: unknown }) => ({
        form: categoryFormKit.failed(context.form, params.error),
      })),
      closeForm: assign({ form: categoryFormKit.initial(EMPTY_CATEGORY_FORM) }),
      /** Newest first: the new category is at the top of page 1. */
      showFirstPage: raise(({ context }) => (context.page === 1 ? { type: 'REFRESH' as const } : { type: 'PAGE.SET' as const, page: 1 })),
      // Provided by the app (toasts, doc 2 §8).
      notifyCreated: (_, _params: { name: string }) => {},
      notifyCreateFailed: (_, _params: { code: string }) => {},
    },
    guards: {
      formValid: ({ context }) => categoryFormKit.valid(context.form.values),
    },
  })
  .createMachine({
    id: 'categoryList',
    type: 'parallel',
    context: ({ input }) =>
      categoryList.context(input.query ?? { page: 1, pageSize: DEFAULT_PAGE_SIZE }, {
        form: categoryFormKit.initial(EMPTY_CATEGORY_FORM),
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
              'FIELD.CHANGE': {
                actions: {
                  type: 'setField',
                  params: ({ event }) =>
                    event.type === 'FIELD.CHANGE' ? { field: event.field, value: event.value } : { field: 'name', value: '' },
                },
              },
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
              input: ({ context }) => newCategoryBody(context.form.values),
              onDone: {
                target: 'closed',
                actions: [
                  { type: 'notifyCreated', params: ({ context }) => ({ name: newCategoryBody(context.form.values).name }) },
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
