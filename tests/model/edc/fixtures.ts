import type { EdcDevice, LinkableVa } from '../../../src/services/edc/schemas';
import { samplePos } from '../../../src/services/edc/samples';

/** Sample card machines and ShopQRs for the edc model tests (core §3 EDC machine). */

export const posOnline: EdcDevice = samplePos;

export const soundboxReady: EdcDevice = { ...posOnline, type_edc: 2, serial_number: 'SB201000000101', pos_id: 'S1000000101' };
export const soundboxActivated: EdcDevice = { ...soundboxReady, activated_at: '2026-11-22T10:00:00+07:00' };
export const soundboxUnprovisioned: EdcDevice = { ...soundboxReady, serial_number: 'SB201000000102', status: null, is_selected: false };
export const soundboxUnselected: EdcDevice = { ...soundboxReady, serial_number: 'SB201000000103', status: 'OFFLINE', is_selected: false };

export const storeVa: LinkableVa = {
  va_account_no: '970410000001000001',
  va_type: 'STORE',
  store_id: 1,
  store_name: 'Phố Cổ - Hàng Bạc',
  staff_id: null,
  holder_name: 'NGUYEN VAN MINH',
};
export const otherStoreVa: LinkableVa = { ...storeVa, va_account_no: '970410000001000002', store_id: 2, store_name: 'Phố Cổ - Tràng Tiền' };
