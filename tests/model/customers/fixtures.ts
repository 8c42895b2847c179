import type { Customer, CustomerPage } from '../../../src/services/customers/schemas';
import type { Place } from '../../../src/services/shared/schemas/address';

/** Sample customers and coded address lists for the customers model tests. */

export const lan: Customer = {
  customer_id: 7,
  code: 'KH000007',
  name: 'Nguyễn Thị Lan',
  phone_number: '0912340049',
  point: 1250,
  total_spending: 250_000,
  total_orders: 3,
  province_code: '01',
  district_code: '002',
  ward_code: '00061',
  address: '36 Hàng Bạc',
  full_address: '36 Hàng Bạc, Phường Hàng Bạc, Quận Hoàn Kiếm, Thành phố Hà Nội',
};

/** A customer saved without an address (it is optional). */
export const hung: Customer = {
  ...lan,
  customer_id: 8,
  code: 'KH000008',
  name: 'Trần Văn Hùng',
  phone_number: '0983450007',
  province_code: '',
  district_code: '',
  ward_code: '',
  address: '',
  full_address: '',
};

export const twoPages: CustomerPage = { rows: [hung, lan], totalPage: 2 };
export const emptyPage: CustomerPage = { rows: [], totalPage: 0 };

export const provinces: Place<string>[] = [
  { id: '01', name: 'Thành phố Hà Nội' },
  { id: '79', name: 'Thành phố Hồ Chí Minh' },
];
export const haNoiDistricts: Place<string>[] = [
  { id: '002', name: 'Quận Hoàn Kiếm' },
  { id: '003', name: 'Quận Tây Hồ' },
];
export const hoanKiemWards: Place<string>[] = [
  { id: '00061', name: 'Phường Hàng Bạc' },
  { id: '00079', name: 'Phường Tràng Tiền' },
];
