import { approvalPinProblem, type ApprovalPinProblem } from '../../rules/approvals';
import type { ApprovalGateContext } from './approvalGate.machine';

/** What the approval step shows (D310), read from its snapshot by the screens. */
export interface ApprovalGateView {
  pin: string;
  pinSet: boolean;
  problem: ApprovalPinProblem | null;
  error: string | null;
  attemptsLeft: number | null;
  busy: boolean;
  waiting: boolean;
  declined: boolean;
  failed: boolean;
  orderCode: string | null;
}

export function selectApprovalGate(snapshot: { context: ApprovalGateContext; hasTag(tag: string): boolean }): ApprovalGateView {
  const { context } = snapshot;
  return {
    pin: context.pin,
    pinSet: context.pinSet,
    problem: context.showErrors ? approvalPinProblem(context.pin) : null,
    error: context.error,
    attemptsLeft: context.attemptsLeft,
    busy: snapshot.hasTag('busy'),
    waiting: snapshot.hasTag('waiting'),
    declined: snapshot.hasTag('declined'),
    failed: snapshot.hasTag('failed'),
    orderCode: context.approval?.order_code ?? null,
  };
}
