import type { SeededMerchant } from '../../platform/area';
import type { Database } from '../../platform/db/database';
import type { TaxClass } from '../../../src/rules/vatRates';
import { foldProductText, type ProductStatus } from '../../../src/services/products/schemas';
import { seedPhoto } from './images';

/**
 * Products of each seeded merchant and every throwaway copy (by template), filed under the categories
 * the categories seed made (by name). phoco, a restaurant: about 60 dishes and drinks, each with a
 * photo; colan, a grocery: 2,000 products without photos, so search and paging have something to
 * work on. Everything is derived from the index, so every copy has the same catalogue. Each product
 * has the VAT tax class its kind of goods has (D227).
 */

interface Plan {
  code: string;
  name: string;
  price: number;
  status: ProductStatus;
  categories: string[];
  photo: number | null;
  taxClass: TaxClass;
}

/**
 * D227: beer (and wine, spirits, tobacco, none of which these shops sell) is under special consumption
 * tax and never had the cut; bottled and canned soft drinks over 5 g of sugar per 100 ml came under it
 * on 1 January 2026 (their own class, whose rows say so). Drinks made in the shop (juices, smoothies,
 * tea, coffee), milk and soy milk, and water stay REDUCED_ELIGIBLE. A grocery's fresh vegetables, fruit,
 * meat and fish, rice and dried beans sold to consumers are at 5% (unprocessed farm produce at the
 * trading stage); everything else REDUCED_ELIGIBLE.
 */
const SPECIAL_CONSUMPTION = /^Bia /;
const SUGARY_SOFT_DRINKS = /^(Coca-Cola|Pepsi|Trà xanh Không Độ)( |$)/;
const FIVE_PERCENT_CATEGORIES = new Set(['Rau củ', 'Trái cây', 'Thịt cá']);
const FIVE_PERCENT_GRAINS = /^(Gạo|Đậu xanh|Đậu đỏ)/;

function taxClassOf(name: string, category: string): TaxClass {
  if (SPECIAL_CONSUMPTION.test(name)) return 'STANDARD';
  if (SUGARY_SOFT_DRINKS.test(name)) return 'SUGARY_DRINK';
  if (FIVE_PERCENT_CATEGORIES.has(category) || (category === 'Gạo & ngũ cốc' && FIVE_PERCENT_GRAINS.test(name))) return 'FIVE';
  return 'REDUCED_ELIGIBLE';
}

const MENU: Record<string, readonly (readonly [name: string, price: number])[]> = {
  Phở: [
    ['Phở bò tái', 55_000],
    ['Phở bò chín', 55_000],
    ['Phở bò tái lăn', 65_000],
    ['Phở gà', 50_000],
    ['Phở bò sốt vang', 70_000],
    ['Phở cuốn', 60_000],
    ['Phở xào bò', 65_000],
    ['Phở trộn', 55_000],
  ],
  Bún: [
    ['Bún chả Hà Nội', 50_000],
    ['Bún bò Huế', 55_000],
    ['Bún riêu cua', 45_000],
    ['Bún thang', 50_000],
    ['Bún đậu mắm tôm', 55_000],
    ['Bún ốc', 45_000],
  ],
  Cơm: [
    ['Cơm tấm sườn', 50_000],
    ['Cơm rang dưa bò', 55_000],
    ['Cơm gà xối mỡ', 50_000],
    ['Cơm rang hải sản', 65_000],
    ['Cơm chiên Dương Châu', 50_000],
    ['Cơm sườn xào chua ngọt', 55_000],
  ],
  'Món ăn kèm': [
    ['Quẩy', 5_000],
    ['Trứng trần', 8_000],
    ['Chả giò', 30_000],
    ['Nem rán', 35_000],
    ['Rau thêm', 5_000],
    ['Thịt bò thêm', 25_000],
  ],
  'Đồ ăn nhanh': [
    ['Bánh mì pate', 25_000],
    ['Bánh mì trứng', 20_000],
    ['Xôi xéo', 25_000],
    ['Xôi gà', 35_000],
    ['Bánh cuốn', 40_000],
  ],
  'Tráng miệng': [
    ['Chè ba màu', 25_000],
    ['Chè đậu đen', 20_000],
    ['Sữa chua nếp cẩm', 25_000],
    ['Bánh flan', 15_000],
    ['Hoa quả dầm', 35_000],
    ['Kem dừa', 30_000],
  ],
  'Đồ uống': [
    ['Nước cam ép', 30_000],
    ['Sinh tố bơ', 40_000],
    ['Nước mía', 15_000],
    ['Coca-Cola', 15_000],
    ['Bia Hà Nội', 20_000],
    ['Nước suối', 10_000],
    ['Nước chanh leo', 25_000],
    ['Sữa đậu nành', 15_000],
  ],
  'Cà phê': [
    ['Cà phê đen đá', 25_000],
    ['Cà phê sữa đá', 29_000],
    ['Bạc xỉu', 32_000],
    ['Cà phê trứng', 40_000],
    ['Cà phê cốt dừa', 45_000],
    ['Cold brew cam sả', 49_000],
  ],
  Trà: [
    ['Trà đá', 5_000],
    ['Trà chanh', 15_000],
    ['Trà sữa trân châu', 35_000],
    ['Trà đào cam sả', 39_000],
    ['Trà sen vàng', 45_000],
    ['Trà gừng mật ong', 30_000],
  ],
};

function phocoPlans(): Plan[] {
  const plans: Plan[] = [];
  let n = 0;
  for (const [category, dishes] of Object.entries(MENU)) {
    for (const [name, price] of dishes) {
      n += 1;
      const extra: string[] = [];
      if (n % 7 === 1) extra.push('Bán chạy');
      if (n % 11 === 5) extra.push('Món mới');
      if (['Phở', 'Bún', 'Cơm'].includes(category) && n % 2 === 0) extra.push('Món chính');
      // A few out of stock, a couple discontinued, so every status shows on the first pages.
      const status: ProductStatus = n % 13 === 4 ? 1 : n % 17 === 9 ? 2 : 0;
      plans.push({
        code: `PC${String(n).padStart(3, '0')}`,
        name,
        price,
        status,
        categories: [category, ...extra],
        photo: n,
        // A restaurant's dishes are a service at the reduced rate; only what it resells may differ.
        taxClass: category === 'Đồ uống' ? taxClassOf(name, category) : 'REDUCED_ELIGIBLE',
      });
    }
  }
  return plans;
}

const GROCERY: readonly (readonly [category: string, items: readonly string[], sizes: readonly string[]])[] = [
  ['Rau củ', ['Rau muống', 'Cải ngọt', 'Cà chua', 'Khoai tây', 'Cà rốt', 'Bắp cải', 'Hành lá', 'Su hào'], ['300g', '500g', '1kg']],
  ['Trái cây', ['Xoài cát', 'Chuối tiêu', 'Thanh long', 'Bưởi da xanh', 'Cam sành', 'Dưa hấu', 'Ổi', 'Nhãn lồng'], ['500g', '1kg', '2kg']],
  ['Thịt cá', ['Thịt ba chỉ', 'Sườn non', 'Thịt bò thăn', 'Cá basa', 'Tôm sú', 'Mực ống', 'Gà ta', 'Cá thu'], ['300g', '500g', '1kg']],
  ['Gạo & ngũ cốc', ['Gạo ST25', 'Gạo tám thơm', 'Gạo nếp cái hoa vàng', 'Đậu xanh', 'Đậu đỏ', 'Yến mạch'], ['1kg', '2kg', '5kg']],
  [
    'Gia vị',
    ['Nước mắm Nam Ngư', 'Nước mắm Phú Quốc', 'Dầu ăn Neptune', 'Hạt nêm Knorr', 'Muối i-ốt', 'Đường trắng', 'Tương ớt Chin-su'],
    ['250ml', '500ml', '1L'],
  ],
  ['Đồ khô', ['Mì Hảo Hảo', 'Miến dong', 'Bún khô', 'Phở khô', 'Cá hộp', 'Pate Hạ Long', 'Mì Omachi'], ['gói', 'thùng 30 gói', 'lốc 5']],
  [
    'Sữa',
    ['Sữa tươi Vinamilk', 'Sữa TH true milk', 'Sữa chua Vinamilk', 'Phô mai con bò cười', 'Sữa đặc Ông Thọ', 'Sữa đậu nành Fami'],
    ['180ml', '1L', 'lốc 4'],
  ],
  [
    'Bánh kẹo',
    ['Bánh quy Cosy', 'Kẹo dừa Bến Tre', 'Bánh Chocopie', 'Snack Oishi', 'Bánh gạo One One', 'Kẹo Alpenliebe'],
    ['gói nhỏ', 'gói lớn', 'hộp'],
  ],
  [
    'Đồ uống',
    ['Coca-Cola', 'Pepsi', 'Bia Sài Gòn', 'Bia Hà Nội', 'Nước suối Lavie', 'Trà xanh Không Độ', 'Cà phê G7'],
    ['lon', 'chai 1.5L', 'thùng 24'],
  ],
  ['Đông lạnh', ['Há cảo', 'Chả giò rế', 'Xúc xích Đức Việt', 'Kem Merino', 'Bánh bao nhân thịt', 'Cá viên'], ['300g', '500g', 'hộp']],
  [
    'Hoá mỹ phẩm',
    ['Dầu gội Clear', 'Bột giặt OMO', 'Nước rửa chén Sunlight', 'Kem đánh răng P/S', 'Nước lau sàn Gift', 'Sữa tắm Dove'],
    ['nhỏ', 'vừa', 'lớn'],
  ],
  [
    'Đồ gia dụng',
    ['Khăn giấy Pulppy', 'Túi đựng rác', 'Giấy vệ sinh Bless You', 'Màng bọc thực phẩm', 'Găng tay cao su', 'Bọt biển rửa chén'],
    ['gói', 'lốc', 'cuộn'],
  ],
];

export const COLAN_PRODUCT_COUNT = 2000;

function colanPlans(): Plan[] {
  const plans: Plan[] = [];
  // Every item in every size, then numbered batches of them, until 2,000.
  const base: { name: string; category: string }[] = [];
  for (const [category, items, sizes] of GROCERY)
    for (const item of items) for (const size of sizes) base.push({ name: `${item} ${size}`, category });
  for (let n = 1; n <= COLAN_PRODUCT_COUNT; n += 1) {
    const item = base[(n - 1) % base.length]!;
    const batch = Math.floor((n - 1) / base.length);
    const name = batch === 0 ? item.name : `${item.name} (lô ${batch + 1})`;
    const price = 5_000 + ((n * 7919) % 400) * 500;
    const status: ProductStatus = n % 23 === 0 ? 1 : n % 37 === 0 ? 2 : 0;
    plans.push({
      code: `CL${String(n).padStart(5, '0')}`,
      name,
      price,
      status,
      categories: [item.category],
      photo: null,
      taxClass: taxClassOf(name, item.category),
    });
  }
  return plans;
}

const PLANS: Record<string, () => Plan[]> = { phoco: phocoPlans, colan: colanPlans };

export async function seedProducts(db: Database, merchant: SeededMerchant): Promise<void> {
  const plans = PLANS[merchant.template]?.() ?? [];
  if (plans.length === 0) return;
  const categories = await db.query<{ id: number; name: string }>(`SELECT id, name FROM categories WHERE merchant_id = $1`, [merchant.id]);
  const categoryId = new Map(categories.map((c) => [c.name, c.id]));

  // Photos first, one statement; their ids in order.
  const withPhoto = plans.filter((p) => p.photo !== null);
  const photos = withPhoto.map((p) => seedPhoto(p.photo!));
  const imageIds =
    photos.length === 0
      ? []
      : (
          await db.query<{ id: number }>(
            `INSERT INTO product_images (merchant_id, mime, bytes, created_at)
             SELECT $1, m, decode(b, 'base64'), $4 FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS u(m, b, i) ORDER BY i
             RETURNING id`,
            [merchant.id, photos.map((p) => p.mime), photos.map((p) => Buffer.from(p.bytes).toString('base64')), merchant.now],
          )
        ).map((r) => r.id);
  const imageOf = new Map(withPhoto.map((p, i) => [p, imageIds[i] ?? null]));

  // Oldest first, a minute apart, so the newest-first list is stable.
  const rows = await db.query<{ id: number; code: string }>(
    `INSERT INTO products (merchant_id, code, name, search_text, price, status, image_id, created_at, updated_at, tax_class)
     SELECT $1, c, n, s, p, st, img, t, t, tc
       FROM unnest($2::text[], $3::text[], $4::text[], $5::bigint[], $6::smallint[], $7::int[], $8::bigint[], $9::text[])
            WITH ORDINALITY AS u(c, n, s, p, st, img, t, tc, i)
      ORDER BY i
     RETURNING id, code`,
    [
      merchant.id,
      plans.map((p) => p.code),
      plans.map((p) => p.name),
      plans.map((p) => foldProductText(`${p.name} ${p.code}`)),
      plans.map((p) => p.price),
      plans.map((p) => p.status),
      plans.map((p) => imageOf.get(p) ?? null),
      plans.map((_, i) => merchant.now - (plans.length - i) * 60_000),
      plans.map((p) => p.taxClass),
    ],
  );
  const idOf = new Map(rows.map((r) => [r.code, r.id]));
  const links = plans.flatMap((p) =>
    p.categories.flatMap((name, position) => {
      const category = categoryId.get(name);
      const product = idOf.get(p.code);
      return category !== undefined && product !== undefined ? [[product, category, position] as const] : [];
    }),
  );
  await db.query(
    `INSERT INTO product_categories (product_id, category_id, position)
     SELECT * FROM unnest($1::int[], $2::int[], $3::int[])`,
    [links.map((l) => l[0]), links.map((l) => l[1]), links.map((l) => l[2])],
  );
}
