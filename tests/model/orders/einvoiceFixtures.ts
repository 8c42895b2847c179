import type { BulkRun } from '../../../src/machines/orders/einvoice/bulk';
import type { Order } from '../../../src/services/orders/schemas';
import type { ExportResult } from '../../../src/services/einvoice';
import { completed } from './fixtures';
import { sampleCompany, sampleSettings } from '../../../src/services/einvoice/samples';

/** Sample answers for the e-invoice export model tests. */

export const settings = sampleSettings({ taxCode: '0312345679' });
export const inactive = { ...settings, active: false };

export const toExport: Order = {
  ...completed,
  order_id: 41,
  order_code: 'DH412301',
  eiv_code: null,
  cqt_code: null,
  is_eiv_exported: false,
};
export const exportedOrder: Order = { ...toExport, order_id: 42, order_code: 'DH412302', eiv_code: 'M1::ABC123::7', is_eiv_exported: true };
export const handlingOrder: Order = { ...toExport, order_id: 43, order_code: 'DH412303', status: 1, payment_status: 0 };
export const another: Order = { ...toExport, order_id: 44, order_code: 'DH412304' };

export const company = sampleCompany;

export const issued: ExportResult = { eivCode: 'M1::K7Q2::12', serial: '1C26TMS', providerId: 'misa-41', existing: false };
export const issuedBefore: ExportResult = { ...issued, existing: true };

export const runHalfway: BulkRun = {
  items: [
    { orderId: 41, orderCode: 'DH412301', status: 'exported', eivCode: 'M1::K7Q2::12', serial: '1C26TMS', error: null },
    { orderId: 44, orderCode: 'DH412304', status: 'pending', eivCode: null, serial: null, error: null },
  ],
};
export const runEnded: BulkRun = {
  items: [{ orderId: 41, orderCode: 'DH412301', status: 'exported', eivCode: 'M1::K7Q2::12', serial: '1C26TMS', error: null }],
};
export const runInterrupted: BulkRun = {
  items: [
    { orderId: 41, orderCode: 'DH412301', status: 'exported', eivCode: 'M1::K7Q2::12', serial: '1C26TMS', error: null },
    { orderId: 44, orderCode: 'DH412304', status: 'failed', eivCode: null, serial: null, error: 'NETWORK_ERROR' },
  ],
};
