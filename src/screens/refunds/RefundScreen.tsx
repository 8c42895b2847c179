import { Alert, Button, Group, NumberInput, Radio, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { refundFormKit, type RefundField, type RefundProblem } from '../../machines/refunds/refundForm';
import type { refundOrderMachine } from '../../machines/refunds/refundOrder.machine';
import {
  selectRefundable,
  selectRefundAmountNow,
  selectRefundBusy,
  selectRefundCanAgain,
  selectRefundCanPrint,
  selectRefundPrinting,
  selectRefundDone,
  selectRefundEditing,
  selectRefundForm,
  selectRefundLoadError,
  selectRefundSettled,
  selectRefundApproval,
} from '../../machines/refunds/selectors';
import { REFUND_REASONS } from '../../rules/refunds';
import { formatVnd } from '../../rules/vnd';
import { errorMessageKey } from '../../services/errors';
import type { Refundable } from '../../services/refunds';
import { FailureAlert } from '../shared/FailureAlert';
import { SubmitForm } from '../shared/form/SubmitForm';
import { useFormFields } from '../shared/form/use-form-fields';
import { LoadingLine } from '../shared/LoadingLine';
import { RefundHistory } from './RefundHistory';
import { DROPDOWN_MAX_HEIGHT } from '../shared/dropdown';
import { ApprovalStep, type ApprovalStepActor } from '../approvals';

export type RefundOrderActor = ActorRefFrom<typeof refundOrderMachine>;

/** The refund's own refusals have their words here; every other code goes through the error catalogue. */
const OWN_CODES = new Set(['APPROVAL_REQUIRED', 'REFUND_EXCEEDS_PAID', 'ORDER_NOT_PAID', 'SHIFT_NOT_OPEN']);

function Summary({ refundable }: { refundable: Refundable }) {
  const { t } = useTranslation('refunds');
  return (
    <Group gap="xl" data-testid="refund-summary">
      <Text size="sm">
        {t('summary.paid', { method: t(`method.${refundable.payment.method}`), amount: formatVnd(refundable.payment.amount) })}
      </Text>
      <Text size="sm">{t('summary.refunded', { amount: formatVnd(refundable.refunded_amount) })}</Text>
      <Text size="sm" fw={600}>
        {t('summary.left', { amount: formatVnd(refundable.refundable_amount) })}
      </Text>
    </Group>
  );
}

function LinesPicker({ actor, refundable, disabled }: { actor: RefundOrderActor; refundable: Refundable; disabled: boolean }) {
  const { t } = useTranslation('refunds');
  const form = useSelector(actor, selectRefundForm);
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table data-testid="refund-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('lines.dish')}</Table.Th>
            <Table.Th>{t('lines.price')}</Table.Th>
            <Table.Th>{t('lines.quantity')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {refundable.lines.map((line) => (
            <Table.Tr key={line.item_id}>
              <Table.Td>
                <Text size="sm">{line.name}</Text>
                <Text size="xs" c="dimmed">
                  {t('lines.left', { left: line.refundable, sold: line.sold })}
                </Text>
              </Table.Td>
              <Table.Td>{formatVnd(line.price)}</Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={t('lines.quantityOf', { name: line.name })}
                  min={0}
                  max={line.refundable}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="strict"
                  w={96}
                  disabled={disabled || line.refundable === 0}
                  value={form.values.lines[String(line.item_id)] ?? 0}
                  onChange={(value) =>
                    actor.send({ type: 'LINE.SET', itemId: line.item_id, quantity: typeof value === 'number' ? value : 0 })
                  }
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Where the money goes, by the way the order was paid (D305). */
function wayText(t: (key: string, options?: Record<string, unknown>) => string, refundable: Refundable): string {
  const { method, serial_number } = refundable.payment;
  if (method === 'CASH') return t('way.CASH');
  if (method === 'CARD') return t('way.CARD', { serial: serial_number ?? '' });
  return t('way.BANK');
}

function RefundForm({ actor, refundable }: { actor: RefundOrderActor; refundable: Refundable }) {
  const { t } = useTranslation(['refunds', 'errors']);
  const form = useSelector(actor, selectRefundForm);
  const amount = useSelector(actor, selectRefundAmountNow);
  const busy = useSelector(actor, selectRefundBusy);
  const fields = useFormFields<typeof form.values, RefundField, RefundProblem>(actor, form, refundFormKit, {
    rule: (_, code) => t(`refunds:validation.${code}`),
    service: (code) => t(errorMessageKey(code)),
  });
  const saveError = form.saveError;
  const scope = fields.input('scope');
  const reason = fields.input('reason');
  return (
    <SubmitForm onSubmit={() => actor.send({ type: 'SUBMIT' })} aria-labelledby="refund-form-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="refund-form-title">
          {t('refunds:form.title')}
        </Title>
        <Radio.Group label={t('refunds:form.scope')} value={scope.value} onChange={(v) => scope.onChange(v === 'lines' ? 'lines' : 'full')}>
          <Group mt="xs">
            <Radio value="full" label={t('refunds:form.full')} disabled={busy} />
            <Radio value="lines" label={t('refunds:form.lines')} disabled={busy} />
          </Group>
        </Radio.Group>
        {form.values.scope === 'lines' && (
          <Stack gap={4}>
            <LinesPicker actor={actor} refundable={refundable} disabled={busy} />
            {fields.error('lines') && (
              <Text size="sm" c="red.9" role="alert" data-testid="refund-lines-error">
                {fields.error('lines')}
              </Text>
            )}
          </Stack>
        )}
        <Select
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          label={t('refunds:form.reason')}
          placeholder={t('refunds:form.reasonPlaceholder')}
          data={REFUND_REASONS.map((r) => ({ value: r, label: t(`refunds:reason.${r}`) }))}
          value={reason.value === '' ? null : reason.value}
          onChange={(v) => reason.onChange((v ?? '') as typeof reason.value)}
          onBlur={reason.onBlur}
          error={reason.error}
          ref={reason.ref}
          disabled={busy}
          withAsterisk
          allowDeselect={false}
        />
        <Textarea
          label={t('refunds:form.note')}
          description={t('refunds:form.noteHint')}
          autosize
          minRows={2}
          withAsterisk={form.values.reason === 'OTHER'}
          readOnly={busy}
          {...fields.text('note')}
        />
        <Text size="sm" data-testid="refund-way">
          {wayText(t, refundable)}
        </Text>
        {saveError !== null && (
          <Alert color="red" role="alert" data-testid="refund-error">
            {OWN_CODES.has(saveError) ? t(`refunds:errors.${saveError}`) : t(errorMessageKey(saveError))}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={busy} data-testid="refund-submit">
            {t('refunds:form.submit', { amount: formatVnd(amount) })}
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}

function Done({ actor }: { actor: RefundOrderActor }) {
  const { t } = useTranslation('refunds');
  const refund = useSelector(actor, selectRefundDone);
  const canAgain = useSelector(actor, selectRefundCanAgain);
  const canPrint = useSelector(actor, selectRefundCanPrint);
  const printing = useSelector(actor, selectRefundPrinting);
  if (!refund) return null;
  return (
    <Alert color={refund.status === 'DECLINED' || refund.status === 'REJECTED' ? 'red' : 'green'} role="status" data-testid="refund-done">
      <Stack gap="xs">
        <Text size="sm">{t(`done.${refund.status}`, { amount: formatVnd(refund.amount) })}</Text>
        {(canAgain || canPrint || printing) && (
          <Group>
            {(canPrint || printing) && (
              <Button size="xs" loading={printing} onClick={() => actor.send({ type: 'PRINT' })} data-testid="refund-print">
                {t('done.print')}
              </Button>
            )}
            {canAgain && (
              <Button variant="default" size="xs" onClick={() => actor.send({ type: 'AGAIN' })}>
                {t('done.again')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * /sale-refund/{invoice id} (D305): a paid order's payment, what is refunded and left, a refund of the
 * whole order or some dishes with its reason, where the money goes, and the order's refunds.
 */
export function RefundScreen({ actor, backLink }: { actor: RefundOrderActor; backLink: React.ReactNode }) {
  const { t } = useTranslation(['refunds', 'errors']);
  const refundable = useSelector(actor, selectRefundable);
  const loadError = useSelector(actor, selectRefundLoadError);
  const editing = useSelector(actor, selectRefundEditing);
  const settled = useSelector(actor, selectRefundSettled);
  const approval = useSelector(actor, selectRefundApproval) as ApprovalStepActor | undefined;
  return (
    <Stack gap="lg" maw={880}>
      {backLink}
      <Title order={1} size="h3">
        {refundable ? t('refunds:title', { code: refundable.order_code }) : t('refunds:titleLoading')}
      </Title>
      {refundable === null && loadError === null && <LoadingLine label={t('refunds:loading')} />}
      {loadError !== null && (
        <FailureAlert
          title={t('refunds:loadFailed')}
          message={OWN_CODES.has(loadError) ? t(`refunds:errors.${loadError}`) : t(errorMessageKey(loadError))}
          retryLabel={t('refunds:retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
        />
      )}
      {refundable && (
        <>
          <Summary refundable={refundable} />
          <Done actor={actor} />
          {settled && (
            <Alert color="blue" data-testid="refund-settled">
              {t('refunds:settled')}
            </Alert>
          )}
          {editing && <RefundForm actor={actor} refundable={refundable} />}
          {/* D310: a staff member's refund waits for the owner here; the form's choices are kept behind it. */}
          {approval && <ApprovalStep actor={approval} />}
          <RefundHistory refunds={refundable.refunds} />
        </>
      )}
    </Stack>
  );
}
