import type { LinkPage } from '../../../src/machines/paylink/payLinkList.machine';
import { sampleMerchantInfo } from '../../../src/services/checkout/samples';
import type { MerchantInfo, PaymentLink } from '../../../src/services/checkout';

/** Sample checkout answers for the Pay by Link model tests (shapes of contract 14 §A, §B). */

export const merchantInfo: MerchantInfo = {
  ...sampleMerchantInfo,
  return_url: '',
  cancel_url: '',
  payment_methods: [],
  active_methods: [],
};

export const openLink: PaymentLink = {
  id: 'pl_0123456789abcdef',
  url: 'http://127.0.0.1:5280/checkout/?appId=wdg_0123456789ab&orderId=DH01&amount=150000&merchantId=10000001&createdAt=1795000000&expiresAt=1795086400&sig=x',
  app_id: 'wdg_0123456789ab',
  merchant_id: '10000001',
  order_id: 'DH01',
  amount: 150_000,
  invoice_id: null,
  status: 'OPEN',
  created_at: 1_795_000_000,
  expires_at: 1_795_086_400,
  paid_at: null,
  method: null,
};
export const paidLink: PaymentLink = {
  ...openLink,
  id: 'pl_0123456789abcdee',
  order_id: 'DH00',
  status: 'PAID',
  paid_at: 1_795_000_300,
  method: 'QR',
};

export const twoPages: LinkPage = { rows: [openLink, paidLink], totalPage: 2, totalCount: 12, page: 1 };
export const emptyPage: LinkPage = { rows: [], totalPage: 0, totalCount: 0, page: 1 };
