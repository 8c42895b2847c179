import { Alert, Anchor, Badge, Button, Grid, Group, Modal, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { orderEditMachine } from '../../machines/orders/orderEdit.machine';
import {
  selectAdded,
  selectBasket,
  selectBasketCount,
  selectBasketEditable,
  selectBasketTotal,
  selectCancelError,
  selectCancellingPayment,
  selectCanPay,
  selectCanSubmit,
  selectLines,
  selectLoadError,
  selectLoadFailed,
  selectLoading,
  selectNeedsConfirm,
  selectOrder,
  selectPaymentPending,
  selectPendingPayments,
  selectSubmitting,
  selectUncertain,
} from '../../machines/orders/selectors';
import { formatVnd } from '../../rules/vnd';
import { errorMessageKey } from '../../services/errors';
import { LINE_AMOUNT_MAX, WALK_IN_CUSTOMER_ID } from '../../services/orders/schemas';
import { FailureAlert } from '../shared/FailureAlert';
import { LoadingLine } from '../shared/LoadingLine';
import { CustomerDialog } from './CustomerDialog';
import { STATUS_COLOURS } from './OrderListScreen';
import { ProductPicker } from './ProductPicker';

export type OrderEditActor = ActorRefFrom<typeof orderEditMachine>;

/** Mantine's light alert writes its title in yellow 9, below 4.5:1 on its tint (axe color-contrast): black keeps the tint. */
const READABLE_ALERT = { title: { color: 'var(--mantine-color-black)' }, message: { color: 'var(--mantine-color-black)' } } as const;

/**
 * /sale-order/{order_id} (doc 2 §2 "pick dishes, confirm order, open order summary", §4, §8, §9): the
 * dishes to pick on one side; on the other the order (what it already has, its customer and total)
 * and the basket of dishes to add, sent with "Confirm order" (a selecting order) or "Add dishes".
 * While an answer is unknown the basket is frozen and "Send again" repeats the same attempt. When a
 * payment waiting on the order locks its dishes (D214) the basket is kept and the screen says which
 * payment, with a way to cancel it (D216) before sending again.
 */
export function OrderEditScreen({ actor, listHref, payHref }: { actor: OrderEditActor; listHref: string; payHref: string }) {
  const { t } = useTranslation(['orders', 'errors']);
  const loading = useSelector(actor, selectLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const loadError = useSelector(actor, selectLoadError);
  const order = useSelector(actor, selectOrder);
  const lines = useSelector(actor, selectLines);
  const basket = useSelector(actor, selectBasket);
  const basketTotal = useSelector(actor, selectBasketTotal);
  const basketCount = useSelector(actor, selectBasketCount);
  const editable = useSelector(actor, selectBasketEditable);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const needsConfirm = useSelector(actor, selectNeedsConfirm);
  const submitting = useSelector(actor, selectSubmitting);
  const uncertain = useSelector(actor, selectUncertain);
  const added = useSelector(actor, selectAdded);
  const canPay = useSelector(actor, selectCanPay);
  const paymentPending = useSelector(actor, selectPaymentPending);
  const pendingPayments = useSelector(actor, selectPendingPayments);
  const cancelling = useSelector(actor, selectCancellingPayment);
  const cancelError = useSelector(actor, selectCancelError);

  const back = (
    <Anchor component={Link} to={listHref} size="sm">
      {t('edit.back')}
    </Anchor>
  );

  if (loading || (!order && !failed)) {
    return (
      <Stack p="md">
        {back}
        <LoadingLine label={t('edit.loading')} />
      </Stack>
    );
  }
  if (failed || !order) {
    return (
      <Stack p="md">
        {back}
        <Title order={1} size="h2">
          {t('edit.loadFailed')}
        </Title>
        <FailureAlert
          title={t('edit.loadFailed')}
          message={loadError === 'NOT_FOUND' ? t('edit.notFound') : t(errorMessageKey(loadError))}
          retryLabel={t('edit.retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
          testId="order-load-failed"
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md" p="md">
      {back}
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Title order={1} size="h2" data-testid="order-title">
            {t('edit.title', { code: order.order_code })}
          </Title>
          <Badge variant="light" color={STATUS_COLOURS[order.status]} data-testid="order-status">
            {t(`status.${order.status}`)}
          </Badge>
        </Group>
        {order.table_name ? <Text size="sm">{t('edit.table', { name: order.table_name })}</Text> : null}
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="sm" radius="md">
            <ProductPicker actor={actor} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Paper withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="wrap">
                <div>
                  <Text size="xs" c="dimmed">
                    {t('edit.customerTitle')}
                  </Text>
                  <Text size="sm" fw={500} data-testid="order-customer">
                    {order.customer_id === WALK_IN_CUSTOMER_ID ? t('walkIn') : order.name}
                  </Text>
                </div>
                <Button size="xs" variant="default" onClick={() => actor.send({ type: 'CUSTOMER.OPEN' })} data-testid="order-customer-open">
                  {t('edit.changeCustomer')}
                </Button>
              </Group>
            </Paper>
            <Paper withBorder p="sm" radius="md">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {t('edit.orderLines')}
                </Title>
                {lines.length === 0 ? (
                  <Text size="sm">{t('edit.orderLinesEmpty')}</Text>
                ) : (
                  <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="order-lines">
                    {lines.map((line) => (
                      <Group key={line.product_id} justify="space-between" wrap="nowrap" component="li">
                        <Text size="sm">
                          {line.amount} × {line.name}
                        </Text>
                        <Text size="sm">{formatVnd(line.price * line.amount)}</Text>
                      </Group>
                    ))}
                  </Stack>
                )}
                <Group justify="space-between">
                  <Text fw={600}>{t('edit.orderTotal')}</Text>
                  <Text fw={600} data-testid="order-total">
                    {formatVnd(order.total_price)}
                  </Text>
                </Group>
              </Stack>
            </Paper>
            <Paper withBorder p="sm" radius="md">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {t('edit.basketTitle')}
                </Title>
                {basket.length === 0 ? (
                  <Text size="sm">{t('edit.basketEmpty')}</Text>
                ) : (
                  <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="order-basket">
                    {basket.map((line) => (
                      <Group key={line.product_id} justify="space-between" wrap="nowrap" component="li" data-testid="order-basket-line">
                        <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
                          {line.name}
                          <br />
                          <Text span size="xs" c="dimmed">
                            {formatVnd(line.price)}
                          </Text>
                        </Text>
                        <NumberInput
                          aria-label={t('edit.amountLabel', { name: line.name })}
                          value={line.amount}
                          min={0}
                          max={LINE_AMOUNT_MAX}
                          clampBehavior="strict"
                          allowDecimal={false}
                          allowNegative={false}
                          disabled={!editable}
                          w={90}
                          onChange={(value) => {
                            if (typeof value === 'number') actor.send({ type: 'BASKET.SET', productId: line.product_id, amount: value });
                          }}
                          data-testid="order-basket-amount"
                        />
                        <Button
                          size="compact-sm"
                          variant="outline"
                          color="red.9"
                          disabled={!editable}
                          aria-label={t('edit.removeLabel', { name: line.name })}
                          onClick={() => actor.send({ type: 'BASKET.SET', productId: line.product_id, amount: 0 })}
                        >
                          {t('edit.remove')}
                        </Button>
                      </Group>
                    ))}
                  </Stack>
                )}
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
                {paymentPending ? (
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
                        <Button
                          size="xs"
                          loading={cancelling}
                          onClick={() => actor.send({ type: 'PENDING.CANCEL' })}
                          data-testid="order-pending-cancel"
                        >
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
                ) : null}
                <Group justify="space-between" wrap="wrap">
                  <Button
                    variant="default"
                    disabled={!editable || basket.length === 0}
                    onClick={() => actor.send({ type: 'BASKET.CLEAR' })}
                  >
                    {t('edit.clear')}
                  </Button>
                  <Button
                    onClick={() => actor.send({ type: 'SUBMIT' })}
                    disabled={!canSubmit && !submitting}
                    loading={submitting}
                    data-testid="order-submit"
                  >
                    {needsConfirm ? t('edit.confirm') : t('edit.addDishes')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
            <Stack gap={4}>
              {canPay ? (
                <Button component={Link} to={payHref} data-testid="order-pay">
                  {t('edit.pay')}
                </Button>
              ) : (
                <>
                  <Button disabled aria-describedby="order-pay-hint" data-testid="order-pay">
                    {t('edit.pay')}
                  </Button>
                  <Text size="xs" id="order-pay-hint">
                    {t('edit.payHint')}
                  </Text>
                </>
              )}
            </Stack>
          </Stack>
        </Grid.Col>
      </Grid>
      <Modal
        opened={added}
        onClose={() => actor.send({ type: 'POPUP.CLOSE' })}
        title={t('edit.addedTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('edit.addedClose') }}
      >
        <Text size="sm" data-testid="order-added">
          {t('edit.addedBody', { count: order.product_amount, total: formatVnd(order.total_price) })}
        </Text>
      </Modal>
      <CustomerDialog actor={actor} />
    </Stack>
  );
}
