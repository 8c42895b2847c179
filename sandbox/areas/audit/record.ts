import type { AuditAction, AuditTarget, AuditValues } from '../../../src/rules/audit';
import type { Database } from '../../platform/db/database';

/**
 * The recorder other sandbox areas call (D299), through this area's face (index.ts), with the
 * transaction handle of the change it records: the change and its entry land together or not at all.
 * The caller passes values already stripped of secrets (passwords, PINs, keys) and with account
 * numbers and phones masked (src/rules/audit.ts); the recorder adds who, when and where.
 */

/** Who acts: the signed-in user as the service knows them (authenticate's `user`). */
export interface AuditActor {
  id: number;
  merchant_id: string;
  full_name: string;
  role: string;
}

export interface AuditEntry {
  action: AuditAction;
  target: AuditTarget;
  targetId: string | number;
  /** The store the action concerns, when it concerns one (a store's ShopQR, a staff member's store). */
  store?: { id: number; name: string | null } | null;
  before?: AuditValues | null;
  after?: AuditValues | null;
}

export async function recordAudit(db: Database, now: number, who: AuditActor, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (merchant_id, at, user_id, user_name, user_role, store_id, store_name, action, target_type, target_id, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb)`,
    [
      who.merchant_id,
      now,
      who.id,
      who.full_name,
      who.role,
      entry.store?.id ?? null,
      entry.store?.name ?? null,
      entry.action,
      entry.target,
      String(entry.targetId),
      entry.before ? JSON.stringify(entry.before) : null,
      entry.after ? JSON.stringify(entry.after) : null,
    ],
  );
}
