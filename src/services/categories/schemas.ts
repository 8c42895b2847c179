import { z } from '../../config/zod-classic';

/**
 * Product categories (doc 2 §3 Category, §7 /category; wire shapes in docs/areas/categories.md). The
 * sandbox checks a new category with `newCategorySchema` and the form reads the same limits, so the
 * portal and the service never disagree on what is valid.
 */

/** The spec gives no limits; these keep a chip readable and a description to a line or two (D103). */
export const CATEGORY_NAME_MAX = 50;
export const CATEGORY_DESCRIPTION_MAX = 255;
/** The most one GET /category/ answers: the product form's multi-select asks for all of them at once. */
export const CATEGORY_ALL_PAGE_SIZE = 1000;

const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
const visible = (value: string) => value.replace(INVISIBLE, '').trim();

export const newCategorySchema = z.object({
  name: z
    .string()
    .transform(visible)
    .pipe(
      z
        .string()
        .min(1)
        .max(CATEGORY_NAME_MAX)
        .regex(/^[^\p{Cc}]*$/u),
    ),
  // Optional; line breaks are fine in a description, other control characters are not.
  description: z
    .string()
    .optional()
    .transform((v) => visible(v ?? ''))
    .pipe(
      z
        .string()
        .max(CATEGORY_DESCRIPTION_MAX)
        .regex(/^[^\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]*$/u),
    ),
});
export type NewCategory = z.input<typeof newCategorySchema>;
export const NEW_CATEGORY_FIELDS = ['name', 'description'] as const;
export type CategoryField = (typeof NEW_CATEGORY_FIELDS)[number];

/** doc 2 §3 Category, as GET /category/ lists it and GET /category//{id} answers it. */
export const categorySchema = z.object({
  category_id: z.number().int().positive(),
  category_name: z.string(),
  description: z.string(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoriesSchema = z.array(categorySchema);

/** POST /category/ answers the new id (doc 2 §7 "response id"). */
export const categoryCreatedSchema = z.object({ id: z.number().int().positive() });
export const categoryDeletedSchema = z.object({ success: z.literal(true), id: z.number().int().positive() });

/** One page of GET /category/, as the machines read it. */
export interface CategoryPage {
  rows: Category[];
  totalPage: number;
}

/**
 * A name as the sandbox compares it (lower case, no Vietnamese diacritics, đ → d), so "do uong" and
 * "Đồ uống" are one category. Stored beside the name on write: PGlite has no unaccent.
 */
export function foldCategoryName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();
}
