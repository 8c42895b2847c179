import { Alert, Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { approvalListMachine } from '../../machines/approvals/approvalList.machine';
import { formatVnd } from '../../rules/vnd';
import { errorMessageKey } from '../../services/errors';
import { APPROVAL_FILTERS, type Approval, type ApprovalFilter } from '../../services/approvals/schemas';
import { FailureAlert } from '../shared/FailureAlert';
import { LoadingLine } from '../shared/LoadingLine';
import { formatDateTime } from '../shared/table/format';

export type ApprovalListActor = ActorRefFrom<typeof approvalListMachine>;
type ListSnapshot = SnapshotFrom<typeof approvalListMachine>;

const selectFilter = (s: ListSnapshot) => s.context.filter;
const selectItems = (s: ListSnapshot) => s.context.items;
const selectLoadError = (s: ListSnapshot) => (s.matches('loadFailed') ? s.context.loadError : null);
const selectDeciding = (s: ListSnapshot) => s.context.deciding;
const selectDecideError = (s: ListSnapshot) => s.context.decideError;

const STATUS_COLOR: Record<Approval['status'], string> = { PENDING: 'yellow', APPROVED: 'green', DECLINED: 'red', USED: 'gray' };

/** The request's reason in the user's words (the void's and the refund's reason lists), else its code. */
function reasonText(t: (key: string, options?: Record<string, unknown>) => string, approval: Approval): string {
  const reason = approval.request.reason;
  if (typeof reason !== 'string') return '';
  return t(`approvals:reasons.${approval.kind}.${reason}`, { defaultValue: reason });
}

function ApprovalItem({ actor, approval, owner }: { actor: ApprovalListActor; approval: Approval; owner: boolean }) {
  const { t } = useTranslation(['approvals', 'errors']);
  const deciding = useSelector(actor, selectDeciding);
  const decideError = useSelector(actor, selectDecideError);
  const note = typeof approval.request.note === 'string' && approval.request.note !== '' ? approval.request.note : null;
  const busy = deciding !== null;
  const titleId = `approval-${approval.approval_id}-title`;
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-labelledby={titleId} data-testid="approval-item" data-status={approval.status}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} id={titleId}>
            {t(`approvals:kind.${approval.kind}`, { code: approval.order_code, amount: formatVnd(approval.amount) })}
          </Text>
          <Badge color={STATUS_COLOR[approval.status]} variant="light" data-testid="approval-status">
            {t(`approvals:status.${approval.status}`)}
          </Badge>
        </Group>
        <Text size="sm">{t('approvals:list.asked', { name: approval.requested_by, time: formatDateTime(approval.requested_at) })}</Text>
        <Text size="sm">{t('approvals:list.reason', { reason: reasonText(t, approval) })}</Text>
        {note !== null ? <Text size="sm">{t('approvals:list.note', { note })}</Text> : null}
        {approval.decided_by !== null && approval.decided_at !== null ? (
          <Text size="sm" c="gray.8">
            {t(`approvals:list.decided.${approval.decided_with ?? 'BELL'}`, {
              name: approval.decided_by,
              time: formatDateTime(approval.decided_at),
            })}
          </Text>
        ) : null}
        {decideError?.approvalId === approval.approval_id ? (
          <Alert color="red" role="alert" data-testid="approval-decide-error">
            {decideError.code === 'APPROVAL_NOT_VALID' ? t('approvals:list.decidedElsewhere') : t(errorMessageKey(decideError.code))}
          </Alert>
        ) : null}
        {owner && approval.status === 'PENDING' ? (
          <Group gap="xs" mt={4}>
            <Button
              size="xs"
              disabled={busy && deciding?.approvalId !== approval.approval_id}
              loading={deciding?.approvalId === approval.approval_id && deciding.decision === 'APPROVE'}
              onClick={() => actor.send({ type: 'DECIDE', approvalId: approval.approval_id, decision: 'APPROVE' })}
              aria-describedby={titleId}
              data-testid="approval-approve"
            >
              {t('approvals:list.approve')}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={busy && deciding?.approvalId !== approval.approval_id}
              loading={deciding?.approvalId === approval.approval_id && deciding.decision === 'DECLINE'}
              onClick={() => actor.send({ type: 'DECIDE', approvalId: approval.approval_id, decision: 'DECLINE' })}
              aria-describedby={titleId}
              data-testid="approval-decline"
            >
              {t('approvals:list.decline')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * D317: the requests on /approvals — pending first or all, newest first, who asked, what, the order,
 * the amount, the reason, when and how it stands. The owner approves or declines a pending one; a
 * staff member sees their own, read-only. The list follows the service's live events.
 */
export function ApprovalList({ actor, owner }: { actor: ApprovalListActor; owner: boolean }) {
  const { t } = useTranslation(['approvals', 'errors']);
  const filter = useSelector(actor, selectFilter);
  const items = useSelector(actor, selectItems);
  const loadError = useSelector(actor, selectLoadError);
  return (
    <Stack gap="sm" component="section" aria-labelledby="approval-list-title">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id="approval-list-title">
          {owner ? t('approvals:list.title') : t('approvals:list.titleStaff')}
        </Title>
        <SegmentedControl
          aria-label={t('approvals:list.filter')}
          value={filter}
          onChange={(value) => actor.send({ type: 'FILTER.SET', filter: value as ApprovalFilter })}
          data={APPROVAL_FILTERS.map((f) => ({ value: f, label: t(`approvals:list.filters.${f}`) }))}
          data-testid="approval-filter"
        />
      </Group>
      {items === null && loadError === null ? <LoadingLine label={t('approvals:list.loading')} /> : null}
      {loadError !== null ? (
        <FailureAlert
          title={t('approvals:list.loadFailed')}
          message={t(errorMessageKey(loadError))}
          retryLabel={t('approvals:retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
        />
      ) : null}
      {items !== null && items.length === 0 ? (
        <Text size="sm" data-testid="approval-empty">
          {filter === 'PENDING' ? t('approvals:list.emptyPending') : t('approvals:list.empty')}
        </Text>
      ) : null}
      {items !== null && items.length > 0 ? (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="approval-list">
          {items.map((a) => (
            <ApprovalItem key={a.approval_id} actor={actor} approval={a} owner={owner} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
