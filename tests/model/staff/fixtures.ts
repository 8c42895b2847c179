import type { StaffRow } from '../../../src/services/staff/schemas';

/** Staff rows as GET /staff answers them (the seeded phoco staff and one added). */
export const seededRow: StaffRow = {
  id: 1,
  staff_id: 'NV001',
  full_name: 'Lê Thị Hồng',
  phone: '0903111222',
  email: 'staff@phoco.example.vn',
  store_id: 1,
  store_name: 'Phố Cổ - Hàng Bạc',
  address: '',
  has_login: true,
};

export const noLoginRow: StaffRow = {
  ...seededRow,
  id: 4,
  staff_id: 'NV004',
  full_name: 'Đỗ Quang Huy',
  email: 'huy.do@phoco.example.vn',
  has_login: false,
};

export const addedRow: StaffRow = {
  id: 9,
  staff_id: 'NV009',
  full_name: 'Nguyễn Thị Hồng',
  phone: '0981234567',
  email: 'hong@staff.example.vn',
  store_id: 2,
  store_name: 'Phố Cổ - Tràng Tiền',
  address: '12 Hàng Bạc',
  has_login: true,
};

export const twoPages = { rows: [seededRow, addedRow], totalPage: 2, page: 1, pageSize: 10 };
export const emptyPage = { rows: [], totalPage: 0, page: 1, pageSize: 10 };
export const lastRowPage = { rows: [addedRow], totalPage: 2, page: 2, pageSize: 10 };
