import { z } from '../../config/zod-classic';
import { AUDIT_ACTIONS, type AuditAction, type AuditValues } from '../../rules/audit';
import type { DayRange } from '../../rules/timeRange';

/** The portal service's audit log (D299, D300; docs/areas/audit.md). */

const value = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const values = z.record(z.string(), value).nullable();

export const auditEntrySchema = z.object({
  id: z.number().int().positive(),
  /** unix seconds */
  at: z.number().int().nonnegative(),
  user_id: z.number().int(),
  user_name: z.string(),
  user_role: z.string(),
  store_id: z.number().int().nullable(),
  store_name: z.string().nullable(),
  /** A code this portal may not know yet (a newer service) is shown as it is. */
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: values,
  after: values,
});
export type AuditEntry = Omit<z.infer<typeof auditEntrySchema>, 'before' | 'after'> & {
  before: AuditValues | null;
  after: AuditValues | null;
};

export const auditUserSchema = z.object({ user_id: z.number().int(), user_name: z.string() });
export type AuditUser = z.infer<typeof auditUserSchema>;

export interface AuditFilter {
  action: AuditAction | null;
  userId: number | null;
  storeId: number | null;
  /** Vietnam days, both or neither (D269's day filter). */
  days?: DayRange;
}

export const EMPTY_AUDIT_FILTER: AuditFilter = { action: null, userId: null, storeId: null };
export const AUDIT_FILTER_ACTIONS = AUDIT_ACTIONS;

export interface AuditListQuery {
  page: number;
  pageSize: number;
  filter: AuditFilter;
}

export interface AuditPage {
  rows: AuditEntry[];
  totalPage: number;
}
