import type { SubMerchant } from '../../../src/services/merchants/schemas';

export const subMerchant: SubMerchant = {
  merchant_id: '30000001',
  name: 'Phố Cổ Kitchen - Hải Phòng',
  tax_no: '0108123455-001',
  address: '15 Điện Biên Phủ, Hải Phòng',
  phone: '0912000101',
  created_at: 1_795_000_000_000,
};
export const otherSubMerchant: SubMerchant = { ...subMerchant, merchant_id: '30000002', tax_no: '0108123455-002' };
