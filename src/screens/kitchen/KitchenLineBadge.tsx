import { Badge } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { DONE_FILL } from './KitchenBoard';
import { selectKitchenState, type orderKitchenMachine } from '../../machines/kitchen/orderKitchen.machine';

export type OrderKitchenActor = ActorRefFrom<typeof orderKitchenMachine>;

/** Beside a line of the cashier's order: "Đã xong"/"Done" once the kitchen finished all of it, else "in the kitchen" (D326). */
export function KitchenLineBadge({ actor, productId }: { actor: OrderKitchenActor; productId: number }) {
  const { t } = useTranslation('kitchen');
  const state = useSelector(actor, (s) => selectKitchenState(s, productId));
  if (state === null) return null;
  return (
    <Badge color={state === 'DONE' ? DONE_FILL : 'gray.8'} data-testid="order-line-kitchen" data-state={state}>
      {state === 'DONE' ? t('cashier.done') : t('cashier.waiting')}
    </Badge>
  );
}
