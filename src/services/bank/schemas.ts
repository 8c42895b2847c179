import { z } from '../../config/zod-classic';

/**
 * A linked bank account as GET /bank/account lists it (core §3 Bank account). Shared: the bank area
 * manages these, the ShopQR form offers them as the account a code pays into.
 */
export const bankAccountSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  holder_name: z.string(),
  bank_code: z.string().min(1),
  is_internal_transfer: z.boolean(),
  phone: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** Bank accounts and their QR verification (core §3 Bank account, QR data; §7 /bank/*, /metadata/list-bank). */

/** core §3: the QR data's default description, spelled so in the data. */
export const VERIFY_DESCRIPTION = 'Chuyentien';
/**
 * What the verification QR asks the holder to transfer (whole dong). The spec does not give a figure;
 * a small fixed amount makes a dynamic QR the bank app can pre-fill (decision proposed in the report).
 */
export const VERIFY_AMOUNT = 10_000;
/** VietQR's limit on an account number (tag 38/01/01). */
export const MAX_BANK_ACCOUNT_LENGTH = 19;

export const bankOptionSchema = z.object({
  bank_code: z.string().min(1),
  /** 6-digit NAPAS BIN (VietQR tag 38/01/00). */
  bin: z.string().regex(/^\d{6}$/),
  short_name: z.string().min(1),
  name: z.string().min(1),
});
export type BankOption = z.infer<typeof bankOptionSchema>;
export const bankListSchema = z.array(bankOptionSchema);

/** core §3: `name` is the account number; `is_internal_transfer` is the verified flag. */
export const bankAccountsSchema = z.array(bankAccountSchema);

/** What POST /bank/account answers: everything the QR modal shows (core §3 QR data). */
export const qrDataSchema = z.object({
  qr: z.string().min(1).max(512),
  amount: z.number().int().nonnegative(),
  description: z.string(),
  bank_account_no: z.string().min(1),
});
export type QrData = z.infer<typeof qrDataSchema>;

export const holderNameSchema = z.object({ holder_name: z.string().min(1) });
export const qrOnlySchema = z.object({ qr: z.string().min(1).max(512) });
export const deletedSchema = z.object({ success: z.literal(true) });

/** The va event named by an account number (docs/areas/bank.md, realtime wire). */
export const bankVerifiedEventSchema = z.object({
  bank_account_no: z.string(),
  bank_code: z.string(),
  verified: z.literal(true),
});

/** One page of GET /bank/account, as the machines read it. */
export interface BankAccountPage {
  rows: BankAccount[];
  totalPage: number;
  page: number;
  pageSize: number;
}

export interface AddBankAccountBody {
  bank_account_no: string;
  bank_code: string;
  holder_name: string;
  phone: string;
}
