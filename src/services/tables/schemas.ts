import { z } from '../../config/zod-classic';

/** The sale service's tables and the ordering website (doc 2 §3 Table, §7 /fnb/table, /saas/merchant; CONTRACT13). */

/** doc 2 §3 Table: order_id is the open bill (null when none); product_amount and total_price are that bill's. */
export const tableSchema = z.object({
  table_id: z.number().int().positive(),
  table_name: z.string(),
  order_id: z.number().int().positive().nullable(),
  product_amount: z.number().int().nonnegative(),
  total_price: z.number().nonnegative(),
  max_slot: z.number().int().nonnegative(),
  available_slot: z.number().int().nonnegative(),
  customer_id: z.number().int().nonnegative(),
  is_available: z.boolean(),
});
export type Table = z.infer<typeof tableSchema>;

export const tablesSchema = z.array(tableSchema);

/** POST /fnb/table: HTTP 201 `{code: 201, data: {table_id}}`. */
export const tableCreatedSchema = z.object({ code: z.literal(201), data: z.object({ table_id: z.number().int().positive() }) });

export const tableDeletedSchema = z.object({ table_id: z.number().int().positive() });

/** POST /order `{table_id}`: 201 a new bill, 200 `{existing: true}` when the table already had one (two tabs, one bill). */
export const orderOpenedSchema = z.object({
  code: z.union([z.literal(200), z.literal(201)]),
  data: z.object({ order_id: z.number().int().positive(), existing: z.boolean().optional() }),
});

/** GET /saas/merchant (read-only here): only the ordering website matters to the tables. */
export const saleMerchantSchema = z.object({
  merchant_id: z.string(),
  website: z.string().nullable(),
  is_fnb: z.boolean(),
});
export type SaleMerchant = z.infer<typeof saleMerchantSchema>;

/** POST and PUT /fnb/table bodies (doc 2 §5: a rename sends max_slot 0, available_slot 0, is_available true). */
export interface TableBody {
  table_name: string;
  max_slot: number;
  available_slot: number;
  is_available: boolean;
}

export interface TableListQuery {
  /** The search as sent ('' for none). */
  q: string;
}

/** The grid shows every table of the merchant (a floor has tens); this bounds one answer. */
export const TABLE_GRID_PAGE_SIZE = 1000;
