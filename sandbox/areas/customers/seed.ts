import type { SeededMerchant } from '../../platform/area';
import type { Database } from '../../platform/db/database';
import { currentDivisions } from '../../platform/db/divisions';
import { insertCustomer, type CustomerInput } from './routes';

/**
 * Customers with points and spending for the phoco-like (a restaurant's regulars) and colan-like (a
 * grocery's, enough for several pages) merchants, seeded or a throwaway copy; chuoi has none, so an
 * empty list can be seen. Deterministic: the same merchant always gets the same rows, a minute apart,
 * oldest first (the list shows the newest first). Points are 1% of spending (1 point = 1 VND, doc 2 §9)
 * less what was spent; addresses are real wards of today's list (D239), and one place in five is an
 * address saved before 1 July 2025 on the old list (Bình Dương, now part of Hồ Chí Minh City), as a
 * merchant's older customers have.
 */

const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Vũ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương'];
const MIDDLE = ['Thị', 'Văn', 'Minh', 'Thu', 'Quang', 'Ngọc', 'Đức', 'Hồng'];
const GIVEN = ['Phở', 'Hà', 'Lan', 'Hùng', 'Dũng', 'Mai', 'Tuấn', 'Hương', 'Sơn', 'Thảo', 'Phúc', 'Linh', 'Khánh', 'Đạt'];
const STREETS = ['Hàng Bạc', 'Hàng Buồm', 'Lê Lợi', 'Nguyễn Huệ', 'Trần Hưng Đạo', 'Bạch Đằng', 'Điện Biên Phủ'];

const COUNTS: Record<string, number> = { phoco: 12, colan: 45 };
/** Distinct phone blocks per template (a throwaway copy repeats its template's: phones are unique per merchant only). */
const PHONE_BASE: Record<string, number> = { phoco: 912_340_000, colan: 983_450_000 };

/**
 * A few real places: Hà Nội / Phường Hoàn Kiếm and the first ward of three other cities on today's
 * list, and one old-list address (Tỉnh Bình Dương / Thành phố Thủ Dầu Một / Phường Phú Cường, saved
 * before 1 July 2025; the portal shows it as saved with "now in Thành phố Hồ Chí Minh").
 */
export function places(): Array<Pick<CustomerInput, 'province_code' | 'district_code' | 'ward_code'>> {
  const d = currentDivisions();
  const out: Array<Pick<CustomerInput, 'province_code' | 'district_code' | 'ward_code'>> = [
    { province_code: '01', district_code: '', ward_code: '00070' },
  ];
  for (const provinceCode of ['79', '48', '31']) {
    const ward = d.wardsOf(provinceCode)[0];
    if (ward) out.push({ province_code: provinceCode, district_code: '', ward_code: ward.code });
  }
  out.push({ province_code: '74', district_code: '718', ward_code: '25747' });
  return out;
}

export function seedCustomerPlan(
  template: string,
): Array<{ input: CustomerInput; point: number; total_spending: number; total_orders: number }> {
  const count = COUNTS[template] ?? 0;
  const base = PHONE_BASE[template] ?? 0;
  const where = places();
  const plan = [];
  for (let i = 0; i < count; i += 1) {
    const name = `${FAMILY[i % FAMILY.length]} ${MIDDLE[(i * 3) % MIDDLE.length]} ${GIVEN[(i * 5) % GIVEN.length]}`;
    // Every fourth customer gave no address: it is optional (D112).
    const place = i % 4 === 3 ? { province_code: '', district_code: '', ward_code: '' } : where[i % where.length]!;
    const address = place.province_code ? `${((i * 7) % 120) + 1} ${STREETS[i % STREETS.length]}` : '';
    const total_orders = (i * 7) % 23;
    const total_spending = total_orders * (template === 'phoco' ? 85_000 + ((i * 13_000) % 120_000) : 140_000 + ((i * 37_000) % 400_000));
    const earned = Math.floor(total_spending / 100);
    const spent = i % 3 === 0 ? Math.floor(earned / 2) : 0;
    plan.push({
      input: { name, phone_number: `0${base + i * 7}`, ...place, address },
      point: earned - spent,
      total_spending,
      total_orders,
    });
  }
  return plan;
}

export async function seedCustomers(db: Database, merchant: SeededMerchant): Promise<void> {
  const plan = seedCustomerPlan(merchant.template);
  let at = merchant.now - plan.length * 60_000;
  for (const { input, ...numbers } of plan) {
    await insertCustomer(db, merchant.id, input, at, numbers);
    at += 60_000;
  }
}
