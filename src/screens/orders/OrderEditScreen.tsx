import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Grid, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { orderEditMachine } from '../../machines/orders/orderEdit.machine';
import {
  selectAdded,
  selectCanPay,
  selectLines,
  selectLoadError,
  selectLoadFailed,
  selectLoading,
  selectOrder,
  selectVoided,
} from '../../machines/orders/selectors';
import { formatVnd } from '../../rules/vnd';
import { errorMessageKey } from '../../services/errors';
import { WALK_IN_CUSTOMER_ID, type Order } from '../../services/orders/schemas';
import { FailureAlert } from '../shared/FailureAlert';
import { LoadingLine } from '../shared/LoadingLine';
import { CustomerDialog } from './CustomerDialog';
import { OrderBasket } from './OrderBasket';
import { STATUS_COLOURS } from './OrderListScreen';
import { OrderVoidedNotice } from './OrderVoid';
import { DISH_SEARCH_ID, ProductPicker } from './ProductPicker';
import { BasketBar, QuantityDialog, TillKeysHint, useTillKeys } from './TillParts';
import { useBasketSheet } from './BasketSheet';
import till from './till.module.css';

export type OrderEditActor = ActorRefFrom<typeof orderEditMachine>;

/**
 * /sale-order/{order_id} (doc 2 §2 "pick dishes, confirm order, open order summary", §4, §8, §9): the
 * dishes to pick on one side; on the other the order (what it already has, its customer and total)
 * and the basket of dishes to add, sent with "Confirm order" (a selecting order) or "Add dishes".
 * While an answer is unknown the basket is frozen and "Send again" repeats the same attempt. When a
 * payment waiting on the order locks its dishes (D214) the basket is kept and the screen says which
 * payment, with a way to cancel it (D216) before sending again. `voidSlot` (D301) is the way to void
 * the order, composed by the app; a voided order shows who voided it, when and why, and its dishes.
 */
export function OrderEditScreen({
  actor,
  listHref,
  payHref,
  voidSlot,
  lineBadge,
  localOrder = false,
}: {
  actor: OrderEditActor;
  listHref: string;
  payHref: string;
  voidSlot?: ReactNode;
  /** Beside each sent line: the kitchen's state of it (composed by the app, D326). */
  lineBadge?: (productId: number) => ReactNode;
  /** An order taken while the service could not be reached, still in the till's queue (D349). */
  localOrder?: boolean;
}) {
  const { t } = useTranslation(['orders', 'errors']);
  const loading = useSelector(actor, selectLoading);
  const voided = useSelector(actor, selectVoided);
  const failed = useSelector(actor, selectLoadFailed);
  const loadError = useSelector(actor, selectLoadError);
  const order = useSelector(actor, selectOrder);
  useTillKeys(actor, DISH_SEARCH_ID);
  const sheet = useBasketSheet();

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
  if (failed || !order) return <OrderLoadFailed back={back} loadError={loadError} onRetry={() => actor.send({ type: 'RETRY' })} />;

  if (voided) {
    return (
      <Stack gap="md" p="md" maw={640}>
        {back}
        <OrderEditHeader order={order} />
        <OrderVoidedNotice order={order} />
        <OrderLinesCard actor={actor} order={order} lineBadge={lineBadge} />
      </Stack>
    );
  }

  return (
    <Stack gap="md" p="md">
      {back}
      <OrderEditHeader order={order} />
      {localOrder ? <LocalOrderNotice /> : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 7, lg: 8 }}>
          <Paper withBorder p="sm" radius="md">
            <Stack gap="sm">
              <ProductPicker actor={actor} />
              <TillKeysHint />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5, lg: 4 }}>
          {/* D334: from 768 px the basket is a side panel that stays in view while the dishes scroll. */}
          <Stack gap="md" className={till.sidePanel} data-testid="order-side-panel">
            <OrderCustomerCard actor={actor} order={order} />
            <OrderLinesCard actor={actor} order={order} lineBadge={lineBadge} />
            <OrderBasket actor={actor} sheet={sheet} />
            <OrderPayButton actor={actor} payHref={payHref} />
            {voidSlot}
          </Stack>
        </Grid.Col>
      </Grid>
      <BasketBar actor={actor} sheet={sheet} />
      <OrderAddedDialog actor={actor} order={order} />
      <QuantityDialog actor={actor} />
      <CustomerDialog actor={actor} />
    </Stack>
  );
}

/** The order could not be read: why, and a retry. */
function OrderLoadFailed({
  back,
  loadError,
  onRetry,
}: {
  back: ReactNode;
  loadError: ReturnType<typeof selectLoadError>;
  onRetry: () => void;
}) {
  const { t } = useTranslation(['orders', 'errors']);
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
        onRetry={onRetry}
        testId="order-load-failed"
      />
    </Stack>
  );
}

/** A local order (D349): taken offline, waiting in the till's queue. */
function LocalOrderNotice() {
  const { t } = useTranslation('orders');
  return (
    <Alert color="orange" variant="light" data-testid="order-local-notice">
      {t('detail.localNotice')}
    </Alert>
  );
}

/** The order's code, its status and its table, above both columns. */
function OrderEditHeader({ order }: { order: Order }) {
  const { t } = useTranslation(['orders', 'errors']);
  return (
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
  );
}

/** The order's customer and the way to the customer dialog (doc 2 §4). */
function OrderCustomerCard({ actor, order }: { actor: OrderEditActor; order: Order }) {
  const { t } = useTranslation(['orders', 'errors']);
  return (
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
  );
}

/** The dishes the order already has and its total, as the service last sent them. */
function OrderLinesCard({
  actor,
  order,
  lineBadge,
}: {
  actor: OrderEditActor;
  order: Order;
  lineBadge?: (productId: number) => ReactNode;
}) {
  const { t } = useTranslation(['orders', 'errors']);
  const lines = useSelector(actor, selectLines);
  return (
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
                <Group gap="xs" wrap="wrap">
                  <Text size="sm">
                    {line.amount} × {line.name}
                  </Text>
                  {lineBadge?.(line.product_id)}
                </Group>
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
  );
}

/** "Pay": a link once the order may be paid, otherwise disabled with the reason beside it. */
function OrderPayButton({ actor, payHref }: { actor: OrderEditActor; payHref: string }) {
  const { t } = useTranslation(['orders', 'errors']);
  const canPay = useSelector(actor, selectCanPay);
  return (
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
  );
}

/** The pop-up after dishes were added: the order's new count and total. */
function OrderAddedDialog({ actor, order }: { actor: OrderEditActor; order: Order }) {
  const { t } = useTranslation(['orders', 'errors']);
  const added = useSelector(actor, selectAdded);
  return (
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
  );
}
