import type { SandboxArea, SeededMerchant } from '../area';
import { areaSeeds } from '../areas';
import { hashPassword } from '../auth/passwords';
import { seedReportData, type SeedVolume } from '../transactions/seed';
import type { Database } from './database';
import { dataTables } from './migrate';
import { SEED_MERCHANTS, type SeedMerchant } from './seed-data';

export interface SeedOptions {
  /** 'full' for people and e2e (200,000+ report rows); 'small' for unit tests that boot many sandboxes. */
  volume: SeedVolume;
  /** Sandbox clock (unix ms): report history ends on its Vietnam day. */
  now: number;
}

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM merchants');
  return (row?.n ?? 0) === 0;
}

export async function seed(db: Database, areas: readonly SandboxArea[], options: SeedOptions): Promise<void> {
  for (const m of SEED_MERCHANTS) await seedMerchant(db, areas, m, { template: m.alias, now: options.now });
  await seedReportData(db, options.volume, options.now);
}

/**
 * One merchant with its stores, staff and users, then each area's own rows (its declared seed, in
 * area order). Also used by POST /sandbox/merchants to make a throwaway copy of a seeded merchant
 * for a test.
 */
export async function seedMerchant(
  db: Database,
  areas: readonly SandboxArea[],
  m: SeedMerchant,
  meta: { template: string; now: number },
): Promise<SeededMerchant> {
  await db.query(
    `INSERT INTO merchants (id, alias, name, account_type, is_fnb, tax_no, ref_id, trademark, business, address,
       phone, mobile, email, website, merchant_code, representative_name, position, indentification_no,
       salesperson_name, salesperson_phone)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20)`,
    [
      m.id,
      m.alias,
      m.name,
      m.account_type,
      m.is_fnb,
      m.tax_no,
      m.ref_id,
      m.trademark,
      m.business,
      m.address,
      m.phone,
      m.mobile,
      m.email,
      m.website,
      m.merchant_code,
      m.representative_name,
      m.position,
      m.indentification_no,
      m.salesperson.name,
      m.salesperson.phone,
    ],
  );
  const storeIds: number[] = [];
  for (const s of m.stores) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO stores (merchant_id, name, code, address, tax_no, va_account_no, country_id, city_id, district_id,
         ward_id, address_line_1)
       VALUES ($1,$2,$3,$4,$5,$6,1,$7,$8,$9,$10) RETURNING id`,
      [m.id, s.name, s.code, s.address, m.tax_no, s.va_account_no, s.city_id, s.district_id, s.ward_id, s.address_line_1],
    );
    storeIds.push(row!.id);
  }
  const staffIds = new Map<string, number>();
  for (const st of m.staff) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO staff (merchant_id, staff_id, full_name, phone, email, store_id) VALUES ($1,$2,$3,$4,$5,$6) RETURNING id`,
      [m.id, st.staff_id, st.full_name, st.phone, st.email, storeIds[st.store] ?? null],
    );
    staffIds.set(st.staff_id, row!.id);
  }
  for (const u of m.users) {
    await db.query(
      `INSERT INTO users (merchant_id, staff_row_id, username, email, password_hash, full_name, role, phone, throwaway)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
      [
        m.id,
        u.staff ? (staffIds.get(u.staff) ?? null) : null,
        u.username,
        u.email,
        await hashPassword(u.password),
        u.full_name,
        u.role,
        u.phone,
        meta.template !== m.alias,
      ],
    );
  }
  const seeded: SeededMerchant = { id: m.id, template: meta.template, storeIds, staffIds, now: meta.now };
  for (const areaSeed of areaSeeds(areas)) await areaSeed(db, seeded);
  return seeded;
}

/** Empties every data table (not the kept ones: the signing secret survives) and seeds again. */
export async function reseed(db: Database, areas: readonly SandboxArea[], options: SeedOptions): Promise<void> {
  const tables = (await dataTables(db)).map((t) => `"${t.replace(/"/g, '""')}"`);
  await db.exec(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`);
  await seed(db, areas, options);
}
