import {
  PRODUCT_CODE_MAX,
  PRODUCT_CODE_PATTERN,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX_LENGTH,
  type Product,
  type ProductBody,
  type ProductStatus,
} from '../../../services/products/schemas';
import { visibleText } from '../../../rules/text';
import { DEFAULT_TAX_CLASS, type TaxClass } from '../../../rules/vatRates';

/** The product form (doc 2 §5 product create: name not whitespace-only, code letters and digits, price required, 13 characters). */

export interface ProductForm {
  name: string;
  code: string;
  /** Digits only, at most 13 (doc 2 §5: number inputs take no e, +, -, comma or dot). */
  price: string;
  status: ProductStatus;
  /** The product's VAT tax class (D226); its rate on a day comes from the table in config.json. */
  taxClass: TaxClass;
  categoryIds: number[];
}

export type ProductTextField = 'name' | 'code' | 'price';

/** Message keys in the `products` namespace. */
export type ProductFieldErrors = Partial<
  Record<
    ProductTextField,
    | 'form.nameRequired'
    | 'form.nameTooLong'
    | 'form.noControl'
    | 'form.codeRequired'
    | 'form.codeInvalid'
    | 'form.codeTooLong'
    | 'form.priceRequired'
  >
>;

export const EMPTY_PRODUCT_FORM: ProductForm = { name: '', code: '', price: '', status: 0, taxClass: DEFAULT_TAX_CLASS, categoryIds: [] };

/** What the price field keeps of what was typed or pasted: its digits, at most 13 (doc 2 §5). */
export const priceDigits = (value: string) => value.replace(/\D/g, '').slice(0, PRODUCT_PRICE_MAX_LENGTH);

export function validateProduct(form: ProductForm, mode: 'create' | 'edit'): ProductFieldErrors {
  const errors: ProductFieldErrors = {};
  const name = visibleText(form.name);
  if (name === '') errors.name = 'form.nameRequired';
  else if (name.length > PRODUCT_NAME_MAX) errors.name = 'form.nameTooLong';
  else if (/\p{Cc}/u.test(name)) errors.name = 'form.noControl';
  // The code is read-only on edit (doc 2 §2): the service's own.
  if (mode === 'create') {
    const code = form.code.trim();
    if (code === '') errors.code = 'form.codeRequired';
    else if (!PRODUCT_CODE_PATTERN.test(code)) errors.code = 'form.codeInvalid';
    else if (code.length > PRODUCT_CODE_MAX) errors.code = 'form.codeTooLong';
  }
  if (form.price === '') errors.price = 'form.priceRequired';
  return errors;
}

export const hasProductErrors = (errors: ProductFieldErrors) => Object.keys(errors).length > 0;

/** doc 2 §5: submit is disabled until name, code and price are filled. */
export const requiredFilled = (form: ProductForm) => visibleText(form.name) !== '' && form.code.trim() !== '' && form.price !== '';

/** The body of POST and PUT: cost and tax always 0 (doc 2 §3; the VAT is the tax class's, D226), the image's address or empty. */
export function productBody(form: ProductForm, imageUrl: string | null): ProductBody {
  return {
    name: visibleText(form.name),
    code: form.code.trim(),
    img: imageUrl ?? '',
    cost: 0,
    tax: 0,
    price: Number(form.price),
    status: form.status,
    tax_class: form.taxClass,
    category_ids: form.categoryIds,
  };
}

export const formOfProduct = (p: Product): ProductForm => ({
  name: p.name,
  code: p.code,
  price: String(p.price),
  status: p.status,
  taxClass: p.tax_class,
  categoryIds: p.category_ids,
});
