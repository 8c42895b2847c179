/**
 * The demo world, as plain data. Fixed ids and values so every run, test and screenshot sees the same
 * merchants. Credentials here are public demo sign-ins (README, e2e tests); they exist only in the sandbox.
 */
export interface SeedStore {
  name: string;
  code: string;
  address: string;
  va_account_no: string;
  city_id: number;
  district_id: number;
  ward_id: number;
  address_line_1: string;
}
export interface SeedStaff {
  staff_id: string;
  full_name: string;
  phone: string;
  email: string;
  store: number; // index into stores
}
export interface SeedUser {
  username: string;
  password: string;
  email: string;
  full_name: string;
  role: 'Customer' | 'Staff';
  phone: string;
  staff?: string; // staff_id of the linked staff row
}
/** The merchant's own columns of the `merchants` table (platform/db/migrations/001_core.sql), as seeded and as read. */
export interface MerchantColumns {
  id: string;
  alias: string;
  name: string;
  account_type: string;
  is_fnb: boolean;
  tax_no: string;
  ref_id: string | null;
  trademark: string | null;
  business: string | null;
  address: string | null;
  phone: string | null;
  mobile: string | null;
  email: string | null;
  website: string | null;
  merchant_code: string;
  representative_name: string | null;
  position: string | null;
  indentification_no: string | null;
}

export interface SeedMerchant extends MerchantColumns {
  account_type: 'business' | 'personal';
  salesperson: { name: string; phone: string };
  stores: SeedStore[];
  staff: SeedStaff[];
  users: SeedUser[];
}

export const SEED_MERCHANTS: SeedMerchant[] = [
  {
    id: '10000001',
    alias: 'phoco',
    name: 'CÔNG TY TNHH ẨM THỰC PHỐ CỔ',
    account_type: 'business',
    is_fnb: true,
    tax_no: '0108123455',
    ref_id: 'REF-PHOCO-0001',
    trademark: 'Phố Cổ Kitchen',
    business: 'Nhà hàng và dịch vụ ăn uống',
    address: '36 Hàng Bạc, Phường Hoàn Kiếm, Thành phố Hà Nội',
    phone: '02439123456',
    mobile: '0912345678',
    email: 'contact@phoco.example.vn',
    website: 'https://phoco.example.vn',
    merchant_code: 'PHOCO001',
    representative_name: 'Nguyễn Văn Minh',
    position: 'Giám đốc',
    indentification_no: '001085012345',
    salesperson: { name: 'Trần Thu Hà', phone: '0987654321' },
    stores: [
      {
        name: 'Phố Cổ - Hàng Bạc',
        code: 'PC01',
        address: '36 Hàng Bạc, Phường Hàng Bạc, Quận Hoàn Kiếm, Thành phố Hà Nội',
        va_account_no: '968800000000000101',
        city_id: 1,
        district_id: 2,
        ward_id: 61,
        address_line_1: '36 Hàng Bạc',
      },
      {
        name: 'Phố Cổ - Tràng Tiền',
        code: 'PC02',
        address: '12 Tràng Tiền, Phường Tràng Tiền, Quận Hoàn Kiếm, Thành phố Hà Nội',
        va_account_no: '968800000000000102',
        city_id: 1,
        district_id: 2,
        ward_id: 79,
        address_line_1: '12 Tràng Tiền',
      },
      {
        name: 'Phố Cổ - Tây Hồ',
        code: 'PC03',
        address: '88 Xuân Diệu, Phường Quảng An, Quận Tây Hồ, Thành phố Hà Nội',
        va_account_no: '968800000000000103',
        city_id: 1,
        district_id: 3,
        ward_id: 100,
        address_line_1: '88 Xuân Diệu',
      },
    ],
    staff: [
      { staff_id: 'NV001', full_name: 'Lê Thị Hồng', phone: '0903111222', email: 'staff@phoco.example.vn', store: 0 },
      { staff_id: 'NV002', full_name: 'Phạm Đức Anh', phone: '0904222333', email: 'anh.pham@phoco.example.vn', store: 0 },
      { staff_id: 'NV003', full_name: 'Vũ Ngọc Ánh', phone: '0385333444', email: 'anh.vu@phoco.example.vn', store: 1 },
      { staff_id: 'NV004', full_name: 'Đỗ Quang Huy', phone: '0706444555', email: 'huy.do@phoco.example.vn', store: 2 },
    ],
    users: [
      {
        username: 'phoco',
        password: 'Phoco@2026',
        email: 'owner@phoco.example.vn',
        full_name: 'Nguyễn Văn Minh',
        role: 'Customer',
        phone: '0912345678',
      },
      {
        username: 'phoco.staff',
        password: 'Staff@2026',
        email: 'staff@phoco.example.vn',
        full_name: 'Lê Thị Hồng',
        role: 'Staff',
        phone: '0903111222',
        staff: 'NV001',
      },
    ],
  },
  {
    id: '10000002',
    alias: 'colan',
    name: 'Tạp hoá Cô Lan',
    account_type: 'personal',
    is_fnb: false,
    // Household businesses use the owner's 12-digit personal ID as tax code since July 2025.
    tax_no: '079185001234',
    ref_id: null,
    trademark: null,
    business: 'Bán lẻ tạp hoá',
    address: '15 Nơ Trang Long, Phường Bình Thạnh, Thành phố Hồ Chí Minh',
    phone: null,
    mobile: '0908765432',
    email: 'colan@example.vn',
    website: null,
    merchant_code: 'COLAN001',
    representative_name: 'Nguyễn Thị Lan',
    position: 'Chủ hộ kinh doanh',
    indentification_no: '079185001234',
    salesperson: { name: 'Phạm Quốc Bảo', phone: '0908123456' },
    stores: [
      {
        name: 'Tạp hoá Cô Lan - Nơ Trang Long',
        code: 'CL01',
        address: '15 Nơ Trang Long, Phường 14, Quận Bình Thạnh, Thành phố Hồ Chí Minh',
        va_account_no: '968800000000000201',
        city_id: 79,
        district_id: 765,
        ward_id: 26935,
        address_line_1: '15 Nơ Trang Long',
      },
      {
        name: 'Tạp hoá Cô Lan - Chợ Bà Chiểu',
        code: 'CL02',
        address: 'Kiốt 7 Chợ Bà Chiểu, Phường 1, Quận Bình Thạnh, Thành phố Hồ Chí Minh',
        va_account_no: '968800000000000202',
        city_id: 79,
        district_id: 765,
        ward_id: 26944,
        address_line_1: 'Kiốt 7 Chợ Bà Chiểu',
      },
    ],
    staff: [
      { staff_id: 'NV001', full_name: 'Trần Văn Tâm', phone: '0934555666', email: 'tam@colan.example.vn', store: 0 },
      { staff_id: 'NV002', full_name: 'Hoàng Thị Mai', phone: '0567666777', email: 'mai@colan.example.vn', store: 1 },
    ],
    users: [
      {
        username: 'colan',
        password: 'Colan@2026',
        email: 'colan@example.vn',
        full_name: 'Nguyễn Thị Lan',
        role: 'Customer',
        phone: '0908765432',
      },
    ],
  },
  {
    // A retail chain with 100,000 stores: the store dropdown must stay usable at that size.
    // Only the two stores below are listed here; seed-transactions.ts generates the rest in SQL.
    id: '10000003',
    alias: 'chuoi',
    name: 'CÔNG TY CỔ PHẦN CHUỖI TIỆN LỢI VIỆT',
    account_type: 'business',
    is_fnb: false,
    tax_no: '0316987657',
    ref_id: 'REF-CHUOI-0001',
    trademark: 'Tiện Lợi Việt',
    business: 'Chuỗi cửa hàng tiện lợi',
    address: '12 Nguyễn Huệ, Phường Sài Gòn, Thành phố Hồ Chí Minh',
    phone: '02838123456',
    mobile: '0933123456',
    email: 'contact@chuoi.example.vn',
    website: 'https://chuoi.example.vn',
    merchant_code: 'CHUOI001',
    representative_name: 'Đặng Hoàng Phúc',
    position: 'Tổng giám đốc',
    indentification_no: '079082004321',
    salesperson: { name: 'Lý Minh Khoa', phone: '0977111222' },
    stores: [
      {
        name: 'Tiện Lợi Việt - Nguyễn Huệ',
        code: 'CV000001',
        address: '12 Nguyễn Huệ, Phường Bến Nghé, Quận 1, Thành phố Hồ Chí Minh',
        va_account_no: '968803000000000001',
        city_id: 79,
        district_id: 760,
        ward_id: 26740,
        address_line_1: '12 Nguyễn Huệ',
      },
      {
        name: 'Tiện Lợi Việt - Hàng Đào',
        code: 'CV000002',
        address: '5 Hàng Đào, Phường Hàng Đào, Quận Hoàn Kiếm, Thành phố Hà Nội',
        va_account_no: '968803000000000002',
        city_id: 1,
        district_id: 2,
        ward_id: 49,
        address_line_1: '5 Hàng Đào',
      },
    ],
    staff: [{ staff_id: 'NV001', full_name: 'Bùi Thị Thu', phone: '0945777888', email: 'thu@chuoi.example.vn', store: 0 }],
    users: [
      {
        username: 'chuoi',
        password: 'Chuoi@2026',
        email: 'owner@chuoi.example.vn',
        full_name: 'Đặng Hoàng Phúc',
        role: 'Customer',
        phone: '0933123456',
      },
    ],
  },
];

/** Printed at start and listed on the stand-in identity provider page. */
export const DEMO_SIGN_INS = SEED_MERCHANTS.flatMap((m) =>
  m.users.map((u) => ({ merchant: m.name, username: u.username, password: u.password, role: u.role })),
);
