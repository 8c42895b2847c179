import type { AddressOption } from '../../../src/services/shared/schemas/address';
import type { Store, StorePage } from '../../../src/services/stores/schemas';

/** Sample store and address answers for the stores model tests. */

export const hangBac: Store = {
  id: 11,
  name: 'Phố Cổ - Hàng Bạc',
  store_name: 'Phố Cổ - Hàng Bạc',
  code: 'PC01',
  address: '36 Hàng Bạc, Phường Hàng Bạc, Quận Hoàn Kiếm, Thành phố Hà Nội',
  va_account_no: null,
  tax_no: '0100109106',
  country_id: 1,
  city_id: 1,
  district_id: 2,
  ward_id: 61,
  address_line_1: '36 Hàng Bạc',
};

export const tayHo: Store = { ...hangBac, id: 12, name: 'Phố Cổ - Tây Hồ', store_name: 'Phố Cổ - Tây Hồ', code: 'PC03' };

export const twoPages: StorePage = { rows: [tayHo, hangBac], totalPage: 2 };
export const emptyPage: StorePage = { rows: [], totalPage: 1 };
/** Page 2's only row: deleting it steps back to page 1. */
export const lastRowPage: StorePage = { rows: [hangBac], totalPage: 2 };

export const cities: AddressOption[] = [
  { id: 1, name: 'Thành phố Hà Nội' },
  { id: 79, name: 'Thành phố Hồ Chí Minh' },
];
/** Hà Nội's wards on today's list (D239): a province's wards come straight from the province. */
export const haNoiWards: AddressOption[] = [
  { id: 4, name: 'Phường Ba Đình' },
  { id: 70, name: 'Phường Hoàn Kiếm' },
];
