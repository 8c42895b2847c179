import type { CompanyInfo, EinvoiceSettings } from './core/types';

/** An active MISA set-up of the seeded merchant phoco, for tests; each test overrides what it is about. */
export function sampleSettings(overrides: Partial<EinvoiceSettings> = {}): EinvoiceSettings {
  return {
    provider: 'misa',
    activeMethod: 'einv_provider_account',
    taxCode: '0108123455',
    username: 'phoco-misa',
    hasPassword: true,
    serial: '1C26TMS',
    tax: 8,
    autoExport: false,
    printInvoice: false,
    active: true,
    updatedAt: 1_764_000_000_000,
    ...overrides,
  };
}

/** A company the tax-code lookup finds (the emulators seed it too). */
export const sampleCompany: CompanyInfo = {
  taxCode: '0100109106',
  name: 'Công ty Cổ phần Sữa Việt Nam',
  address: '10 Tân Trào, Quận 7, TP. Hồ Chí Minh',
  representative: 'Mai Kiều Liên',
  email: 'ketoan@example.vn',
  phone: '02854155555',
};
