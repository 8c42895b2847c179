import { z } from '../../config/zod-classic';
import { APPROVAL_KINDS, APPROVAL_STATUSES } from '../../rules/approvals';

/** The sale service's approval answers (D310; docs/areas/approvals.md). Money whole đồng, times unix seconds. */

const id = z.number().int().positive();
const seconds = z.number().int().nonnegative();

export const pinStateSchema = z.object({ is_set: z.boolean(), set_at: seconds.nullable(), locked_until: seconds.nullable() });
export type PinState = z.infer<typeof pinStateSchema>;

export const approvalSchema = z.object({
  approval_id: id,
  kind: z.enum(APPROVAL_KINDS),
  order_id: id,
  order_code: z.string().max(64),
  amount: z.number().int().nonnegative(),
  request: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  status: z.enum(APPROVAL_STATUSES),
  requested_by: z.string().max(255),
  requested_at: seconds,
  decided_by: z.string().max(255).nullable(),
  decided_at: seconds.nullable(),
  decided_with: z.enum(['PIN', 'BELL']).nullable(),
  used_at: seconds.nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

/** What a gated call (void, refund) carries beside its own body (D310): the owner's PIN, an approved request, or a request to ask. */
export type ApprovalFields = { approval_pin: string; approval_id?: number } | { approval_id: number } | { approval_request: true };

/** The approvals page's two lists: the requests still waiting, or all of them (D317). */
export const APPROVAL_FILTERS = ['PENDING', 'ALL'] as const;
export type ApprovalFilter = (typeof APPROVAL_FILTERS)[number];
export type ApprovalDecision = 'APPROVE' | 'DECLINE';

/** The sale socket's `approval_updated`: a request asked, decided or used (its payload is the request). */
export const approvalUpdatedSchema = approvalSchema.pick({ approval_id: true, status: true });
