import type { SnapshotFrom } from 'xstate';
import { refundAmount, refundFormKit } from './refundForm';
import type { refundOrderMachine } from './refundOrder.machine';

type Snapshot = SnapshotFrom<typeof refundOrderMachine>;

export const selectRefundable = (s: Snapshot) => s.context.refundable;
export const selectRefundLoading = (s: Snapshot) => s.matches('loading');
export const selectRefundLoadError = (s: Snapshot) => (s.matches('loadFailed') ? s.context.loadError : null);
export const selectRefundForm = (s: Snapshot) => s.context.form;
export const selectRefundShown = (s: Snapshot) => refundFormKit.shown(s.context.form);
export const selectRefundAmountNow = (s: Snapshot) => refundAmount(s.context.refundable, s.context.form.values);
export const selectRefundBusy = (s: Snapshot) => s.hasTag('busy');
export const selectRefundEditing = (s: Snapshot) => s.matches('editing') || s.matches('refreshing') || s.matches('submitting');
export const selectRefundDone = (s: Snapshot) => (s.matches('done') ? s.context.last : null);
export const selectRefundSettled = (s: Snapshot) => s.matches('settled');
export const selectRefundCanAgain = (s: Snapshot) => s.matches('done') && (s.context.refundable?.refundable_amount ?? 0) > 0;
export const selectRefundCanPrint = (s: Snapshot) => s.matches({ done: 'shown' }) && s.context.last?.status === 'SUCCESS';
export const selectRefundPrinting = (s: Snapshot) => s.hasTag('printing');
/** D310: the owner's approval step while a staff member's refund waits for it (the approvals area's actor). */
export const selectRefundApproval = (s: Snapshot) => (s.hasTag('approval') ? (s.children as Record<string, unknown>).approve : undefined);
