import { z } from 'zod';

/**
 * FPT eInvoice's request bodies as the emulator accepts them (docs/areas/einvoice.md "FPT eInvoice").
 * Credentials may travel in the body (`user`) instead of a bearer token, as FPT's own clients do.
 */

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).optional();

export const fptCredentialsSchema = z.object({
  username: text(100).min(1),
  password: z.string().min(1).max(200),
});

/** `stax`, when given and not empty, must be the account's tax code (the setup sends the one typed). */
export const fptSigninSchema = fptCredentialsSchema.extend({ stax: z.string().trim().max(20).optional() });

/** FPT's `sid`: the caller's own id for the invoice, its idempotency key. */
export const fptSidSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'sid: 1 to 64 letters, digits, _ . : -');

function fptSidSchemaLoose() {
  return z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/);
}

export const FPT_INVOICE_TYPES = { '01GTKT': '1', '02GTTT': '2' } as const;

/** What FPT's figures may hold: đồng up to 999 billion (the invoice's amount in words stops there). */
const MAX_DONG = 999_999_999_999;
const money = z.number().finite().min(-MAX_DONG).max(MAX_DONG);

/**
 * One item as FPT's integration document defines it (D234): `price` the unit price before tax,
 * `amount` the line before tax, `vrt` the line's rate ('10', '8', '5', '0', '-1' not subject, '-2' not
 * declared), `vat` its tax and `total` both. `vrt` is read as text and checked by the route, which
 * answers FPT's INVALID_VAT_RATE for a value outside the list.
 */
export const fptItemSchema = z.object({
  line: z.number().int().min(1).max(10_000).optional(),
  name: text(400).min(1),
  unit: optionalText(50),
  /** Negative only on an adjustment (a decrease, D247); checked by the route. */
  quantity: z.number().min(-1_000_000).max(1_000_000),
  price: money,
  amount: money,
  vrt: z.string().trim().max(10).optional(),
  vat: money.optional(),
  total: money.optional(),
});

/** FPT's `vrt` values and the rate each stands for (the tax authority's TSuat). */
export const FPT_VRT_RATES = { '10': '10%', '8': '8%', '5': '5%', '0': '0%', '-1': 'KCT', '-2': 'KKKNT' } as const;
export type FptVrt = keyof typeof FPT_VRT_RATES;

export const fptInvoiceSchema = z.object({
  sid: fptSidSchema,
  /** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss', Vietnam time; the current time when absent. */
  idt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/)
    .optional(),
  type: z.enum(['01GTKT', '02GTTT']).optional(),
  form: z.enum(['1', '2']),
  serial: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{6}$/, 'serial: six capital letters or digits'),
  paym: z.enum(['TM', 'CK', 'TM/CK']).default('TM/CK'),
  curr: z.literal('VND').default('VND'),
  exrt: z.literal(1).default(1),
  /** Buyer (person) name; "Khách lẻ" for a walk-in customer. */
  bname: text(200).min(1),
  /** Buyer company name (business buyers). */
  buyer: optionalText(400),
  btax: optionalText(14),
  baddr: optionalText(400),
  bmail: optionalText(200),
  btel: optionalText(20),
  bcode: optionalText(50),
  bidc: optionalText(20),
  /** Printed under the items (a sales invoice's reduction note). */
  note: optionalText(1000),
  items: z.array(fptItemSchema).min(1).max(500),
  /** Totals before tax, of VAT and to pay, required (D234); the `…v` copies in đồng must match them. */
  sum: money,
  vat: money,
  total: money,
  sumv: money.optional(),
  vatv: money.optional(),
  totalv: money.optional(),
  /**
   * The original a /replace-invoice or /adjust-invoice call corrects (D247). FPT publishes
   * no API document; these are the sandbox's names for the tax authority's TTHDLQuan: the original's
   * sid (optional), form, serial, seq and date (rform, rserial, rseq, rdt), the reason (rea), and for an
   * adjustment its kind (adjtyp '1' amounts, '2' information only).
   */
  adj: z
    .object({
      rsid: fptSidSchemaLoose().optional(),
      rform: z.enum(['1', '2']),
      rserial: z
        .string()
        .trim()
        .regex(/^[A-Z0-9]{6}$/),
      rseq: z.number().int().min(1).max(99_999_999),
      rdt: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      rea: text(255),
      adjtyp: z.enum(['1', '2']).optional(),
    })
    .optional(),
});

export const fptCreateSchema = z.object({
  lang: z.enum(['vi', 'en']).optional(),
  user: fptCredentialsSchema.optional(),
  inv: fptInvoiceSchema,
});

export const fptApproveSchema = z.object({
  lang: z.enum(['vi', 'en']).optional(),
  user: fptCredentialsSchema.optional(),
  inv: z.object({
    sid: fptSidSchema,
    /** When given, must be the invoice's date ('YYYY-MM-DD', Vietnam time): FPT refuses a mismatch. */
    idt: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/)
      .optional(),
  }),
});

/** Body carrying only credentials (calls that need nothing else, when no bearer is sent). */
export const fptUserOnlySchema = z.object({ lang: z.enum(['vi', 'en']).optional(), user: fptCredentialsSchema.optional() });

export type FptCreateBody = z.infer<typeof fptCreateSchema>;
export type FptInvoiceBody = z.infer<typeof fptInvoiceSchema>;
