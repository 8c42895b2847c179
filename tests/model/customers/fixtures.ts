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
  district_code: '',
  ward_code: '00070',
  address: '36 Hàng Bạc',
  full_address: '36 Hàng Bạc, Phường Hoàn Kiếm, Thành phố Hà Nội',
};

/** A customer saved on the list before 1 July 2025 (D239): Bình Dương, now part of Hồ Chí Minh City. */
export const binh: Customer = {
  ...lan,
  customer_id: 9,
  code: 'KH000009',
  name: 'Lê Văn Bình',
  phone_number: '0905123456',
  province_code: '74',
  district_code: '718',
  ward_code: '25747',
  address: '12 Đại lộ Bình Dương',
  full_address: '12 Đại lộ Bình Dương, Phường Phú Cường, Thành phố Thủ Dầu Một, Tỉnh Bình Dương',
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
/** Today's wards (two tiers since 1 July 2025, D239): a province's wards come straight from it. */
export const haNoiWards: Place<string>[] = [
  { id: '00004', name: 'Phường Ba Đình' },
  { id: '00070', name: 'Phường Hoàn Kiếm' },
];
export const hcmWards: Place<string>[] = [
  { id: '25747', name: 'Phường Thủ Dầu Một' },
  { id: '26740', name: 'Phường Sài Gòn' },
];
