// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEinvoiceBackend } from '../core/backend';
import { createProviderTokens, withToken } from '../core/provider-token';
import { createMInvoiceAdapter } from '../core/providers/m-invoice';
import { canCorrect, canSign, cqtStatus, invoiceStatus, providerInfo } from '../core/registry';
import {
  createMerchant,
  instantSleep,
  sampleExport,
  startSandbox,
  trigger,
  type TestMerchant,
  type TestSandbox,
} from '../core/testing/sandbox';
import type { ProviderAdapter, Serial } from '../core/types';
import { createEinvoiceListApi, type EinvoiceListApi } from './actors';
import type { EinvoiceQuery } from './schemas';

/** The /e-invoice service against the sandbox: settings, provider token and the M-Invoice emulator for real. */

const PHOCO_TAX = '0108123455';
let t: TestSandbox;
let m: TestMerchant;
let api: EinvoiceListApi;
let adapter: ProviderAdapter;
let vatSerial: Serial;

const query = (over: Partial<EinvoiceQuery['filter']> = {}): EinvoiceQuery => ({
  page: 1,
  pageSize: 10,
  filter: { range: { preset: 'thisMonth' }, q: '', serial: '', released: 'all', ...over },
});

beforeAll(async () => {
  t = await startSandbox();
  m = await createMerchant(t, 'phoco');
  const backend = createEinvoiceBackend({ portal: m.portal, sale: m.sale });
  const tokens = createProviderTokens(backend);
  adapter = createMInvoiceAdapter({ baseURL: `${t.url}/api/einvoice/m-invoice`, sleep: instantSleep().sleep });
  api = createEinvoiceListApi({
    getSettings: (signal) => backend.getSettings(signal),
    adapter: () => adapter,
    withToken: (route, fn, signal) => withToken(tokens, route, fn, signal),
    registry: { providerInfo, cqtStatus, invoiceStatus, canSign, canCorrect },
  });
  // Not set up yet: the first test needs that.
  const login = await adapter.login({ taxCode: PHOCO_TAX, ...m.account('m-invoice') });
  vatSerial = (await adapter.listSerials(login.token)).find((s) => !s.isSalesInvoice)!;
});
afterAll(async () => {
  await t?.close();
});

describe('/e-invoice service against the sandbox (doc 2 §2, §4)', () => {
  it('not set up: EINV_NOT_SET_UP', async () => {
    await expect(api.loadPage(query())).rejects.toMatchObject({ code: 'EINV_NOT_SET_UP' });
  });

  it('lists the M-Invoice invoices of this month with labels, signs one, and the row moves on', async () => {
    const backend = createEinvoiceBackend({ portal: m.portal, sale: m.sale });
    await backend.saveSettings({
      provider: 'm-invoice',
      taxCode: PHOCO_TAX,
      activeMethod: 'einv_provider_account',
      ...m.account('m-invoice'),
      autoExport: false,
      printInvoice: false,
    });
    const login = await adapter.login({ taxCode: PHOCO_TAX, ...m.account('m-invoice') });
    const first = await adapter.createInvoice(
      login.token,
      sampleExport(`list-${Date.now()}-1`, vatSerial, { buyer: { isIndividual: true, name: 'Nguyễn Văn An' } }),
    );
    await adapter.createInvoice(login.token, sampleExport(`list-${Date.now()}-2`, vatSerial));

    const page = await api.loadPage(query());
    expect(page.provider.route).toBe('m-invoice');
    expect(page.total).toBe(2);
    expect(page.totalPage).toBe(1);
    const row = page.rows.find((r) => r.invoice.id === first.providerId)!;
    expect(row).toMatchObject({ provider: 'm-invoice', signable: true, viewable: true, cqt: { labelKey: 'status.cqt.pendingSignature' } });
    expect(row.invoice.buyerName).toBe('Nguyễn Văn An');

    expect((await api.loadPage(query({ q: 'Nguyễn Văn An' }))).rows.map((r) => r.invoice.id)).toEqual([first.providerId]);
    expect((await api.loadPage(query({ released: 'released' }))).rows).toHaveLength(0);

    const pdf = await api.loadPdf(row);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');

    await api.sign(row);
    const after = (await api.loadPage(query({ released: 'released' }))).rows;
    expect(after.map((r) => r.invoice.id)).toEqual([first.providerId]);
    expect(after[0]).toMatchObject({ signable: false, cqt: { labelKey: 'status.cqt.sent' } });
    await expect(api.sign(row)).rejects.toMatchObject({ code: 'EINV_SIGN_REFUSED' });
  });

  it('a PDF that never gets ready rejects EINV_PDF_NOT_READY', async () => {
    const page = await api.loadPage(query());
    await trigger(t, 'einvoice-fault', { merchant: m.merchantId, provider: 'm-invoice', fault: 'pdf-not-ready', count: '1000' });
    await expect(api.loadPdf(page.rows[0]!)).rejects.toMatchObject({ code: 'EINV_PDF_NOT_READY' });
  });
});
