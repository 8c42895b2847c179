import { describe, expect, it, vi } from 'vitest';
import type { EinvoiceRow, InvoiceQuery, ProviderAdapter, ProviderInfo, ProviderRoute } from '../core/types';
import { createEinvoiceListApi, pdfFileName, type EinvoiceListDeps, type ListRegistry } from './actors';
import type { EinvoiceQuery } from './schemas';
import { sampleSettings } from '../samples';

const settings = sampleSettings({ provider: 'm-invoice', username: 'phoco-m-invoice', serial: '1C26TMV', updatedAt: 0 });

const info = (route: ProviderRoute, features: ProviderInfo['features']): ProviderInfo => ({
  route,
  name: route.toUpperCase(),
  logo: '',
  features,
  isSSO: false,
  showSerial: true,
  invoiceLookupUrl: 'https://lookup.example.vn',
  researchUrl: 'https://research.example.vn',
});

const ALL: ProviderInfo['features'] = ['invoices', 'view', 'export', 'sign', 'serial'];

const row = (seq: number, statusReceived: string | null): EinvoiceRow => ({
  id: `id-${seq}`,
  serial: '1C26TMV',
  seq,
  invoiceDate: 0,
  taxAuthorityCode: null,
  searchCode: 'ABCDEFGHJK',
  buyerName: 'Khách lẻ',
  vat: 140_741,
  total: 1_900_000,
  status: '0',
  statusReceived,
});

const registry: ListRegistry = {
  providerInfo: (route) => info(route, ALL),
  cqtStatus: (_route, s) => ({ labelKey: s === null ? 'status.waitingToSign' : `status.cqt.${s}`, color: 'gray' }),
  invoiceStatus: (_route, s) => (s === null ? null : { labelKey: `status.invoice.${s}`, color: 'blue' }),
  canSign: (_route, r) => r.statusReceived === '1',
  canCorrect: (_route, r) => r.statusReceived === '4',
};

function deps(over: Partial<EinvoiceListDeps> = {}, adapter: Partial<ProviderAdapter> = {}) {
  const listInvoices = vi.fn(async (_token: string, _query: InvoiceQuery) => ({
    rows: [row(1, '1'), row(2, '4'), row(3, null)],
    total: 23,
  }));
  const full = { listInvoices, pdf: vi.fn(), sign: vi.fn(), ...adapter } as unknown as ProviderAdapter;
  const withToken = vi.fn(async <T>(_route: ProviderRoute, fn: (token: string) => Promise<T>) => fn('tok'));
  const d: EinvoiceListDeps = {
    getSettings: async () => settings,
    adapter: () => full,
    withToken: withToken as EinvoiceListDeps['withToken'],
    registry,
    // 24 November 2026, 17:00 in Vietnam.
    now: () => Date.UTC(2026, 10, 24, 10),
    ...over,
  };
  return { d, listInvoices, adapter: full, withToken };
}

const query: EinvoiceQuery = {
  page: 2,
  pageSize: 10,
  filter: { range: { preset: 'thisMonth' }, q: 'lan', serial: 'C26TMV', released: 'unreleased' },
};

describe('/e-invoice list service (doc 2 §2, §4)', () => {
  it('asks the provider set up for this month in Vietnam days, with the filters and the page', async () => {
    const { d, listInvoices, withToken } = deps();
    const page = await createEinvoiceListApi(d).loadPage(query);
    expect(withToken).toHaveBeenCalledWith('m-invoice', expect.any(Function), undefined);
    expect(listInvoices.mock.calls[0]![1]).toEqual({
      from: '2026-11-01',
      to: '2026-11-24',
      q: 'lan',
      serial: 'C26TMV',
      released: 'unreleased',
      page: 2,
      pageSize: 10,
    });
    expect(page.totalPage).toBe(3);
    expect(page.total).toBe(23);
    expect(page.provider.route).toBe('m-invoice');
  });

  it("labels each row from the provider's maps and offers signing only where its rule allows", async () => {
    const { d } = deps();
    const page = await createEinvoiceListApi(d).loadPage(query);
    expect(page.rows.map((r) => [r.invoice.seq, r.cqt.labelKey, r.signable, r.viewable, r.provider])).toEqual([
      [1, 'status.cqt.1', true, true, 'm-invoice'],
      [2, 'status.cqt.4', false, true, 'm-invoice'],
      [3, 'status.waitingToSign', false, true, 'm-invoice'],
    ]);
  });

  it('a provider without the sign or view feature offers neither, whatever the status', async () => {
    const { d } = deps({ registry: { ...registry, providerInfo: (route) => info(route, ['invoices', 'export']) } });
    const page = await createEinvoiceListApi(d).loadPage(query);
    expect(page.rows.every((r) => !r.signable && !r.viewable)).toBe(true);
  });

  it('a provider without the list is not asked (the screen says coming soon)', async () => {
    const { d, listInvoices } = deps({ registry: { ...registry, providerInfo: (route) => info(route, ['export']) } });
    const page = await createEinvoiceListApi(d).loadPage(query);
    expect(listInvoices).not.toHaveBeenCalled();
    expect(page).toMatchObject({ rows: [], totalPage: 0, total: 0 });
  });

  it.each([
    ['never set up', null],
    ['cancelled', { ...settings, active: false }],
  ])('%s: EINV_NOT_SET_UP, and no provider is asked', async (_label, answer) => {
    const { d, listInvoices, withToken } = deps({ getSettings: async () => answer });
    await expect(createEinvoiceListApi(d).loadPage(query)).rejects.toMatchObject({ code: 'EINV_NOT_SET_UP' });
    expect(listInvoices).not.toHaveBeenCalled();
    expect(withToken).not.toHaveBeenCalled();
  });

  it("the PDF and the signature go to the row's provider with its id, symbol and number", async () => {
    const pdf = vi.fn(async () => new Blob(['%PDF-']));
    const sign = vi.fn(async () => undefined);
    const { d } = deps({}, { pdf, sign });
    const api = createEinvoiceListApi(d);
    const [first] = (await api.loadPage(query)).rows;
    await api.loadPdf(first!);
    expect(pdf.mock.calls[0]).toEqual(['tok', { id: 'id-1', serial: '1C26TMV', seq: 1 }, undefined]);
    await api.sign(first!);
    expect(sign.mock.calls[0]).toEqual(['tok', first!.invoice, undefined]);
  });

  it('names the download by symbol and number, nothing else', () => {
    expect(pdfFileName({ invoice: row(12, null) } as never)).toBe('1C26TMV-12.pdf');
    expect(pdfFileName({ invoice: { ...row(3, null), serial: '../<x>' } } as never)).toBe('x-3.pdf');
  });
});

describe('issue 25 §5: original and correction together on the list', () => {
  const corrects = (
    kind: 'replace' | 'adjust',
    seq: number,
    adjustKind: 'amount' | 'info' | null = kind === 'adjust' ? 'amount' : null,
  ) => ({
    kind,
    adjustKind,
    serial: '1C26TMV',
    seq,
    invoiceDate: 0,
    reason: 'Khách trả lại 1 chai bia',
  });

  it('places each correction under its original, which names it, is no longer correctable once replaced, and shows its total after the amount adjustments', async () => {
    // Newest first, as the provider lists them: 5 replaces 2, 4 adjusts 1 by -25,000, 3 adjusts 1's information.
    const rows: EinvoiceRow[] = [
      { ...row(5, '4'), corrects: corrects('replace', 2) },
      { ...row(4, '4'), total: -25_000, corrects: corrects('adjust', 1) },
      { ...row(3, '4'), total: 0, corrects: corrects('adjust', 1, 'info') },
      row(2, '4'),
      row(1, '4'),
      // An adjustment whose original is on another page stays where it is.
      { ...row(6, '4'), total: -10_000, corrects: corrects('adjust', 99) },
    ];
    const { d } = deps({}, { listInvoices: vi.fn(async () => ({ rows, total: rows.length })) });
    const page = await createEinvoiceListApi(d).loadPage(query);
    expect(page.rows.map((r) => r.invoice.seq)).toEqual([2, 5, 1, 3, 4, 6]);
    const [two, , one] = page.rows;
    expect(two).toMatchObject({ correctable: false, correctedBy: [{ kind: 'replace', seq: 5 }], totalAfter: null });
    expect(one).toMatchObject({
      correctable: true,
      correctedBy: [
        { kind: 'adjust', seq: 4 },
        { kind: 'adjust', seq: 3 },
      ],
      totalAfter: 1_875_000,
    });
  });

  it('a correction goes to the row’s provider with the row and the request, under a token', async () => {
    const correctInvoice = vi.fn(async () => ({ eivCode: '::ABCDEFGHJK::7', serial: '1C26TMV', providerId: 'k', existing: false }));
    const listSerials = vi.fn(async () => [
      { value: '1C26TMV', invTypeName: 'Hóa đơn giá trị gia tăng', templateCode: '1' as const, isSalesInvoice: false },
    ]);
    const { d, withToken } = deps({}, { correctInvoice, listSerials } as Partial<ProviderAdapter>);
    const api = createEinvoiceListApi(d);
    const page = await api.loadPage(query);
    const draft = {
      kind: 'adjust' as const,
      adjustKind: 'info' as const,
      key: 'k'.repeat(36),
      reason: 'Sai địa chỉ',
      decreases: [],
      buyer: { isIndividual: true, name: 'Lan', address: 'Hà Nội' },
      lines: [],
      tax: null,
    };
    await expect(api.correct(page.rows[1]!, draft)).resolves.toMatchObject({ eivCode: '::ABCDEFGHJK::7' });
    expect(correctInvoice).toHaveBeenCalledWith(
      'tok',
      page.rows[1]!.invoice,
      expect.objectContaining({
        kind: 'adjust',
        adjustKind: 'info',
        key: 'k'.repeat(36),
        reason: 'Sai địa chỉ',
        // On the set-up's serial, dated now, the rates of the original's day.
        invoice: expect.objectContaining({
          orderId: 'k'.repeat(36),
          buyer: { isIndividual: true, name: 'Lan', address: 'Hà Nội' },
          lines: [],
          serial: expect.objectContaining({ value: '1C26TMV', templateCode: '1' }),
          issuedAt: Date.UTC(2026, 10, 24, 10),
          paidAt: page.rows[1]!.invoice.invoiceDate,
        }),
      }),
      undefined,
    );
    expect(withToken).toHaveBeenLastCalledWith('m-invoice', expect.any(Function), undefined);
  });
});

it('issue 25 §5: a correction on a serial the account does not list, or of another year, is refused before the provider is asked (D230)', async () => {
  const correctInvoice = vi.fn();
  const listSerials = vi.fn(async () => [{ value: '1C25TMV', invTypeName: '', templateCode: '1' as const, isSalesInvoice: false }]);
  const draft = {
    kind: 'replace' as const,
    adjustKind: null,
    key: 'k'.repeat(36),
    reason: 'x',
    decreases: [],
    buyer: { isIndividual: true, name: '' },
    lines: [],
    tax: null,
  };
  const { d } = deps({}, { correctInvoice, listSerials } as Partial<ProviderAdapter>);
  const api = createEinvoiceListApi(d);
  const [, row2] = (await api.loadPage(query)).rows;
  await expect(api.correct(row2!, draft)).rejects.toMatchObject({ code: 'EINV_SERIAL_INVALID' });
  const { d: d2 } = deps({ getSettings: async () => ({ ...settings, serial: '1C25TMV' }) }, {
    correctInvoice,
    listSerials,
  } as Partial<ProviderAdapter>);
  await expect(createEinvoiceListApi(d2).correct(row2!, draft)).rejects.toMatchObject({ code: 'EINV_SERIAL_YEAR' });
  expect(correctInvoice).not.toHaveBeenCalled();
});
