import type { EinvoiceSettings, Serial } from '../../../src/services/einvoice/core/types';
import type { SetupProvider } from '../../../src/machines/einvoice/setup/rules';

/** Sample answers for the e-invoice setup model tests (phoco's accounts, docs/areas/einvoice.md). */

export const setupProviders: SetupProvider[] = [
  { route: 'm-invoice', isSSO: true, showSerial: true },
  { route: 'misa', isSSO: false, showSerial: true },
  { route: 'fpt', isSSO: false, showSerial: false },
];

export const vatSerial: Serial = { value: '1C26TMV', invTypeName: 'Hóa đơn giá trị gia tăng', templateCode: '1', isSalesInvoice: false };
export const salesSerial: Serial = { value: '2C26TMB', invTypeName: 'Hóa đơn bán hàng', templateCode: '2', isSalesInvoice: true };

export function settings(overrides: Partial<EinvoiceSettings> = {}): EinvoiceSettings {
  return {
    provider: 'm-invoice',
    activeMethod: 'einv_provider_account',
    taxCode: '0108123455',
    username: 'phoco-m-invoice',
    hasPassword: true,
    serial: null,
    tax: null,
    autoExport: false,
    printInvoice: false,
    active: true,
    updatedAt: 1_795_000_000_000,
    ...overrides,
  };
}

export const serviceFailure = (code: string) => Object.assign(new Error(code), { code, status: 400 });
