import type { SeededMerchant } from '../../platform/area';
import type { Database } from '../../platform/db/database';
import { insertSubMerchant } from './routes';

/**
 * phoco (and each throwaway copy of it) is a master merchant with three sub-merchants, branches under
 * its own tax number (10 digits, hyphen, branch number; D100). colan and chuoi have none, so an empty
 * list can be seen too. Oldest first, a minute apart, so the list's newest-first order is fixed.
 */
export const PHOCO_SUB_MERCHANTS = [
  {
    name: 'Phố Cổ Kitchen - Hải Phòng',
    tax_no: '0108123455-001',
    address: '15 Điện Biên Phủ, Quận Hồng Bàng, Hải Phòng',
    phone: '0912000101',
  },
  { name: 'Phố Cổ Kitchen - Đà Nẵng', tax_no: '0108123455-002', address: '120 Bạch Đằng, Quận Hải Châu, Đà Nẵng', phone: '0912000102' },
  { name: 'Phố Cổ Kitchen - Sài Gòn', tax_no: '0108123455-003', address: '45 Lê Lợi, Quận 1, TP. Hồ Chí Minh', phone: '0912000103' },
] as const;

export async function seedMerchants(db: Database, merchant: SeededMerchant): Promise<void> {
  if (merchant.template !== 'phoco') return;
  let at = merchant.now - PHOCO_SUB_MERCHANTS.length * 60_000;
  for (const record of PHOCO_SUB_MERCHANTS) {
    await insertSubMerchant(db, merchant.id, record, at);
    at += 60_000;
  }
}
