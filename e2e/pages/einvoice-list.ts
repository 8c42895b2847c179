import { expect, type Locator, type Page } from '@playwright/test';
import { withFeatures } from '../support/config';
import { t, type Lang } from '../support/i18n';
import { acceptCookies } from '../support/shell';
import { signIn } from '../support/sign-in';
import { issueOneLineSale, portalApi, setUpEinvoice, type EinvoiceMerchant, type PortalApi, type ProviderRoute } from '../support/einvoice';
import type { SandboxClient, ThrowawayMerchant } from '../support/sandbox';

/** Page object of /e-invoice: filters, the invoice table, the PDF popup and the sign confirmation. */

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

export class EinvoiceListPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly search: Locator;
  readonly serialSearch: Locator;
  readonly released: Locator;
  readonly timePreset: Locator;
  readonly provider: Locator;
  readonly notSetUp: Locator;
  readonly settingLink: Locator;
  readonly pdfDialog: Locator;
  readonly pdfFrame: Locator;
  readonly pdfDownload: Locator;
  readonly pdfRefresh: Locator;
  readonly pdfPrint: Locator;
  readonly pdfOpenTab: Locator;
  readonly signDialog: Locator;
  readonly signConfirm: Locator;
  readonly signCancel: Locator;
  readonly noData: Locator;
  readonly correctDialog: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    const tx = (key: string) => this.tx(key);
    this.heading = page.getByRole('heading', { level: 1, name: tx('list.title') });
    this.table = page.getByRole('table', { name: tx('list.tableLabel') });
    this.rows = this.table.getByTestId('data-row');
    this.search = page.getByRole('searchbox', { name: startsWith(tx('list.search')) });
    this.serialSearch = page.getByRole('searchbox', { name: startsWith(tx('list.serialSearch')) });
    this.released = page.getByTestId('einvoice-released-filter');
    this.timePreset = page.getByTestId('time-preset');
    this.provider = page.getByTestId('einvoice-provider');
    this.notSetUp = page.getByTestId('einvoice-not-set-up');
    this.settingLink = page.getByTestId('einvoice-setting-link');
    this.pdfDialog = page.getByTestId('einvoice-pdf-dialog');
    this.pdfFrame = page.getByTestId('einvoice-pdf-frame');
    this.pdfDownload = page.getByTestId('pdf-download');
    this.pdfRefresh = page.getByTestId('pdf-refresh');
    this.pdfPrint = page.getByTestId('pdf-print');
    this.pdfOpenTab = page.getByTestId('pdf-open-tab');
    this.signDialog = page.getByTestId('einvoice-sign-dialog');
    this.signConfirm = page.getByTestId('sign-confirm');
    this.signCancel = page.getByTestId('sign-cancel');
    this.noData = this.table.getByTestId('no-data');
    this.correctDialog = page.getByTestId('einvoice-correct-dialog');
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `einvoice:${key}`, params);
  }

  /** Signs in, turns the `einvoice` flag on for this page only and opens /e-invoice (or `path`). */
  static async open(
    page: Page,
    user: { username: string; password: string },
    path = '/e-invoice',
    lang: Lang = 'vi',
  ): Promise<EinvoiceListPage> {
    await withFeatures(page, { einvoice: true });
    await signIn(page, user, { lang, to: path });
    await acceptCookies(page, lang);
    return new EinvoiceListPage(page, lang);
  }

  async waitForRows(): Promise<void> {
    await expect(this.heading).toBeVisible({ timeout: 15_000 });
    await expect(this.table.getByTestId('skeleton-row')).toHaveCount(0, { timeout: 20_000 });
  }

  /** The row of invoice number `seq` (the number column holds it alone). */
  row(seq: number): Locator {
    return this.rows.filter({ has: this.page.getByRole('cell', { name: String(seq), exact: true }) });
  }

  viewButton(seq: number): Locator {
    return this.row(seq).getByRole('button', { name: startsWith(this.tx('list.view')) });
  }

  signButton(seq: number): Locator {
    return this.row(seq).getByRole('button', { name: startsWith(this.tx('list.sign.action')) });
  }

  /** D243: "Adjust / replace" on an issued invoice. */
  correctButton(seq: number): Locator {
    return this.row(seq).getByRole('button', { name: startsWith(this.tx('list.correct.openLabel', { name: '' }).trim()) });
  }

  cqtStatus(seq: number): Locator {
    return this.row(seq).getByTestId('einvoice-cqt-status');
  }

  async chooseReleased(value: 'all' | 'released' | 'unreleased'): Promise<void> {
    await this.released.click();
    await this.page.getByRole('option', { name: this.tx(`list.released.${value}`), exact: true }).click();
  }

  toast(title: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: title });
  }

  /** Downloads the open PDF and answers its bytes. */
  async downloadPdf(): Promise<{ name: string; bytes: Buffer }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.pdfDownload.click()]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
  }
}

// ---- Node side: invoices issued straight at an emulator for a buyer of the test's choosing ----

export interface IssuedInvoice {
  serial: string;
  seq: number;
  searchCode: string;
}

/**
 * An invoice issued at the provider's emulator through the portal's own adapter (as an export from
 * another till would), for a named buyer and one line at `total` đồng VAT included (a dish, at its
 * class's rate today), without an order (e2e/support/einvoice.ts `issueInvoiceFor` issues an order's
 * walk-in invoice; the list's search needs a buyer's name).
 */
export async function issueInvoice(
  api: PortalApi,
  merchant: EinvoiceMerchant,
  route: 'm-invoice' | 'fpt' | 'misa' | 'viettel',
  invoice: { ref: string; buyer: string; item: string; total: number },
): Promise<IssuedInvoice> {
  const issued = await issueOneLineSale(api, merchant, route, invoice);
  // The serial as each provider's row writes it (Viettel's without the template digit).
  const serial = route === 'viettel' ? (issued.serial ?? '').replace(/^\d/, '') : (issued.serial ?? '');
  return { serial, seq: issued.number, searchCode: issued.lookupCode };
}

/** One line of a sale to invoice: a named buyer, one item, its total in đồng VAT included. */
export interface InvoicedSale {
  buyer: string;
  item: string;
  total: number;
}

/** An order reference no other invoice of the run has (the providers key their invoices on it). */
const orderRef = () => `ORD-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.toUpperCase();

/**
 * The list specs' starting point: a throwaway copy of phoco set up on `route` through the sandbox, and
 * one invoice per sale issued at the provider's emulator, each under an order reference of its own.
 */
export async function merchantWithInvoices<const Sales extends readonly InvoicedSale[]>(
  sandbox: SandboxClient,
  route: ProviderRoute,
  sales: Sales,
): Promise<{ merchant: ThrowawayMerchant; api: PortalApi; invoices: { [K in keyof Sales]: IssuedInvoice } }> {
  const merchant = await sandbox.createMerchant('phoco');
  const api = await portalApi(sandbox, merchant);
  await setUpEinvoice(api, merchant, { provider: route });
  const invoices: IssuedInvoice[] = [];
  for (const sale of sales) invoices.push(await issueInvoice(api, merchant, route, { ref: orderRef(), ...sale }));
  // One invoice per sale, in order: the tuple the caller passed, typed position by position.
  return { merchant, api, invoices: invoices as { [K in keyof Sales]: IssuedInvoice } };
}
