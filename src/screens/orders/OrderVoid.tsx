import { Alert, Button, Group, Modal, Paper, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { orderVoidMachine } from '../../machines/orders/orderVoid.machine';
import { outcomeUnknown } from '../../rules/idempotency';
import { VOID_NOTE_MAX, VOID_REASONS, voidProblem, type VoidReason } from '../../rules/orderVoid';
import { errorMessageKey } from '../../services/errors';
import type { Order } from '../../services/orders/schemas';
import { formatDateTime } from '../shared/table/format';
import { ApprovalStep, type ApprovalStepActor } from '../approvals';

export type OrderVoidActor = ActorRefFrom<typeof orderVoidMachine>;
type VoidSnapshot = SnapshotFrom<typeof orderVoidMachine>;

const selectOpen = (s: VoidSnapshot) => s.hasTag('open');
const selectVoiding = (s: VoidSnapshot) => s.hasTag('voiding');
const selectFailed = (s: VoidSnapshot) => s.hasTag('voidFailed');
const selectContext = (s: VoidSnapshot) => s.context;
// D310: the owner's approval step, while a staff member's void waits for it.
const selectApproval = (s: VoidSnapshot) =>
  s.hasTag('approval') ? ((s.children as Record<string, unknown>).approve as ApprovalStepActor | undefined) : undefined;

/** The void's error in the dialog: the void's own words for what it refuses, else the catalogue's. */
function voidErrorKey(code: string | null): string {
  if (code === 'ORDER_PAID' || code === 'ORDER_PAYMENT_PENDING' || code === 'VOID_NEEDS_APPROVAL') return `orders:void.errors.${code}`;
  if (outcomeUnknown({ code })) return 'orders:void.unknownBody';
  return errorMessageKey(code);
}

/**
 * D301: "Void order" on an unpaid order's page. The dialog asks for the reason (required, "Other"
 * asks for a few words); a staff-type user reads that the owner will approve it, and the service's
 * APPROVAL_REQUIRED opens the approval step in the same dialog (D310). While voiding, the dialog's controls wait, so a double submit has
 * nowhere to go; a failure says why and keeps the reason typed.
 */
export function OrderVoidControl({ actor, order, owner }: { actor: OrderVoidActor; order: Order; owner: boolean }) {
  const { t } = useTranslation(['orders', 'errors']);
  return (
    <>
      {owner ? null : (
        <Text size="xs" data-testid="order-void-owner-only">
          {t('void.needsApproval')}
        </Text>
      )}
      <Button variant="outline" color="red.9" onClick={() => actor.send({ type: 'OPEN' })} data-testid="order-void-open">
        {t('void.open')}
      </Button>
      <OrderVoidDialog actor={actor} code={order.order_code} />
    </>
  );
}

function OrderVoidDialog({ actor, code }: { actor: OrderVoidActor; code: string }) {
  const { t } = useTranslation(['orders', 'errors']);
  const open = useSelector(actor, selectOpen);
  const voiding = useSelector(actor, selectVoiding);
  const failed = useSelector(actor, selectFailed);
  const { reason, note, showErrors, error } = useSelector(actor, selectContext);
  const approval = useSelector(actor, selectApproval);
  const problem = showErrors ? voidProblem(reason, note) : null;
  return (
    <Modal
      opened={open}
      onClose={() => (voiding ? undefined : actor.send({ type: 'CANCEL' }))}
      title={t('void.title', { code })}
      centered
      closeButtonProps={{ 'aria-label': t('void.cancel'), disabled: voiding }}
    >
      {approval ? <ApprovalStep actor={approval} /> : null}
      <form
        hidden={approval !== undefined}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: failed ? 'RETRY' : 'SUBMIT' });
        }}
        data-testid="order-void-dialog"
      >
        <Stack gap="sm">
          <Text size="sm">{t('void.intro')}</Text>
          <Radio.Group
            label={t('void.reason')}
            required
            value={reason ?? ''}
            onChange={(value) => actor.send({ type: 'REASON.SET', reason: value as VoidReason })}
            error={problem === 'reasonRequired' ? t('void.problems.reasonRequired') : undefined}
          >
            <Stack gap={6} mt={6}>
              {VOID_REASONS.map((r) => (
                <Radio key={r} value={r} label={t(`void.reasons.${r}`)} disabled={voiding} data-testid={`order-void-reason-${r}`} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('void.note')}
            description={t('void.noteHint', { max: VOID_NOTE_MAX })}
            required={reason === 'OTHER'}
            value={note}
            rows={3}
            disabled={voiding}
            onChange={(e) => actor.send({ type: 'NOTE.SET', value: e.currentTarget.value })}
            error={
              problem === 'noteRequired' || problem === 'noteTooLong' ? t(`void.problems.${problem}`, { max: VOID_NOTE_MAX }) : undefined
            }
            data-testid="order-void-note"
          />
          {failed ? (
            <Alert color="red" title={t('void.failedTitle')} role="alert" data-testid="order-void-error">
              {t(voidErrorKey(error))}
            </Alert>
          ) : null}
          <Group justify="flex-end" wrap="wrap">
            <Button variant="default" onClick={() => actor.send({ type: 'CANCEL' })} disabled={voiding} data-testid="order-void-cancel">
              {t('void.cancel')}
            </Button>
            <Button type="submit" color="red.9" loading={voiding} data-testid="order-void-submit">
              {failed ? t('void.retry') : t('void.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** D301: a voided order says so, with who voided it, when and why. */
export function OrderVoidedNotice({ order }: { order: Order }) {
  const { t } = useTranslation(['orders', 'errors']);
  const v = order.voided;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="order-voided">
      <Stack gap={4}>
        <Text fw={600}>{t('void.voidedTitle')}</Text>
        {v ? (
          <>
            <Text size="sm" data-testid="order-voided-by">
              {t('void.voidedBy', { name: v.voided_by, time: formatDateTime(v.voided_at) })}
            </Text>
            <Text size="sm" data-testid="order-voided-reason">
              {t('void.voidedReason', { reason: t(`void.reasons.${v.reason}`) })}
            </Text>
            {v.note ? <Text size="sm">{t('void.voidedNote', { note: v.note })}</Text> : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
