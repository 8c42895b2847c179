import { describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../../http/errors';
import type { ExportInput, ProviderAdapter, Serial } from '../../einvoice';
import { sampleOrder } from '../samples';
import type { OrderDetail } from '../schemas';
import { createOrderEinvoiceService, type EinvoicePorts } from './export';
import { sampleSettings } from '../../einvoice/samples';
import { REPO_VAT_RATES_INPUT, vatRateTableSchema } from '../../../rules/vatRates';

const REPO_VAT_RATES = vatRateTableSchema.parse(REPO_VAT_RATES_INPUT);

const settings = sampleSettings({ serial: 'C26TMS', updatedAt: 1 });
const serials: Serial[] = [
  { value: '1C26TMS', invTypeName: 'Hóa đơn GTGT', templateCode: '1', isSalesInvoice: false },
  { value: '2C26TMH', invTypeName: 'Hóa đơn bán hàng', templateCode: '2', isSalesInvoice: true },
];
const completed: OrderDetail = {
  invoice_data: {
    ...sampleOrder,
    order_id: 41,
    order_code: 'DH0001',
    status: 0,
    payment_status: 1,
    payment_method: 'QR',
    total_price: 115_000,
    // 23:59 on 31 December 2026, Vietnam time: the last minute of the 8 % cut.
    paid_at: Date.parse('2026-12-31T23:59:00+07:00') / 1000,
  },
  products_data: [
    { product_id: 7, code: 'PC1', name: 'Phở bò tái', img: null, amount: 2, price: 55_000, tax_class: 'REDUCED_ELIGIBLE' },
    { product_id: 8, code: 'PC2', name: 'Bia Hà Nội', img: null, amount: 1, price: 5_000, tax_class: 'STANDARD' },
  ],
};

function setup(detail: OrderDetail = completed, overrides: Partial<ProviderAdapter> = {}, save?: EinvoicePorts['saveEivCode']) {
  const created: ExportInput[] = [];
  const adapter = {
    route: 'misa',
    listSerials: vi.fn(async () => serials),
    declarationStatus: vi.fn(async () => ({ approved: true, records: [] })),
    createInvoice: vi.fn(async (_token: string, input: ExportInput) => {
      created.push(input);
      return { eivCode: 'M1::K7Q2::12', serial: '1C26TMS', providerId: 'x', existing: false };
    }),
    ...overrides,
  } as unknown as ProviderAdapter;
  const ports: EinvoicePorts = {
    getSettings: async () => settings,
    saveEivCode: save ?? (async (_id, eivCode) => ({ eivCode, cqtCode: 'M1' })),
    adapter: () => adapter,
    withToken: (_route, fn) => fn('token'),
  };
  const get = vi.fn(async () => detail);
  const service = createOrderEinvoiceService(ports, { get }, REPO_VAT_RATES, () => Date.UTC(2026, 10, 24, 3));
  return { service, created, adapter, get };
}

describe('order e-invoice export service', () => {
  it("issue 25 §1: issues the order with its lines at bill prices, each at its class's rate on the payment's Vietnam day, the order id as key", async () => {
    const { service, created } = setup();
    const result = await service.createInvoice(41, { isIndividual: true, name: 'Khách lẻ' }, settings);
    expect(result.eivCode).toBe('M1::K7Q2::12');
    expect(created).toHaveLength(1);
    const input = created[0]!;
    expect(input.orderId).toBe('41');
    expect(input.lines).toEqual([
      { name: 'Phở bò tái', unit: 'Phần', quantity: 2, unitPriceGross: 55_000, taxClass: 'REDUCED_ELIGIBLE' },
      { name: 'Bia Hà Nội', unit: 'Phần', quantity: 1, unitPriceGross: 5_000, taxClass: 'STANDARD' },
    ]);
    expect(input.paidAt).toBe(Date.parse('2026-12-31T23:59:00+07:00'));
    // Food at 8 % (the cut's last minute), beer at 10 % (never reduced): 110,000 → 101,852 + 8,148; 5,000 → 4,545 + 455.
    expect(input.tax.lines.map((l) => [l.rateCode, l.net, l.vat, l.netUnitPrice])).toEqual([
      ['8%', 101_852, 8_148, 50_926],
      ['10%', 4_545, 455, 4_545],
    ]);
    expect(input.tax.breakdown).toEqual([
      { rateCode: '10%', net: 4_545, vat: 455, gross: 5_000 },
      { rateCode: '8%', net: 101_852, vat: 8_148, gross: 110_000 },
    ]);
    expect(input.total).toBe(115_000);
    expect(input.tax.totals).toEqual({ net: 106_397, vat: 8_603, gross: 115_000 });
    expect(input.paymentMethod).toBe('QR');
    expect(input.serial.value).toBe('1C26TMS');
  });

  it('issue 25 §1: the same order paid at 00:01 on 1 January 2027 is at 10 % on both lines', async () => {
    const { service, created } = setup({
      ...completed,
      invoice_data: { ...completed.invoice_data, paid_at: Date.parse('2027-01-01T00:01:00+07:00') / 1000 },
    });
    await service.createInvoice(41, { isIndividual: true, name: 'Khách lẻ' }, settings);
    expect(created[0]!.tax.breakdown).toEqual([{ rateCode: '10%', net: 104_545, vat: 10_455, gross: 115_000 }]);
  });

  const NEW_YEAR = Date.parse('2027-01-01T00:05:00+07:00');
  const PAID = Date.parse('2026-12-31T23:59:00+07:00');
  const C27: Serial = { value: '1C27TMS', invTypeName: 'Hóa đơn GTGT', templateCode: '1', isSalesInvoice: false };
  function atNewYear(route: 'misa' | 'm-invoice', listed: Serial[], create?: (input: ExportInput) => void) {
    const created: ExportInput[] = [];
    const adapter = {
      route,
      listSerials: vi.fn(async () => listed),
      createInvoice: vi.fn(async (_token: string, input: ExportInput) => {
        create?.(input);
        created.push(input);
        return { eivCode: 'M1::K7Q2::12', serial: input.serial.value, providerId: 'x', existing: false };
      }),
    } as unknown as ProviderAdapter;
    const chosen = { ...settings, provider: route };
    const service = createOrderEinvoiceService(
      {
        getSettings: async () => chosen,
        saveEivCode: async (_id, eivCode) => ({ eivCode, cqtCode: null }),
        adapter: () => adapter,
        withToken: (_r, fn) => fn('t'),
      },
      { get: async () => completed },
      REPO_VAT_RATES,
      () => NEW_YEAR,
    );
    return { service, created, settings: chosen, adapter };
  }

  it('issue 25 §3, D254: a sale of 23:59 on 31 December exported at 00:05 on 1 January is dated at the sale, on the 26 symbol, at 2026 rates', async () => {
    const { service, created, settings: chosen } = atNewYear('misa', [...serials, C27]);
    const result = await service.createInvoice(41, { isIndividual: true, name: 'Khách lẻ' }, { ...chosen, serial: 'C27TMS' });
    expect(created).toHaveLength(1);
    expect([created[0]!.issuedAt, created[0]!.serial.value]).toEqual([PAID, '1C26TMS']);
    expect(created[0]!.tax.breakdown.map((b) => b.rateCode)).toEqual(['10%', '8%']);
    expect(result).toMatchObject({ issuedAt: PAID, datedAtSale: true });
  });

  it("issue 25 §3, D254: a refused sale date is tried once more dated today, on this year's symbol, and says so; the rates stay the sale's", async () => {
    const {
      service,
      created,
      settings: chosen,
    } = atNewYear('misa', [...serials, C27], (input) => {
      if (input.issuedAt < NEW_YEAR)
        throw new ServiceError({ code: 'EINV_INVOICE_REFUSED', status: 200, kind: 'server', message: 'InvDate before the last' });
    });
    const result = await service.createInvoice(41, { isIndividual: true, name: 'Khách lẻ' }, chosen);
    expect(created).toHaveLength(1);
    expect([created[0]!.issuedAt, created[0]!.serial.value]).toEqual([NEW_YEAR, '1C27TMS']);
    expect(created[0]!.tax.breakdown.map((b) => b.rateCode)).toEqual(['10%', '8%']);
    expect(result).toMatchObject({ issuedAt: NEW_YEAR, datedAtSale: false });
  });

  it('issue 25 §3, §4, D261: M-Invoice dates at the sale too: on the 26 symbol dated 31 December; a refused sale date goes on the 27 symbol dated today when offered, never on a "26" one', async () => {
    const atSale = atNewYear('m-invoice', [...serials, C27]);
    const dated = await atSale.service.createInvoice(41, { isIndividual: true, name: 'Khách lẻ' }, atSale.settings);
    expect([atSale.created[0]!.issuedAt, atSale.created[0]!.serial.value]).toEqual([PAID, '1C26TMS']);
    expect(dated).toMatchObject({ issuedAt: PAID, datedAtSale: true });

    const refusing = (input: ExportInput) => {
      if (input.issuedAt < NEW_YEAR)
        throw new ServiceError({
          code: 'EINV_INVOICE_REFUSED',
          status: 200,
          kind: 'server',
          message: 'inv_invoiceIssuedDate before the last',
        });
    };
    const without = atNewYear('m-invoice', serials, refusing);
    await expect(without.service.createInvoice(41, { isIndividual: true, name: 'Khách lẻ' }, without.settings)).rejects.toMatchObject({
      code: 'EINV_SERIAL_YEAR',
    });
    expect(without.created).toHaveLength(0);

    const offered = atNewYear('m-invoice', [...serials, C27], refusing);
    const result = await offered.service.createInvoice(41, { isIndividual: true, name: 'Khách lẻ' }, offered.settings);
    expect([offered.created[0]!.issuedAt, offered.created[0]!.serial.value]).toEqual([NEW_YEAR, '1C27TMS']);
    expect(result).toMatchObject({ issuedAt: NEW_YEAR, datedAtSale: false });
  });

  it('D254: a symbol the provider lists in no year is EINV_SERIAL_INVALID; a sales-invoice symbol never stands in for a VAT one', async () => {
    const { service, created, settings: chosen } = atNewYear('misa', serials);
    await expect(
      service.createInvoice(41, { isIndividual: true, name: 'Khách lẻ' }, { ...chosen, serial: 'C26TZZ' }),
    ).rejects.toMatchObject({
      code: 'EINV_SERIAL_INVALID',
    });
    expect(created).toHaveLength(0);
  });

  it('issue 25 §1: a sales-invoice serial carries no VAT on its lines and the reduction note while the cut lasts', async () => {
    const { service, created } = setup();
    await service.createInvoice(41, { isIndividual: true, name: 'Khách lẻ' }, { ...settings, serial: 'C26TMH' });
    const tax = created[0]!.tax;
    expect(tax.kind).toBe('sales');
    expect(tax.breakdown).toEqual([]);
    expect(tax.totals).toEqual({ net: 115_000, vat: 0, gross: 115_000 });
    expect(tax.notes.length).toBe(1);
  });

  it('does not issue an order that already has a code (it answers that code) nor one that is not completed', async () => {
    const had = setup({ ...completed, invoice_data: { ...completed.invoice_data, eiv_code: 'M1::OLD::3', is_eiv_exported: true } });
    await expect(had.service.createInvoice(41, { isIndividual: true, name: 'Khách lẻ' }, settings)).resolves.toMatchObject({
      eivCode: 'M1::OLD::3',
      serial: null,
      existing: true,
    });
    expect(had.created).toHaveLength(0);
    const open = setup({ ...completed, invoice_data: { ...completed.invoice_data, status: 1, payment_status: 0 } });
    await expect(open.service.createInvoice(41, { isIndividual: true, name: 'Khách lẻ' }, settings)).rejects.toMatchObject({
      code: 'ORDER_NOT_COMPLETED',
    });
    expect(open.created).toHaveLength(0);
  });

  it('refuses a saved serial the provider does not list (EINV_SERIAL_INVALID) before issuing', async () => {
    const { service, created } = setup();
    await expect(
      service.createInvoice(41, { isIndividual: true, name: 'Khách lẻ' }, { ...settings, serial: 'K26TMK' }),
    ).rejects.toMatchObject({
      code: 'EINV_SERIAL_INVALID',
    });
    expect(created).toHaveLength(0);
  });

  it('issue 25 §3, D254: the bulk run says which invoice is not dated at the sale, as the single export does', async () => {
    const refusing = atNewYear('misa', [...serials, C27], (input) => {
      if (input.issuedAt < NEW_YEAR)
        throw new ServiceError({ code: 'EINV_INVOICE_REFUSED', status: 200, kind: 'server', message: 'InvDate before the last' });
    });
    await expect(refusing.service.exportOne(41, refusing.settings)).resolves.toMatchObject({ status: 'exported', datedToday: NEW_YEAR });
    const atSale = atNewYear('misa', [...serials, C27]);
    const outcome = await atSale.service.exportOne(41, atSale.settings);
    expect(outcome.status).toBe('exported');
    expect(outcome).not.toHaveProperty('datedToday');
  });

  it('bulk: skips an order whose code was saved meanwhile, and stops on another error; issue 24 §7: the serial only for the invoice just issued', async () => {
    const race = setup(completed, {}, async () => {
      throw new ServiceError({ code: 'INVOICE_ALREADY_EXPORTED', status: 409, kind: 'server', data: { eiv_code: 'M1::OTHER::9' } });
    });
    await expect(race.service.exportOne(41, settings)).resolves.toEqual({ status: 'skipped', eivCode: 'M1::OTHER::9', serial: null });
    const down = setup(completed, {}, async () => {
      throw new ServiceError({ code: 'NETWORK_ERROR', status: 0, kind: 'network' });
    });
    await expect(down.service.exportOne(41, settings)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    const ok = setup();
    await expect(ok.service.exportOne(41, settings)).resolves.toEqual({ status: 'exported', eivCode: 'M1::K7Q2::12', serial: '1C26TMS' });
    expect(ok.created[0]!.buyer).toEqual({ isIndividual: true, name: 'Khách lẻ' });
  });

  it('bulk preparation: not set up and a pending declaration stop the run before any order', async () => {
    const pending = setup(completed, {
      declarationStatus: vi.fn(async () => ({ approved: false, records: [] })),
    } as Partial<ProviderAdapter>);
    await expect(pending.service.prepareRun()).rejects.toMatchObject({ code: 'EINV_DECLARATION_PENDING' });
    const { service } = setup();
    await expect(service.prepareRun()).resolves.toEqual(settings);
  });
});
