import type { AuditEntry, AuditPage, AuditUser } from '../../../src/services/audit/schemas';

/** Sample audit entries for the audit model tests. */

export const bankAdded: AuditEntry = {
  id: 7,
  at: 1_764_990_000,
  user_id: 3,
  user_name: 'Nguyễn Văn Minh',
  user_role: 'Customer',
  store_id: null,
  store_name: null,
  action: 'bank.account.add',
  target_type: 'bank_account',
  target_id: '12',
  before: null,
  after: { bank_code: 'VCB', bank_account_no: '••••6789', holder_name: 'NGUYEN VAN MINH' },
};
export const staffChanged: AuditEntry = {
  ...bankAdded,
  id: 8,
  action: 'staff.update',
  target_type: 'staff',
  target_id: '40',
  store_id: 2,
  store_name: 'Phở Cồ Hàng Bạc',
  before: { full_name: 'Trần Thị Lan', password_changed: false },
  after: { full_name: 'Trần Thị Lan Anh', password_changed: true },
};

export const twoPages: AuditPage = { rows: [staffChanged, bankAdded], totalPage: 2 };
export const emptyPage: AuditPage = { rows: [], totalPage: 0 };
export const users: AuditUser[] = [{ user_id: 3, user_name: 'Nguyễn Văn Minh' }];
