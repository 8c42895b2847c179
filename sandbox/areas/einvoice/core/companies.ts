import { SEED_MERCHANTS } from '../../../platform/db/seed-data';

/**
 * The registry the providers' tax-code lookup answers from (doc 2 §5: the lookup fills company name,
 * address, representative, e-mail and phone). Made-up companies with codes that pass the check digit
 * (core/taxcode.ts), one branch code, and the seeded merchants' own codes, so a merchant can buy from
 * another.
 */
export interface Company {
  taxCode: string;
  name: string;
  address: string;
  representative: string;
  email: string;
  phone: string;
}

export const COMPANIES: readonly Company[] = [
  {
    taxCode: '0105872463',
    name: 'CÔNG TY CỔ PHẦN CÔNG NGHỆ SÔNG HỒNG',
    address: 'Tầng 8, 28 Láng Hạ, Phường Láng, Thành phố Hà Nội',
    representative: 'Lê Hoàng Nam',
    email: 'ketoan@songhongtech.example.vn',
    phone: '02437712345',
  },
  {
    taxCode: '0315639181',
    name: 'CÔNG TY TNHH THƯƠNG MẠI DỊCH VỤ BẾN THÀNH XANH',
    address: '45 Lê Lợi, Phường Bến Thành, Thành phố Hồ Chí Minh',
    representative: 'Phạm Thị Thu Hà',
    email: 'hoadon@benthanhxanh.example.vn',
    phone: '02838291234',
  },
  {
    taxCode: '0201843578',
    name: 'CÔNG TY TNHH VẬN TẢI BIỂN HẢI ĐĂNG',
    address: '12 Lạch Tray, Phường Gia Viên, Thành phố Hải Phòng',
    representative: 'Đỗ Quang Huy',
    email: 'info@haidangshipping.example.vn',
    phone: '02253741122',
  },
  {
    taxCode: '0602134787',
    name: 'CÔNG TY CỔ PHẦN NÔNG SẢN ĐỒNG BẰNG',
    address: '88 Trần Hưng Đạo, Phường Ninh Kiều, Thành phố Cần Thơ',
    representative: 'Huỳnh Văn Lộc',
    email: 'lienhe@nongsandongbang.example.vn',
    phone: '02923812456',
  },
  {
    taxCode: '0304725199',
    name: 'CÔNG TY TNHH KIẾN TRÚC NỘI THẤT ÁNH DƯƠNG',
    address: '210 Nguyễn Thị Minh Khai, Phường Xuân Hòa, Thành phố Hồ Chí Minh',
    representative: 'Võ Ngọc Ánh',
    email: 'anhduong@noithat.example.vn',
    phone: '02839304455',
  },
  {
    taxCode: '0108135972',
    name: 'CÔNG TY TNHH GIÁO DỤC ÁNH SAO',
    address: '5 Trần Duy Hưng, Phường Yên Hòa, Thành phố Hà Nội',
    representative: 'Nguyễn Thị Mai Anh',
    email: 'taichinh@anhsao.edu.example.vn',
    phone: '02462851234',
  },
  {
    taxCode: '0314409058-002',
    name: 'CHI NHÁNH ĐÀ NẴNG - CÔNG TY CỔ PHẦN DU LỊCH MIỀN TRUNG',
    address: '99 Bạch Đằng, Phường Hải Châu, Thành phố Đà Nẵng',
    representative: 'Trương Công Thành',
    email: 'danang@dulichmientrung.example.vn',
    phone: '02363822999',
  },
  ...SEED_MERCHANTS.map((m) => ({
    taxCode: m.tax_no,
    name: m.name,
    address: m.address ?? '',
    representative: m.representative_name ?? '',
    email: m.email ?? '',
    phone: m.phone ?? m.mobile ?? '',
  })),
];

/** The company with that tax code (surrounding spaces ignored), or null. */
export function lookupCompany(taxCode: unknown): Company | null {
  if (typeof taxCode !== 'string') return null;
  const code = taxCode.trim();
  return COMPANIES.find((c) => c.taxCode === code) ?? null;
}
