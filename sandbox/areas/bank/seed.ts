import { stripVietnameseDiacritics } from '../../../src/services/qr/vietqr';
import type { Database } from '../../platform/db/database';
import type { SeededMerchant } from '../../platform/area';

/** Banks a merchant may link: real NAPAS BINs (VietQR tag 38/01/00), so a banking app would read the QR. */
export const BANKS = [
  { bank_code: 'VCB', bin: '970436', short_name: 'Vietcombank', name: 'Ngân hàng TMCP Ngoại thương Việt Nam' },
  { bank_code: 'ICB', bin: '970415', short_name: 'VietinBank', name: 'Ngân hàng TMCP Công thương Việt Nam' },
  { bank_code: 'BIDV', bin: '970418', short_name: 'BIDV', name: 'Ngân hàng TMCP Đầu tư và Phát triển Việt Nam' },
  { bank_code: 'VBA', bin: '970405', short_name: 'Agribank', name: 'Ngân hàng Nông nghiệp và Phát triển Nông thôn Việt Nam' },
  { bank_code: 'TCB', bin: '970407', short_name: 'Techcombank', name: 'Ngân hàng TMCP Kỹ thương Việt Nam' },
  { bank_code: 'MB', bin: '970422', short_name: 'MBBank', name: 'Ngân hàng TMCP Quân đội' },
  { bank_code: 'ACB', bin: '970416', short_name: 'ACB', name: 'Ngân hàng TMCP Á Châu' },
  { bank_code: 'VPB', bin: '970432', short_name: 'VPBank', name: 'Ngân hàng TMCP Việt Nam Thịnh Vượng' },
  { bank_code: 'TPB', bin: '970423', short_name: 'TPBank', name: 'Ngân hàng TMCP Tiên Phong' },
  { bank_code: 'STB', bin: '970403', short_name: 'Sacombank', name: 'Ngân hàng TMCP Sài Gòn Thương Tín' },
  { bank_code: 'VIB', bin: '970441', short_name: 'VIB', name: 'Ngân hàng TMCP Quốc tế Việt Nam' },
  { bank_code: 'SHB', bin: '970443', short_name: 'SHB', name: 'Ngân hàng TMCP Sài Gòn – Hà Nội' },
  { bank_code: 'HDB', bin: '970437', short_name: 'HDBank', name: 'Ngân hàng TMCP Phát triển TP. Hồ Chí Minh' },
  { bank_code: 'MSB', bin: '970426', short_name: 'MSB', name: 'Ngân hàng TMCP Hàng Hải Việt Nam' },
] as const;

export interface SeedBankAccount {
  bank_code: string;
  account_no: string;
}

/** One merchant's accounts, all derived from its 8-digit id so throwaway copies never collide. */
export interface BankSeedPlan {
  holderName: string;
  /** The phone the bank has on record for every account below. */
  phone: string;
  /** Linked and verified (is_internal_transfer = true). */
  verified: SeedBankAccount;
  /** Linked, not verified yet. */
  unverified: SeedBankAccount;
  /** Known to the bank, not linked: what a person can add. */
  addable: SeedBankAccount[];
  /** Known to the bank but refused (state WRITE_LOCKED → ACCOUNT_WRITE_LOCKED). */
  writeLocked: SeedBankAccount;
}

export function bankSeedPlan(merchantId: string, holderName = 'NGUYEN VAN MINH'): BankSeedPlan {
  const id = merchantId.padStart(8, '0').slice(-8);
  return {
    holderName,
    phone: `09${id}`,
    verified: { bank_code: 'VCB', account_no: `0${id}1` },
    unverified: { bank_code: 'MB', account_no: `${id}02` },
    addable: [
      { bank_code: 'TCB', account_no: `19${id}3` },
      { bank_code: 'ACB', account_no: `${id}4` },
    ],
    writeLocked: { bank_code: 'BIDV', account_no: `21${id}5` },
  };
}

/** The bank's way of writing a holder name: upper case without diacritics. */
export function bankHolderName(name: string): string {
  return stripVietnameseDiacritics(name).toUpperCase().replace(/\s+/g, ' ').trim();
}

/** One merchant's bank accounts and the bank's own records. Banks are global: inserted once. */
export async function seedBank(db: Database, merchant: SeededMerchant): Promise<void> {
  await db.query(
    `INSERT INTO banks (bank_code, bin, short_name, name)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) ON CONFLICT DO NOTHING`,
    [BANKS.map((b) => b.bank_code), BANKS.map((b) => b.bin), BANKS.map((b) => b.short_name), BANKS.map((b) => b.name)],
  );
  const [row] = await db.query<{ representative_name: string | null; name: string }>(
    `SELECT representative_name, name FROM merchants WHERE id = $1`,
    [merchant.id],
  );
  const plan = bankSeedPlan(merchant.id, bankHolderName(row?.representative_name || row?.name || 'NGUYEN VAN MINH'));
  const known = [plan.verified, plan.unverified, ...plan.addable, plan.writeLocked];
  for (const account of known) {
    await db.query(`INSERT INTO bank_registry (bank_code, account_no, holder_name, phone, state, merchant_id) VALUES ($1,$2,$3,$4,$5,$6)`, [
      account.bank_code,
      account.account_no,
      plan.holderName,
      plan.phone,
      account === plan.writeLocked ? 'WRITE_LOCKED' : 'ACTIVE',
      merchant.id,
    ]);
  }
  // Older first, so the list (newest first) shows the unverified one on top.
  for (const [index, account] of [plan.verified, plan.unverified].entries()) {
    const verified = account === plan.verified;
    await db.query(
      `INSERT INTO bank_accounts (merchant_id, bank_code, bank_account_no, holder_name, phone, is_internal_transfer, verified_at, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
      [
        merchant.id,
        account.bank_code,
        account.account_no,
        plan.holderName,
        plan.phone,
        verified,
        verified ? merchant.now - 20 * 86_400_000 : null,
        merchant.now - (30 - index) * 86_400_000,
      ],
    );
  }
}
