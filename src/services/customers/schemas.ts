import { z } from '../../config/zod-classic';

/**
 * Customers of the sale service (doc 2 §3 Customer, §7 /customer; the shapes the spec leaves open are
 * in docs/areas/customers.md, D111).
 */

const code = (digits: number) => z.string().regex(new RegExp(`^\\d{${digits}}$`));

/** doc 2 §3 Customer. point is read-only (1 point = 1 VND, §9); the address codes are the statistics office's (D93). */
export const customerSchema = z.object({
  customer_id: z.number().int().positive(),
  code: z.string(),
  name: z.string(),
  phone_number: z.string(),
  point: z.number().int().nonnegative(),
  total_spending: z.number().nonnegative(),
  total_orders: z.number().int().nonnegative(),
  province_code: code(2).or(z.literal('')),
  district_code: code(3).or(z.literal('')),
  ward_code: code(5).or(z.literal('')),
  address: z.string(),
  /** The chosen places' names, so the list can show a full address without three more calls. */
  full_address: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** GET /customer (doc 2 §7: "response customers, total_page"). */
export const customerListSchema = z.object({
  customers: z.array(customerSchema),
  total_page: z.number().int().nonnegative(),
  total_count: z.number().int().nonnegative(),
});

/** POST /customer (doc 2 §7: "response customer_id, code"). */
export const customerCreatedSchema = z.object({ customer_id: z.number().int().positive(), code: z.string() });
export type CustomerCreated = z.infer<typeof customerCreatedSchema>;

/** POST /customer and PUT /customer/{id} (doc 2 §7 create body). An address level not chosen is ''. */
export interface CustomerBody {
  name: string;
  phone_number: string;
  province_code: string;
  district_code: string;
  ward_code: string;
  address: string;
}

/** One page of GET /customer, as the list machine reads it. */
export interface CustomerPage {
  rows: Customer[];
  totalPage: number;
}

/** What GET /customer is asked for. */
export interface CustomerListQuery {
  page: number;
  pageSize: number;
  /** The search as sent ('' for none). */
  q: string;
}
