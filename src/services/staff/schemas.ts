import { z } from '../../config/zod-classic';

/** Staff (core §3 Staff, §7 GET, POST, PUT, DELETE /staff; docs/areas/staff.md). */

/** One staff member as GET /staff answers it; never a password. */
export const staffRowSchema = z.object({
  id: z.number().int().positive(),
  staff_id: z.string().min(1),
  full_name: z.string(),
  phone: z.string(),
  email: z.string(),
  store_id: z.number().int().nullable(),
  store_name: z.string().nullable(),
  // A service that does not know the entity's address or the sign-in flag yet still answers.
  address: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  has_login: z.boolean().optional().default(true),
});
export type StaffRow = z.infer<typeof staffRowSchema>;

export const staffListSchema = z.object({
  data: z.array(staffRowSchema),
  total_page: z.number().int().nonnegative(),
  page: z.number().int().positive().optional(),
  page_size: z.number().int().positive().optional(),
  total_count: z.number().int().nonnegative().optional(),
});

export const staffDeleteAnswerSchema = z.object({ success: z.literal(true) }).loose();

/** POST /staff as the form gives it (the service hashes the password before sending). */
export interface NewStaff {
  staff_id: string;
  full_name: string;
  phone: string;
  email: string;
  store_id: number;
  address: string;
  /** As typed: the service sends its SHA-256 digest (D97), never this. */
  password: string;
}

/** PUT /staff as the form gives it: id and e-mail are not sent (they cannot change, core §5). */
export interface StaffChanges {
  id: number;
  full_name: string;
  phone: string;
  store_id: number;
  address: string;
  /** Both as typed, present only when the password changes; the service sends their digests (D97). */
  old_password?: string;
  password?: string;
}

export interface StaffPage {
  rows: StaffRow[];
  totalPage: number;
  page: number;
  pageSize: number;
}
