import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectBasket,
  selectBasketCount,
  selectBasketEditable,
  selectBasketTotal,
  selectCancelError,
  selectCancellingPayment,
  selectCanSubmit,
  selectNeedsConfirm,
  selectPaymentPending,
  selectPendingPayments,
  selectSubmitting,
  selectUncertain,
} from '../../machines/orders/selectors';
import { formatVnd } from '../../rules/vnd';
import { errorMessageKey } from '../../services/errors';
import { LINE_AMOUNT_MAX, LINE_NOTE_MAX } from '../../services/orders/schemas';
import type { OrderEditActor } from './OrderEditScreen';

/** Mantine's light alert writes its title in yellow 9, below 4.5:1 on its tint (axe color-contrast): black keeps the tint. */
const READABLE_ALERT = { title: { color: 'var(--mantine-color-black)' }, message: { color: 'var(--mantine-color-black)' } } as const;

/**
 * The basket of /sale-order/{order_id} (doc 2 §2, §8, §9): the dishes to add, their count and total,
 * what stops a send (an unknown answer, a payment waiting on the order, D214, D216) and the send itself.
 */
export function OrderBasket({ actor }: { actor: OrderEditActor }) {
  const { t } = useTranslation(['orders', 'errors']);
  const basketTotal = useSelector(actor, selectBasketTotal);
  const basketCount = useSelector(actor, selectBasketCount);
  const uncertain = useSelector(actor, selectUncertain);
  const paymentPending = useSelector(actor, selectPaymentPending);

  return (
    <Paper withBorder p="sm" radius="md" id="order-basket-panel">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('edit.basketTitle')}
        </Title>
        <BasketLines actor={actor} />
        <Group justify="space-between">
          <Text size="sm">{t('edit.basketCount', { count: basketCount })}</Text>
          <Text size="sm" fw={600} data-testid="order-basket-total">
            {t('edit.basketTotal')}: {formatVnd(basketTotal)}
          </Text>
        </Group>
        {uncertain ? (
          <Alert color="yellow" variant="light" role="alert" title={t('edit.uncertainTitle')} data-testid="order-uncertain">
            <Stack gap="xs">
              <Text size="sm">{t('edit.uncertainBody')}</Text>
              <Group>
                <Button size="xs" onClick={() => actor.send({ type: 'SUBMIT.RETRY' })} data-testid="order-send-again">
                  {t('edit.sendAgain')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {paymentPending ? <PendingPaymentAlert actor={actor} /> : null}
        <BasketActions actor={actor} />
      </Stack>
    </Paper>
  );
}

/**
 * Each dish in the basket: − and + (44 px, D335), its amount to type, a way to take it out and its
 * note for the kitchen (D333); frozen while a send is under way.
 */
function BasketLines({ actor }: { actor: OrderEditActor }) {
  const { t } = useTranslation(['orders', 'errors']);
  const basket = useSelector(actor, selectBasket);
  const editable = useSelector(actor, selectBasketEditable);

  if (basket.length === 0) return <Text size="sm">{t('edit.basketEmpty')}</Text>;
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="order-basket">
      {basket.map((line) => (
        <Stack key={line.product_id} gap={4} component="li" data-testid="order-basket-line">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {line.name}
              <br />
              <Text span size="xs" c="gray.8">
                {formatVnd(line.price)}
              </Text>
            </Text>
            <Button
              size="compact-sm"
              variant="outline"
              color="red.9"
              h={44}
              disabled={!editable}
              aria-label={t('edit.removeLabel', { name: line.name })}
              onClick={() => actor.send({ type: 'BASKET.SET', productId: line.product_id, amount: 0 })}
            >
              {t('edit.remove')}
            </Button>
          </Group>
          <Group gap={6} wrap="nowrap">
            <ActionIcon
              size={44}
              variant="default"
              disabled={!editable}
              aria-label={t('edit.less', { name: line.name })}
              onClick={() => actor.send({ type: 'BASKET.STEP', productId: line.product_id, by: -1 })}
              data-testid="order-basket-less"
            >
              −
            </ActionIcon>
            <NumberInput
              aria-label={t('edit.amountLabel', { name: line.name })}
              value={line.amount}
              min={0}
              max={LINE_AMOUNT_MAX}
              clampBehavior="strict"
              allowDecimal={false}
              allowNegative={false}
              hideControls
              disabled={!editable}
              w={72}
              size="md"
              onChange={(value) => {
                if (typeof value === 'number') actor.send({ type: 'BASKET.SET', productId: line.product_id, amount: value });
              }}
              data-testid="order-basket-amount"
            />
            <ActionIcon
              size={44}
              variant="default"
              disabled={!editable}
              aria-label={t('edit.more', { name: line.name })}
              onClick={() => actor.send({ type: 'BASKET.STEP', productId: line.product_id, by: 1 })}
              data-testid="order-basket-more"
            >
              +
            </ActionIcon>
            <TextInput
              style={{ flex: 1, minWidth: 0 }}
              size="md"
              aria-label={t('edit.noteLabel', { name: line.name })}
              placeholder={t('edit.notePlaceholder')}
              value={line.note ?? ''}
              maxLength={LINE_NOTE_MAX}
              disabled={!editable}
              onChange={(e) => actor.send({ type: 'BASKET.NOTE', productId: line.product_id, note: e.currentTarget.value })}
              data-testid="order-basket-note"
            />
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}

/** D214: the payments waiting on the order that lock its dishes; D216: cancel them, or keep them and the basket. */
function PendingPaymentAlert({ actor }: { actor: OrderEditActor }) {
  const { t } = useTranslation(['orders', 'errors']);
  const pendingPayments = useSelector(actor, selectPendingPayments);
  const cancelling = useSelector(actor, selectCancellingPayment);
  const cancelError = useSelector(actor, selectCancelError);

  return (
    <Alert
      color="yellow"
      variant="light"
      role="alert"
      title={t('edit.pendingTitle')}
      styles={READABLE_ALERT}
      data-testid="order-payment-pending"
    >
      <Stack gap="xs">
        <Text size="sm">{t('edit.pendingBody')}</Text>
        <Stack gap={2} component="ul" style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
          {pendingPayments.map((payment) => (
            <Text component="li" size="sm" key={`${payment.method}-${payment.id}`} data-testid="order-pending-payment">
              {t('edit.pendingLine', { what: t(`edit.pendingMethod.${payment.method}`), amount: formatVnd(payment.amount) })}
            </Text>
          ))}
        </Stack>
        <Text size="sm">{t('edit.pendingHint')}</Text>
        {cancelError ? (
          <Text size="sm" fw={600} data-testid="order-pending-cancel-failed">
            {t('edit.pendingCancelFailed')}: {t(errorMessageKey(cancelError))}
          </Text>
        ) : null}
        <Group>
          <Button size="xs" loading={cancelling} onClick={() => actor.send({ type: 'PENDING.CANCEL' })} data-testid="order-pending-cancel">
            {t('edit.pendingCancel', { count: pendingPayments.length })}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={cancelling}
            onClick={() => actor.send({ type: 'PENDING.KEEP' })}
            data-testid="order-pending-keep"
          >
            {t('edit.pendingKeep')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Empty the basket, or send it: "Confirm order" for a selecting order, "Add dishes" otherwise. */
function BasketActions({ actor }: { actor: OrderEditActor }) {
  const { t } = useTranslation(['orders', 'errors']);
  const basket = useSelector(actor, selectBasket);
  const editable = useSelector(actor, selectBasketEditable);

  return (
    <Group justify="space-between" wrap="wrap">
      <Button h={44} variant="default" disabled={!editable || basket.length === 0} onClick={() => actor.send({ type: 'BASKET.CLEAR' })}>
        {t('edit.clear')}
      </Button>
      <SendBasketButton actor={actor} testId="order-submit" />
    </Group>
  );
}

/**
 * Sends the basket: "Confirm order" for a selecting order, "Add dishes" otherwise; busy while the send
 * is on its way. The basket's own actions and the phone's bottom bar (TillParts, D334) both show it.
 */
export function SendBasketButton({ actor, testId, keepWhole }: { actor: OrderEditActor; testId?: string; keepWhole?: boolean }) {
  const { t } = useTranslation(['orders']);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const needsConfirm = useSelector(actor, selectNeedsConfirm);
  const submitting = useSelector(actor, selectSubmitting);
  return (
    <Button
      h={44}
      style={keepWhole ? { flexShrink: 0 } : undefined}
      onClick={() => actor.send({ type: 'SUBMIT' })}
      disabled={!canSubmit && !submitting}
      loading={submitting}
      data-testid={testId}
    >
      {needsConfirm ? t('edit.confirm') : t('edit.addDishes')}
    </Button>
  );
}
