import type { SeededMerchant } from '../../platform/area';
import type { Database } from '../../platform/db/database';
import { foldCategoryName as foldText } from '../../../src/services/categories/schemas';

/**
 * The categories of each seeded merchant and every throwaway copy of it (by template): a restaurant's
 * dishes and drinks for phoco, a grocery's shelves for colan (the product seed files its products
 * under these names); chuoi has none. More than one page of ten each, so paging shows. Oldest first,
 * a minute apart, so the newest-first list is stable.
 */
export const SEED_CATEGORIES: Record<string, readonly (readonly [name: string, description: string])[]> = {
  phoco: [
    ['Bán chạy', 'Món được gọi nhiều nhất tuần'],
    ['Món mới', 'Món vừa thêm vào thực đơn'],
    ['Phở', 'Phở bò, phở gà các loại'],
    ['Bún', 'Bún chả, bún bò, bún riêu'],
    ['Cơm', 'Cơm tấm, cơm rang'],
    ['Món chính', 'Món ăn no cho bữa trưa và tối'],
    ['Món ăn kèm', 'Quẩy, trứng, rau thêm'],
    ['Đồ ăn nhanh', 'Bánh mì, xôi mang đi'],
    ['Tráng miệng', 'Chè và bánh ngọt'],
    ['Đồ uống', 'Nước ngọt, nước ép, bia'],
    ['Cà phê', 'Cà phê phin, cà phê sữa đá'],
    ['Trà', 'Trà đá, trà chanh, trà sữa'],
  ],
  colan: [
    ['Rau củ', 'Rau xanh và củ quả tươi mỗi sáng'],
    ['Trái cây', 'Hoa quả theo mùa'],
    ['Thịt cá', 'Thịt, cá, hải sản tươi'],
    ['Gạo & ngũ cốc', 'Gạo, đậu, ngũ cốc'],
    ['Gia vị', 'Nước mắm, dầu ăn, hạt nêm'],
    ['Đồ khô', 'Mì, miến, đồ hộp'],
    ['Sữa', 'Sữa tươi, sữa chua, phô mai'],
    ['Bánh kẹo', 'Bánh quy, kẹo, snack'],
    ['Đồ uống', 'Nước ngọt, bia, nước suối'],
    ['Đông lạnh', 'Đồ đông lạnh, kem'],
    ['Hoá mỹ phẩm', 'Dầu gội, bột giặt, nước rửa chén'],
    ['Đồ gia dụng', 'Khăn giấy, túi, vật dụng nhà bếp'],
  ],
};

export async function seedCategories(db: Database, merchant: SeededMerchant): Promise<void> {
  const plan = SEED_CATEGORIES[merchant.template] ?? [];
  if (plan.length === 0) return;
  // One statement per merchant: throwaway copies are made in tests, often.
  await db.query(
    `INSERT INTO categories (merchant_id, name, name_folded, description, created_at)
     SELECT $1, n, f, d, t FROM unnest($2::text[], $3::text[], $4::text[], $5::bigint[]) AS u(n, f, d, t)`,
    [
      merchant.id,
      plan.map(([name]) => name),
      plan.map(([name]) => foldText(name)),
      plan.map(([, description]) => description),
      plan.map((_, i) => merchant.now - (plan.length - i) * 60_000),
    ],
  );
}
