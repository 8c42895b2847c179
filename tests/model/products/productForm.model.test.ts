import { productFormMachine, type ProductFormContext } from '../../../src/machines/products/productForm.machine';
import { hasProductErrors, validateProduct } from '../../../src/machines/products/rules/productForm';
import { isTaxClass } from '../../../src/rules/vatRates';
import type { ProductBody } from '../../../src/services/products/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { beer, newCategory, phoBo, phoCategory } from './fixtures';

const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
const categories = [newCategory, phoCategory];

const loaded: SampleEvent = { type: 'xstate.done.actor.loadForm', output: { detail: null, categories } };
const validFields: SampleEvent[] = [
  { type: 'FIELD.CHANGE', field: 'name', value: 'Phở gà' },
  { type: 'FIELD.CHANGE', field: 'code', value: 'PG01' },
  { type: 'FIELD.CHANGE', field: 'price', value: '45.000đ' },
];
const imageEvents: SampleEvent[] = [
  { type: 'IMAGE.PICK', file: photo },
  { type: 'IMAGE.REMOVE' },
  { type: 'xstate.done.actor.shrinkImage', output: { file: photo, size: 4, originalSize: 3_000_000 } },
  { type: 'xstate.error.actor.shrinkImage', error: { problem: 'format' } },
  { type: 'xstate.done.actor.uploadImage', output: { image_url: '/api/sale/inventory/product/image/9', size: 4 } },
  { type: 'xstate.error.actor.uploadImage', error: networkError },
];

function project(c: ProductFormContext) {
  return {
    invalid: Object.keys(validateProduct(c.form.values, c.code === null ? 'create' : 'edit')).sort(),
    shown: c.form.showErrors,
    submitError: c.form.saveError !== null,
    url: c.image.url !== null,
    preview: c.image.preview !== null,
    problem: c.imageProblem,
    loaded: c.categories.length > 0,
    taxClass: c.form.values.taxClass,
  };
}

describeModel({
  name: 'productForm',
  machine: productFormMachine,
  promiseActors: ['loadForm', 'shrinkImage', 'uploadImage', 'createProduct', 'updateProduct'],
  spyActions: ['notifySaved', 'notifySaveFailed'],
  // Three traversals whose coverage adds up: the fields (and loading), the image beside a valid form, and editing.
  variants: [
    {
      input: { code: null },
      variant: 'create: fields',
      events: [
        loaded,
        { type: 'xstate.error.actor.loadForm', error: networkError },
        { type: 'RETRY' },
        { type: 'CANCEL' },
        { type: 'FIELD.CHANGE', field: 'name', value: '   ' },
        ...validFields,
        { type: 'FIELD.CHANGE', field: 'code', value: 'P-1' },
        { type: 'FIELD.CHANGE', field: 'status', value: 1 },
        { type: 'FIELD.BLUR', field: 'name' },
        { type: 'FIELD.CHANGE', field: 'taxClass', value: 'STANDARD' },
        { type: 'FIELD.CHANGE', field: 'taxClass', value: 'BEER' },
        { type: 'FIELD.CHANGE', field: 'categoryIds', value: [3, 99] },
        { type: 'SUBMIT' },
        { type: 'xstate.done.actor.createProduct', output: phoBo },
        { type: 'xstate.error.actor.createProduct', error: serviceError('NAME_CODE_EXIST', 409) },
      ],
      ignore: ['IMAGE.PICK', 'IMAGE.REMOVE'],
      project: project as (context: never) => unknown,
    },
    {
      input: { code: null },
      variant: 'create: image',
      events: [
        loaded,
        ...validFields,
        ...imageEvents,
        { type: 'SUBMIT' },
        { type: 'CANCEL' },
        { type: 'xstate.done.actor.createProduct', output: phoBo },
      ],
      ignore: ['FIELD.BLUR', 'RETRY', 'xstate.error.actor.loadForm', 'xstate.error.actor.createProduct'],
      project: project as (context: never) => unknown,
    },
    {
      input: { code: 'PC001' },
      variant: 'edit',
      events: [
        { type: 'xstate.done.actor.loadForm', output: { detail: { product: beer, categories: [phoCategory] }, categories } },
        { type: 'xstate.error.actor.loadForm', error: serviceError('NOT_FOUND', 404) },
        { type: 'FIELD.CHANGE', field: 'name', value: '' },
        { type: 'FIELD.CHANGE', field: 'name', value: 'Phở bò tái lăn' },
        { type: 'SUBMIT' },
        { type: 'CANCEL' },
        { type: 'xstate.done.actor.updateProduct', output: phoBo },
        { type: 'xstate.error.actor.updateProduct', error: networkError },
        { type: 'xstate.after.returnAfterUpdate.productForm.ready.form.saved' },
      ],
      ignore: ['IMAGE.PICK', 'IMAGE.REMOVE', 'FIELD.BLUR', 'RETRY'],
      project: project as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as ProductFormContext | undefined;
      const after = step.after.context as ProductFormContext;
      for (const call of step.invoked) {
        if (call.id !== 'createProduct' && call.id !== 'updateProduct') continue;
        const body = (call.id === 'createProduct' ? call.input : (call.input as { body: ProductBody }).body) as ProductBody;
        if (hasProductErrors(validateProduct(after.form.values, after.code === null ? 'create' : 'edit')))
          throw new Error('sent an invalid form');
        // doc 2 §3: cost and tax are always 0; the price is a number of digits only.
        if (body.cost !== 0 || body.tax !== 0) throw new Error('cost or tax not 0');
        if (!Number.isInteger(body.price)) throw new Error('price is not a whole number');
        // D226: the class chosen on the form is the one sent, and it is one the table knows.
        if (body.tax_class !== after.form.values.taxClass || !isTaxClass(body.tax_class)) throw new Error('sent another tax class');
        if (!step.after.matches({ ready: { image: 'idle' } })) throw new Error('saved while the image was still being shrunk or uploaded');
        if (call.id === 'updateProduct' && (call.input as { code: string }).code !== 'PC001') throw new Error('updated another product');
        if ((body.img ?? '') !== (after.image.url ?? '')) throw new Error('sent an image other than the uploaded one');
      }
      const type = step.event.type;
      if (before && (type === 'xstate.error.actor.createProduct' || type === 'xstate.error.actor.updateProduct')) {
        if (JSON.stringify(before.form.values) !== JSON.stringify(after.form.values)) throw new Error('a refusal lost what was typed');
      }
      // An upload that fails keeps the local preview and says so.
      if (type === 'xstate.error.actor.uploadImage' && (after.image.preview === null || after.imageProblem !== 'upload'))
        throw new Error('a failed upload dropped the preview or said nothing');
      if (after.form.values.price.length > 13 || /\D/.test(after.form.values.price)) throw new Error('price is not at most 13 digits');
      if (after.form.values.categoryIds.includes(99)) throw new Error('kept a category that is not the merchant’s');
      if (!isTaxClass(after.form.values.taxClass)) throw new Error('kept a tax class the table does not know');
      // Editing starts from the product's own class.
      if (step.event.type === 'xstate.done.actor.loadForm' && after.product && after.form.values.taxClass !== after.product.tax_class)
        throw new Error('the form did not start from the product’s tax class');
      // An update returns to the list only after 2 s.
      if (type === 'xstate.done.actor.updateProduct' && step.after.status === 'done') throw new Error('left at once after an update');
    }
  },
});
