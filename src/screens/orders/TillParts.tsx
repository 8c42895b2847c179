import { useEffect } from 'react';
import { Button, Group, Modal, NumberInput, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectBasketCount, selectBasketEditable, selectBasketTotal, selectQuantity } from '../../machines/orders/selectors';
import { formatVnd } from '../../rules/vnd';
import { LINE_AMOUNT_MAX } from '../../services/orders/schemas';
import { SendBasketButton } from './OrderBasket';
import type { OrderEditActor } from './OrderEditScreen';
import { BASKET_PANEL_ID, type BasketSheet } from './BasketSheet';

/** Typing in a field (or a dialog holding the focus) keeps its keys: the till's keys are for the page. */
function typingSomewhere(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="dialog"]') !== null;
}

/**
 * The keys of a counter with a keyboard (D336): `/` goes to the dish search, + and − change the line
 * touched last; none of them while typing in a field. Enter in the search is the search's own.
 */
export function useTillKeys(actor: OrderEditActor, searchId: string) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typingSomewhere(e.target)) return;
      if (e.key === '/') {
        const search = document.getElementById(searchId);
        if (search) {
          e.preventDefault();
          search.focus();
        }
      } else if (e.key === '+' || e.key === '-' || e.key === '−') {
        e.preventDefault();
        actor.send({ type: 'BASKET.STEP', by: e.key === '+' ? 1 : -1 });
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [actor, searchId]);
}

/** The keys, said on the page in the page's language (D336). */
export function TillKeysHint() {
  const { t } = useTranslation(['orders']);
  return (
    <Text size="xs" c="gray.8" data-testid="order-keys-hint">
      <Text span size="xs" fw={600}>
        {t('edit.keysTitle')}:
      </Text>{' '}
      {t('edit.keysHint')}
    </Text>
  );
}

/** The quantity entry a long press (or Shift+Enter) on a dish opens (D335): 0..999, 0 takes it out. */
export function QuantityDialog({ actor }: { actor: OrderEditActor }) {
  const { t } = useTranslation(['orders']);
  const quantity = useSelector(actor, selectQuantity);
  const editable = useSelector(actor, selectBasketEditable);
  return (
    <Modal
      opened={quantity !== null}
      onClose={() => actor.send({ type: 'QUANTITY.CLOSE' })}
      title={quantity ? t('edit.quantityTitle', { name: quantity.product.name }) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('edit.quantityCancel') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'QUANTITY.SAVE' });
        }}
      >
        <Stack gap="sm">
          <NumberInput
            label={t('edit.quantityLabel')}
            description={t('edit.quantityHint')}
            value={quantity?.amount ?? ''}
            min={0}
            max={LINE_AMOUNT_MAX}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            size="md"
            data-autofocus
            onChange={(value) => actor.send({ type: 'QUANTITY.TYPE', amount: typeof value === 'number' ? value : '' })}
            data-testid="order-quantity-input"
          />
          <Group justify="flex-end">
            <Button h={44} variant="default" onClick={() => actor.send({ type: 'QUANTITY.CLOSE' })}>
              {t('edit.quantityCancel')}
            </Button>
            <Button h={44} type="submit" disabled={!editable || quantity?.amount === ''} data-testid="order-quantity-save">
              {t('edit.quantitySave')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * On a phone (below 768 px, D334) this bar stays at the bottom of the screen with the count and the
 * total and the send button, so sending is always one tap away; the count and total are the toggle
 * that opens the basket as a sheet above the bar and closes it again (D355).
 */
export function BasketBar({ actor, sheet }: { actor: OrderEditActor; sheet: BasketSheet }) {
  const { t } = useTranslation(['orders']);
  return (
    <Paper
      ref={sheet.barRef}
      hiddenFrom="sm"
      withBorder
      shadow="md"
      p="xs"
      style={{ position: 'sticky', bottom: 0, zIndex: 7 }}
      role="region"
      aria-label={t('edit.basketTitle')}
      data-testid="order-basket-bar"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <UnstyledButton
          ref={sheet.toggleRef}
          aria-expanded={sheet.open}
          aria-controls={BASKET_PANEL_ID}
          onClick={sheet.toggle}
          onKeyDown={sheet.onEscape}
          style={{ minHeight: 44, display: 'flex', alignItems: 'center', gap: 6, flex: 1, minWidth: 0 }}
          data-testid="order-sheet-toggle"
        >
          <BarSummary actor={actor} />
          <Text span size="sm" c="blue.9" aria-hidden>
            {sheet.open ? '▾' : '▴'}
          </Text>
          <Text span size="xs" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
            {sheet.open ? t('edit.sheetClose') : t('edit.sheetOpen')}
          </Text>
        </UnstyledButton>
        {/* The send button keeps its whole label; the summary wraps instead (D334). */}
        <SendBasketButton actor={actor} keepWhole />
      </Group>
    </Paper>
  );
}

/** The bar's count and total: the only part of it a tap on a dish draws again (D376). */
function BarSummary({ actor }: { actor: OrderEditActor }) {
  const { t } = useTranslation(['orders']);
  const count = useSelector(actor, selectBasketCount);
  const total = useSelector(actor, selectBasketTotal);
  return (
    <Text span size="sm" fw={600} c="blue.9" style={{ overflowWrap: 'anywhere' }}>
      {t('edit.sheetSummary', { count, total: formatVnd(total) })}
    </Text>
  );
}
