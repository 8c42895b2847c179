import type { EdcDevice } from './schemas';

/** A seeded-looking POS (core §3 EDC machine) for client, screen and model tests; vary it with spreads. */
export const samplePos: EdcDevice = {
  store_id: 1,
  store_name: 'Phố Cổ - Hàng Bạc',
  serial_number: '18501000000101',
  type_edc: 1,
  pos_id: 'P1000000101',
  aggregated_data: [{ tid: '00001011', mid: '000100000010001' }],
  va_account_no: null,
  status: 'ONLINE',
  is_selected: true,
  activated_at: null,
};
