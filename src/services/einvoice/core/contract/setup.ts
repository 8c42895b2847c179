/**
 * The provider contract: what each of the four adapters does the same way against its
 * emulator. A provider's test file describes its provider once (a `ProviderDriver`: how to make its
 * adapter, what it calls things, where it answers differently), boots one sandbox with
 * `providerSandbox` and runs `providerContract` on it next to its own wire tests (request fields, its
 * own error codes, corrections), so the shared behaviours are written once and run four times.
 * Only *.test.ts files import this folder.
 */
import { afterAll, beforeAll } from 'vitest';
import { parseEivCode } from '../registry';
import {
  createMerchant,
  instantSleep,
  providerFault,
  startSandbox,
  todayQuery,
  type TestMerchant,
  type TestSandbox,
} from '../testing/sandbox';
import type { AdapterOptions } from '../providers/options';
import type { EinvoiceRow, ProviderAdapter, ProviderRoute, Serial } from '../types';

/** Phở Cô's tax code (the `phoco` template every provider account of these tests belongs to). */
export const PHOCO_TAX = '0108123455';

/** How one provider answers what the contract asks; the rest of its answers are its own tests'. */
export interface ProviderDriver {
  route: ProviderRoute;
  name: string;
  make(options: AdapterOptions): ProviderAdapter;
  /** The prefix of the order references the tests make up (within the provider's key alphabet). */
  refPrefix: string;
  /** Valid tax codes the public check accepts (10 digits and a branch code where the provider takes one). */
  validTaxCodes: string[];
  /** Extra inputs the public check refuses as EINV_TAX_CODE_INVALID, beyond a bad check digit and ''. */
  invalidTaxCodes?: string[];
  /** What else a bad check digit's refusal carries (the reason, the status). */
  checkDigitRefusal?: Record<string, unknown>;
  /** The series letters: the VAT and the sales series, and the two letters of a series not in use. */
  serials: { vat: RegExp; sales: RegExp; unusedSuffix: string };
  /** What else the listed series carry (Viettel's template of the account). */
  serialExtras?: { vat: Record<string, unknown>; sales: Record<string, unknown> };
  /** Whether the first listing offers every series this year and next (D253) or the provider filters more. */
  listsEverySeries: boolean;
  /** The eiv code of a fresh create: the tax-authority code at once (MISA) or later. */
  codedAtOnce: boolean;
  /** What the refusal of a quantity-0 line carries (the provider's field names). */
  malformedRefusal: Record<string, unknown>;
  /** Whether a bad buyer tax code's refusal names the field `buyer.taxCode`. */
  buyerFieldNamed: boolean;
  /** A row of this provider that does not exist (its PDF is NOT_FOUND). */
  missing(row: EinvoiceRow): EinvoiceRow;
  /** What else an expired token's refusal carries. */
  expiredRefusal?: Record<string, unknown>;
}

/** One provider's adapter on a fresh sandbox and merchant, signed in, with its two series. */
export interface ProviderContext {
  t: TestSandbox;
  m: TestMerchant;
  adapter: ProviderAdapter;
  token: string;
  vatSerial: Serial;
  salesSerial: Serial;
  sleeper: ReturnType<typeof instantSleep>;
  /** Switches a fault of this provider for the merchant (`einvoice-fault`). */
  fault(name: string, extra?: Record<string, string>): Promise<void>;
  /** A fresh order reference for a create that is not saved to an order. */
  ref(): string;
  /** The one listed row of an export, found by its lookup code. */
  rowOf(eivCode: string): Promise<EinvoiceRow>;
  /** Signs in again (after a test expired the tokens). */
  relogin(): Promise<void>;
}

/** Boots the sandbox before the file's tests and closes it after; the context fills in at boot. */
export function providerSandbox(driver: ProviderDriver): ProviderContext {
  let seq = 0;
  const c = {
    sleeper: instantSleep(),
    fault: (name: string, extra: Record<string, string> = {}) => providerFault(c.t, c.m, driver.route, name, extra),
    ref: () => `${driver.refPrefix}-${Date.now()}-${++seq}`,
    async rowOf(eivCode: string) {
      const page = await c.adapter.listInvoices(c.token, todayQuery({ q: parseEivCode(eivCode)!.searchCode }));
      if (page.total !== 1) throw new Error(`${page.total} rows for ${eivCode}`);
      return page.rows[0]!;
    },
    async relogin() {
      c.token = (await c.adapter.login({ taxCode: PHOCO_TAX, ...c.m.account(driver.route) })).token;
    },
  } as ProviderContext;
  beforeAll(async () => {
    c.t = await startSandbox();
    c.m = await createMerchant(c.t, 'phoco');
    c.adapter = driver.make({ baseURL: `${c.t.url}/api/einvoice/${driver.route}`, sleep: c.sleeper.sleep });
    await c.relogin();
    const serials = await c.adapter.listSerials(c.token);
    c.vatSerial = serials.find((s) => !s.isSalesInvoice)!;
    c.salesSerial = serials.find((s) => s.isSalesInvoice)!;
  });
  afterAll(async () => {
    await c.t?.close();
  });
  return c;
}
