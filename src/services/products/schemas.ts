import { z } from '../../config/zod-classic';
import { TAX_CLASSES } from '../../rules/vatRates';

/**
 * Products of the sale service (doc 2 §3 Product, §4 product status, §5 product create and image,
 * §7 /inventory/product, §9 image limits; wire shapes in docs/areas/products.md). The sandbox checks a
 * body with `productBodySchema` and the form reads the same limits, so the portal and the service
 * never disagree on what is valid.
 */

/** The most one GET /inventory/product answers (orders ask for every available product at once). */
export const PRODUCT_MAX_PAGE_SIZE = 10_000;
export const PRODUCT_NAME_MAX = 150;
export const PRODUCT_CODE_MAX = 30;
/** doc 2 §5: the price field takes at most 13 characters, so at most 13 digits. */
export const PRODUCT_PRICE_MAX_LENGTH = 13;
export const PRODUCT_PRICE_MAX = 9_999_999_999_999;
export const PRODUCT_SEARCH_MAX = 100;
export const PRODUCT_MAX_CATEGORIES = 20;
/** doc 2 §5, §9: PNG, JPG, JPEG up to 10,485,760 bytes; over 716,800 the browser shrinks it in 90% steps first. */
export const PRODUCT_IMAGE_MAX_BYTES = 10_485_760;
export const PRODUCT_IMAGE_TARGET_BYTES = 716_800;
export const PRODUCT_IMAGE_STEP = 0.9;

/** doc 2 §3, §4: 0 available (in stock), 1 empty (out of stock), 2 closed (discontinued). */
export const PRODUCT_STATUSES = [0, 1, 2] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_CLOSED: ProductStatus = 2;

/** Letters and digits only (doc 2 §5), ASCII: a code is typed on any keyboard and printed on labels. */
export const PRODUCT_CODE_PATTERN = /^[A-Za-z0-9]+$/;

/** The address the service answers for an uploaded image; its path under the sale service is the image call. */
export const PRODUCT_IMAGE_URL = /^\/api\/sale(\/inventory\/product\/image\/(\d{1,10}))$/;

const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
const visible = (value: string) => value.replace(INVISIBLE, '').trim();

export const productStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
/** The product's VAT tax class (D226): its rate on a given day comes from the dated table in config.json. */
export const productTaxClassSchema = z.enum(TAX_CLASSES);

/**
 * A create or update body (doc 2 §7: name, code, img, cost, tax, price, category_ids; status on the
 * edit form; tax_class, D226). cost and tax are always 0 (doc 2 §3); the code is only read on create.
 */
export const productBodySchema = z.object({
  name: z
    .string()
    .transform(visible)
    .pipe(
      z
        .string()
        .min(1)
        .max(PRODUCT_NAME_MAX)
        .regex(/^[^\p{Cc}]*$/u),
    ),
  code: z.string().min(1).max(PRODUCT_CODE_MAX).regex(PRODUCT_CODE_PATTERN),
  img: z.union([z.literal(''), z.string().regex(PRODUCT_IMAGE_URL), z.null()]).optional(),
  price: z.number().int().min(0).max(PRODUCT_PRICE_MAX),
  cost: z.literal(0).optional(),
  tax: z.literal(0).optional(),
  status: productStatusSchema.optional(),
  /** Left out: a create takes REDUCED_ELIGIBLE, an update keeps the product's class. */
  tax_class: productTaxClassSchema.optional(),
  category_ids: z.array(z.number().int().positive()).max(PRODUCT_MAX_CATEGORIES).optional(),
});
export type ProductBody = z.input<typeof productBodySchema>;
export const PRODUCT_BODY_FIELDS = ['name', 'code', 'img', 'price', 'cost', 'tax', 'status', 'tax_class', 'category_ids'] as const;

export const productCategorySchema = z.object({ category_id: z.number().int().positive(), category_name: z.string() });
export type ProductCategory = z.infer<typeof productCategorySchema>;
/** GET /category/ as the product form reads it (the category's other fields are not needed here). */
export const productCategoriesSchema = z.array(productCategorySchema);
/** The most categories one GET /category/ answers: the form asks for all of them at once. */
export const PRODUCT_CATEGORY_PAGE_SIZE = 1000;

/** doc 2 §3 Product as the service answers it; `categories` names the category_ids (for the chips). */
export const productSchema = z.object({
  product_id: z.number().int().positive(),
  code: z.string(),
  name: z.string(),
  img: z.string().nullable(),
  price: z.number().int().nonnegative(),
  cost: z.number(),
  tax: z.number(),
  status: productStatusSchema,
  tax_class: productTaxClassSchema,
  category_ids: z.array(z.number().int().positive()),
  categories: z.array(productCategorySchema),
});
export type Product = z.infer<typeof productSchema>;
export const productsSchema = z.array(productSchema);

/** GET /inventory/product/{code}: `data.product` and `data.categories` (doc 2 §7). */
export const productDetailSchema = z.object({ product: productSchema, categories: z.array(productCategorySchema) });
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** POST /inventory/product answers HTTP 201 with `code: 201` beside `data` (doc 2 §7 "success when code is 201"). */
export const productCreatedSchema = z.object({ code: z.literal(201), data: productSchema });

/** POST /inventory/product/image. */
export const productImageSchema = z.object({ image_url: z.string().regex(PRODUCT_IMAGE_URL), size: z.number().int().positive() });
export type ProductImage = z.infer<typeof productImageSchema>;

/** The list's filter: the search text (folded on the service) and a status, or every status. */
export interface ProductFilter {
  q: string;
  status: ProductStatus | null;
}

export interface ProductPage {
  rows: Product[];
  totalPage: number;
}

/** A text as the service searches it (lower case, no Vietnamese diacritics, đ → d): "pho" finds "Phở". */
export function foldProductText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();
}
