import { describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../../http/errors';
import type { ExportInput, ProviderAdapter, Serial } from '../../shared/einvoice/types';
import { sampleOrder } from '../samples';
import type { OrderDetail } from '../schemas';
import { createOrderEinvoiceService, type EinvoicePorts } from './export';
import { sampleSettings } from '../../shared/testing/einvoice-samples';

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
  },
  products_data: [
    { product_id: 7, code: 'PC1', name: 'Phở bò tái', img: null, amount: 2, price: 55_000 },
    { product_id: 8, code: 'PC2', name: 'Trà đá', img: null, amount: 1, price: 5_000 },
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
  const service = createOrderEinvoiceService(ports, { get }, () => Date.UTC(2026, 10, 24, 3));
  return { service, created, adapter, get };
}

describe('order e-invoice export service', () => {
  it('issues the order with its lines at bill prices, the order id as key, the saved serial matched to the provider and its VAT', async () => {
    const { service, created } = setup();
    const result = await service.createInvoice(41, { isIndividual: true, name: 'Khách lẻ' }, settings);
    expect(result.eivCode).toBe('M1::K7Q2::12');
    expect(created).toHaveLength(1);
    const input = created[0]!;
    expect(input.orderId).toBe('41');
    expect(input.lines).toEqual([
      { name: 'Phở bò tái', unit: 'Phần', quantity: 2, unitPriceGross: 55_000 },
      { name: 'Trà đá', unit: 'Phần', quantity: 1, unitPriceGross: 5_000 },
    ]);
    expect(input.total).toBe(115_000);
    expect(input.paymentMethod).toBe('QR');
    expect(input.serial.value).toBe('1C26TMS');
    expect(input.vat).toBe(8);
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
