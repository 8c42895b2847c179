import { memo, useCallback } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
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
import { TillLines } from './TillLines';
import { BASKET_PANEL_ID, type BasketSheet } from './BasketSheet';
import till from './till.module.css';

/** Whether the basket is empty: a boolean, so "Clear" is not drawn again at each dish added (D376). */
const selectBasketEmpty = (s: Parameters<typeof selectBasket>[0]) => selectBasket(s).length === 0;

/** Mantine's light alert writes its title in yellow 9, below 4.5:1 on its tint (axe color-contrast): black keeps the tint. */
const READABLE_ALERT = { title: { color: 'var(--mantine-color-black)' }, message: { color: 'var(--mantine-color-black)' } } as const;

/**
 * The basket of /sale-order/{order_id} (doc 2 §2, §8, §9): the dishes to add, their count and total,
 * what stops a send (an unknown answer, a payment waiting on the order, D214, D216) and the send itself.
 */
export function OrderBasket({ actor, sheet }: { actor: OrderEditActor; sheet: BasketSheet }) {
  const { t } = useTranslation(['orders', 'errors']);
  const uncertain = useSelector(actor, selectUncertain);
  const paymentPending = useSelector(actor, selectPaymentPending);

  return (
    <Paper withBorder p="sm" radius="md" id={BASKET_PANEL_ID} {...sheet.panel} data-testid="order-basket-panel">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" ref={sheet.headingRef} tabIndex={-1} style={{ outlineOffset: 2 }}>
            {t('edit.basketTitle')}
          </Title>
          {sheet.open ? (
            <Button hiddenFrom="sm" h={44} variant="default" onClick={sheet.close} data-testid="order-sheet-close">
              {t('edit.sheetClose')}
            </Button>
          ) : null}
        </Group>
        <BasketLines actor={actor} />
        {/* The total and the send stay at the side panel's foot however long the basket (D373). */}
        <Stack gap="xs" className={till.basketFoot}>
          <BasketSums actor={actor} />
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
      </Stack>
    </Paper>
  );
}

/** The basket's count and total: the only part of the panel a tap on a dish or a "+" draws again (D376). */
function BasketSums({ actor }: { actor: OrderEditActor }) {
  const { t } = useTranslation(['orders']);
  const basketTotal = useSelector(actor, selectBasketTotal);
  const basketCount = useSelector(actor, selectBasketCount);
  return (
    <Group justify="space-between">
      <Text size="sm">{t('edit.basketCount', { count: basketCount })}</Text>
      <Text size="sm" fw={600} data-testid="order-basket-total">
        {t('edit.basketTotal')}: {formatVnd(basketTotal)}
      </Text>
    </Group>
  );
}

/** Each dish in the basket: the till's lines (./TillLines.tsx) with their notes; frozen while a send is under way. */
function BasketLines({ actor }: { actor: OrderEditActor }) {
  const { t } = useTranslation(['orders', 'errors']);
  const basket = useSelector(actor, selectBasket);
  const editable = useSelector(actor, selectBasketEditable);
  // The same callbacks from one render to the next: a change draws again only the line it changed (D376).
  const onStep = useCallback((productId: number, by: 1 | -1) => actor.send({ type: 'BASKET.STEP', productId, by }), [actor]);
  // An emptied box changes nothing until a number is typed (the basket holds 1..999).
  const onAmount = useCallback(
    (productId: number, amount: number | '') => {
      if (amount !== '') actor.send({ type: 'BASKET.SET', productId, amount });
    },
    [actor],
  );
  const onRemove = useCallback((productId: number) => actor.send({ type: 'BASKET.SET', productId, amount: 0 }), [actor]);
  const onNote = useCallback((productId: number, note: string) => actor.send({ type: 'BASKET.NOTE', productId, note }), [actor]);

  if (basket.length === 0) return <Text size="sm">{t('edit.basketEmpty')}</Text>;
  return (
    <TillLines
      lines={basket}
      editable={editable}
      amountMax={LINE_AMOUNT_MAX}
      noteMax={LINE_NOTE_MAX}
      onStep={onStep}
      onAmount={onAmount}
      onRemove={onRemove}
      onNote={onNote}
      testId="order-basket"
    />
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
  const empty = useSelector(actor, selectBasketEmpty);
  const editable = useSelector(actor, selectBasketEditable);

  return (
    <Group justify="space-between" wrap="wrap">
      <Button h={44} variant="default" disabled={!editable || empty} onClick={() => actor.send({ type: 'BASKET.CLEAR' })}>
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
export const SendBasketButton = memo(function SendBasketButton({
  actor,
  testId,
  keepWhole,
}: {
  actor: OrderEditActor;
  testId?: string;
  keepWhole?: boolean;
}) {
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
});
