import type { TxRulePage } from '../../../src/services/txrules/schemas';
import type { TxRule } from '../../../src/services/txrules/schemas';

/** Rules as GET /metadata/rule answers them (phoco's seeded VISA rule, and one added). */
export const visaRule: TxRule = {
  id: 1,
  name: '1',
  display_name: 'PC01 · VISA',
  store_name: 'Phố Cổ - Hàng Bạc',
  card_branch: 'VISA',
  issuer: ['Vietcombank', 'Techcombank'],
  acquirer: 'BIDV',
  logo: {
    card_branch: '/api/portal/metadata/logo/card/VISA.svg',
    issuer: ['/api/portal/metadata/logo/bank/VCB.svg', '/api/portal/metadata/logo/bank/TCB.svg'],
    acquirer: '/api/portal/metadata/logo/bank/BIDV.svg',
  },
  synced_at: 1_764_000_000,
};

export const addedRule: TxRule = {
  ...visaRule,
  id: 7,
  name: '2',
  display_name: 'PC02 · NAPAS',
  store_name: 'Phố Cổ - Tràng Tiền',
  card_branch: 'NAPAS',
  issuer: ['ACB'],
  logo: { ...visaRule.logo, card_branch: '/api/portal/metadata/logo/card/NAPAS.svg', issuer: ['/api/portal/metadata/logo/bank/ACB.svg'] },
  synced_at: null,
};

export const twoPages: TxRulePage = { rows: [addedRule, visaRule], totalPage: 2 };
export const emptyPage: TxRulePage = { rows: [], totalPage: 0 };
export const lastRowPage: TxRulePage = { rows: [addedRule], totalPage: 2 };

export const choices = {
  cardTypes: ['VISA', 'MASTERCARD', 'JCB', 'NAPAS', 'AMEX', 'UNIONPAY'],
  issuers: ['ACB', 'BIDV', 'Techcombank', 'Vietcombank'],
  acquirers: ['BIDV', 'Vietcombank'],
};
