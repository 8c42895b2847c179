import { assign, fromPromise, setup, stateIn } from 'xstate';
import type { Product, ProductBody, ProductCategory, ProductDetail, ProductImage } from '../../services/products/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';
import { isTaxClass } from '../../rules/vatRates';
import {
  EMPTY_PRODUCT_FORM,
  formOfProduct,
  priceDigits,
  productBody,
  validateProduct,
  type ProductFieldErrors,
  type ProductForm,
  type ProductTextField,
} from './rules/productForm';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * /sale-product/create and /sale-product/update?id={code} (doc 2 §2, §3, §5, §7, §8, §9). Loads the
 * merchant's categories (and, to edit, the product), then the form: name, code (read-only on edit),
 * price, status, VAT tax class (D226), categories, image. Picking an image checks it, shrinks it when it is over 716,800
 * bytes (actor `shrinkImage`, 90% steps) and uploads it (actor `uploadImage`); the result's size shows;
 * an upload that fails keeps the local preview and says so (region `image`). Submit waits for the
 * image; a refusal (NAME_CODE_EXIST…) keeps everything typed, says why on the form and in a toast
 * ("add product fail" / "update product fail", doc 2 §8). A create returns to the list at once; an
 * update shows it saved and returns after 2 s (doc 2 §9). The fields are the shared form
 * (../shared/form/form.ts, D283); the refusal stays until the next submit.
 */

type ProductFieldError = NonNullable<ProductFieldErrors[ProductTextField]>;

const formKit = (mode: 'create' | 'edit') =>
  defineForm<ProductForm, ProductTextField, ProductFieldError>({
    fields: ['name', 'code', 'price'],
    validate: (form) => validateProduct(form, mode),
    keepSaveErrorWhileTyping: true,
  });
const KITS = { create: formKit('create'), edit: formKit('edit') };

/** doc 2 §5: the code is checked only on create (read-only on edit, the service's own). */
export const productFormKit = (code: string | null) => (code === null ? KITS.create : KITS.edit);

export type ImageProblem = 'format' | 'size' | 'decode' | 'upload';

export interface ProductImageState {
  /** The service's address of the image the product will carry (null: none). */
  url: string | null;
  /** The picked (and shrunk) file, shown until the service's image replaces it. */
  preview: Blob | null;
  size: number | null;
  originalSize: number | null;
}

export interface ProductFormContext {
  /** The code of the product being edited; null to create one. */
  code: string | null;
  form: FormState<ProductForm, ProductTextField>;
  categories: ProductCategory[];
  product: Product | null;
  image: ProductImageState;
  imageProblem: ImageProblem | null;
  loadError: string | null;
  saved: Product | null;
}

export type ProductFormEvent =
  | FormFieldEvent<ProductForm, ProductTextField | 'status' | 'taxClass' | 'categoryIds'>
  | { type: 'IMAGE.PICK'; file: Blob }
  | { type: 'IMAGE.REMOVE' }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

export interface ShrinkOutput {
  file: Blob;
  size: number;
  originalSize: number;
}

export const UPDATE_RETURN_DELAY_MS = 2000;

const NO_IMAGE: ProductImageState = { url: null, preview: null, size: null, originalSize: null };

const problemOf = (error: unknown): ImageProblem => {
  const problem = (error as { problem?: unknown } | null)?.problem;
  return problem === 'format' || problem === 'size' || problem === 'decode' ? problem : 'decode';
};

export const productFormMachine = setup({
  types: {
    context: {} as ProductFormContext,
    events: {} as ProductFormEvent,
    input: {} as { code: string | null },
    output: {} as { saved: Product | null },
    tags: {} as 'loading' | 'form' | 'busy' | 'saved' | 'failed' | 'missing' | 'imageBusy' | 'shrinking' | 'uploading',
  },
  actors: {
    loadForm: fromPromise<{ detail: ProductDetail | null; categories: ProductCategory[] }, { code: string | null }>(async () => {
      throw notProvided('loadForm');
    }),
    shrinkImage: fromPromise<ShrinkOutput, { file: Blob }>(async () => {
      throw notProvided('shrinkImage');
    }),
    uploadImage: fromPromise<ProductImage, { file: Blob }>(async () => {
      throw notProvided('uploadImage');
    }),
    createProduct: fromPromise<Product, ProductBody>(async () => {
      throw notProvided('createProduct');
    }),
    updateProduct: fromPromise<Product, { code: string; body: ProductBody }>(async () => {
      throw notProvided('updateProduct');
    }),
  },
  actions: {
    assignLoaded: assign(({ context }, params: { detail: ProductDetail | null; categories: ProductCategory[] }) => {
      const product = params.detail?.product ?? null;
      return {
        product,
        categories: params.categories,
        form: productFormKit(context.code).load(context.form, product ? formOfProduct(product) : EMPTY_PRODUCT_FORM),
        image: { ...NO_IMAGE, url: product?.img ?? null },
        loadError: null,
      };
    }),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCode(params.error) })),
    setField: assign(({ context, event }) => {
      if (event.type !== 'FIELD.CHANGE') return {};
      const kit = productFormKit(context.code);
      const form = context.form;
      switch (event.field) {
        case 'price':
          return { form: kit.change(form, 'price', priceDigits(event.value)) };
        // Only a class the table knows (the service refuses any other).
        case 'taxClass':
          return { form: isTaxClass(event.value) ? kit.change(form, 'taxClass', event.value) : form };
        // Only the merchant's categories, each once, in the order chosen.
        case 'categoryIds':
          return {
            form: kit.change(
              form,
              'categoryIds',
              [...new Set(event.value)].filter((id) => context.categories.some((c) => c.category_id === id)),
            ),
          };
        case 'status':
          return { form: kit.change(form, 'status', event.value) };
        default:
          return { form: kit.change(form, event.field, event.value) };
      }
    }),
    blurField: assign(({ context }, params: { field: ProductTextField | 'status' | 'taxClass' | 'categoryIds' }) => ({
      form:
        params.field === 'name' || params.field === 'code' || params.field === 'price'
          ? productFormKit(context.code).blur(context.form, params.field)
          : context.form,
    })),
    startImage: assign({ imageProblem: null }),
    assignShrunk: assign(({ context }, params: { shrunk: ShrinkOutput }) => ({
      image: { ...context.image, preview: params.shrunk.file, size: params.shrunk.size, originalSize: params.shrunk.originalSize },
    })),
    assignImageProblem: assign((_, params: { problem: ImageProblem }) => ({ imageProblem: params.problem })),
    assignUploaded: assign(({ context }, params: { image: ProductImage }) => ({
      image: { ...context.image, url: params.image.image_url },
    })),
    removeImage: assign({ image: NO_IMAGE, imageProblem: null }),
    revealErrors: assign(({ context }) => ({ form: productFormKit(context.code).refuse(context.form) })),
    clearSubmitError: assign(({ context }) => ({ form: { ...context.form, saveError: null } })),
    assignSubmitError: assign(({ context }, params: { error: unknown }) => ({
      form: productFormKit(context.code).failed(context.form, params.error),
    })),
    assignSaved: assign((_, params: { product: Product }) => ({ saved: params.product })),
    // Provided by the app (toasts, doc 2 §8).
    notifySaved: (_, _params: { product: Product; mode: 'create' | 'edit' }) => {},
    notifySaveFailed: (_, _params: { code: string; mode: 'create' | 'edit' }) => {},
  },
  guards: {
    editing: ({ context }) => context.code !== null,
    missing: (_, params: { error: unknown }) => errorCode(params.error) === 'NOT_FOUND',
    formValid: ({ context }) => productFormKit(context.code).valid(context.form.values),
    imageIdle: stateIn('#productForm.ready.image.idle'),
  },
  delays: { returnAfterUpdate: UPDATE_RETURN_DELAY_MS },
}).createMachine({
  id: 'productForm',
  context: ({ input }) => ({
    code: input.code,
    form: productFormKit(input.code).initial(EMPTY_PRODUCT_FORM),
    categories: [],
    product: null,
    image: NO_IMAGE,
    imageProblem: null,
    loadError: null,
    saved: null,
  }),
  initial: 'loading',
  output: ({ context }) => ({ saved: context.saved }),
  states: {
    loading: {
      tags: ['loading'],
      description: 'The categories, and the product when editing.',
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => ({ code: context.code }),
        onDone: { target: 'ready', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'missing', params: ({ event }) => ({ error: event.error }) },
            target: 'missing',
            description: 'No such product (or another merchant’s).',
          },
          { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: { tags: ['failed'], on: { RETRY: 'loading', CANCEL: 'done' } },
    missing: { tags: ['missing'], on: { CANCEL: 'done' } },
    ready: {
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              tags: ['form'],
              on: {
                'FIELD.CHANGE': { actions: 'setField' },
                'FIELD.BLUR': { actions: { type: 'blurField', params: ({ event }) => ({ field: event.field }) } },
                SUBMIT: [
                  { guard: 'formValid', target: 'submitting', actions: 'clearSubmitError' },
                  { description: 'Each missing or wrong field shows its message; nothing is sent.', actions: 'revealErrors' },
                ],
                CANCEL: '#productForm.done',
              },
            },
            submitting: {
              tags: ['form', 'busy'],
              description: 'Waits for the image being shrunk or uploaded, then saves.',
              always: [{ guard: 'imageIdle', target: 'saving' }],
              on: { CANCEL: '#productForm.done' },
            },
            saving: {
              tags: ['form', 'busy'],
              initial: 'choosing',
              states: {
                choosing: {
                  always: [{ guard: 'editing', target: 'updating' }, { target: 'creating' }],
                },
                creating: {
                  invoke: {
                    id: 'createProduct',
                    src: 'createProduct',
                    input: ({ context }) => productBody(context.form.values, context.image.url),
                    onDone: {
                      target: '#productForm.done',
                      actions: [
                        { type: 'assignSaved', params: ({ event }) => ({ product: event.output }) },
                        { type: 'notifySaved', params: ({ event }) => ({ product: event.output, mode: 'create' as const }) },
                      ],
                    },
                    onError: {
                      target: '#productForm.ready.form.editing',
                      description: 'Refused (NAME_CODE_EXIST: the code is used) or failed: everything typed stays.',
                      actions: [
                        { type: 'assignSubmitError', params: ({ event }) => ({ error: event.error }) },
                        { type: 'notifySaveFailed', params: ({ event }) => ({ code: errorCode(event.error), mode: 'create' as const }) },
                      ],
                    },
                  },
                },
                updating: {
                  invoke: {
                    id: 'updateProduct',
                    src: 'updateProduct',
                    input: ({ context }) => ({ code: context.code!, body: productBody(context.form.values, context.image.url) }),
                    onDone: {
                      target: '#productForm.ready.form.saved',
                      actions: [
                        { type: 'assignSaved', params: ({ event }) => ({ product: event.output }) },
                        { type: 'notifySaved', params: ({ event }) => ({ product: event.output, mode: 'edit' as const }) },
                      ],
                    },
                    onError: {
                      target: '#productForm.ready.form.editing',
                      actions: [
                        { type: 'assignSubmitError', params: ({ event }) => ({ error: event.error }) },
                        { type: 'notifySaveFailed', params: ({ event }) => ({ code: errorCode(event.error), mode: 'edit' as const }) },
                      ],
                    },
                  },
                },
              },
            },
            saved: {
              tags: ['saved'],
              description: 'Updated: the form stays read-only with a saved note; the list shows after 2 s (doc 2 §9).',
              after: { returnAfterUpdate: '#productForm.done' },
            },
          },
        },
        image: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'IMAGE.PICK': { target: 'shrinking', actions: 'startImage' },
                'IMAGE.REMOVE': { actions: 'removeImage' },
              },
            },
            shrinking: {
              tags: ['imageBusy', 'shrinking'],
              description: 'Checked (PNG or JPEG, at most 10,485,760 bytes) and, over 716,800 bytes, shrunk in 90% steps.',
              invoke: {
                id: 'shrinkImage',
                src: 'shrinkImage',
                input: ({ event }) => ({ file: (event as { file: Blob }).file }),
                onDone: { target: 'uploading', actions: { type: 'assignShrunk', params: ({ event }) => ({ shrunk: event.output }) } },
                onError: {
                  target: 'idle',
                  description: 'Not an image, too large, or unreadable: the image the product had stays.',
                  actions: { type: 'assignImageProblem', params: ({ event }) => ({ problem: problemOf(event.error) }) },
                },
              },
              on: { 'IMAGE.PICK': { target: 'shrinking', reenter: true, actions: 'startImage' } },
            },
            uploading: {
              tags: ['imageBusy', 'uploading'],
              invoke: {
                id: 'uploadImage',
                src: 'uploadImage',
                input: ({ context }) => ({ file: context.image.preview! }),
                onDone: { target: 'idle', actions: { type: 'assignUploaded', params: ({ event }) => ({ image: event.output }) } },
                onError: {
                  target: 'idle',
                  description: 'The upload failed: the local preview stays and the user is told it was not saved with the product.',
                  actions: { type: 'assignImageProblem', params: () => ({ problem: 'upload' as const }) },
                },
              },
              on: { 'IMAGE.PICK': { target: 'shrinking', actions: 'startImage' } },
            },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});
