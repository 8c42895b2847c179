import { memo } from 'react';
import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import './styles';
import { useTranslation } from 'react-i18next';
import { formatVnd } from '../../rules/vnd';

/** A basket line as the till draws it: the order page's basket and the counter sale's lines alike (D354). */
export interface TillLine {
  product_id: number;
  name: string;
  price: number;
  /** '' while the amount box is empty. */
  amount: number | '';
  note?: string;
}

/**
 * The till's basket lines (D333, D335), drawn from props so that the order page and the counter sale
 * show the same ones (D354): each dish with − and + (44 px), its amount to type (0..max), a way to take
 * it out and, where the page keeps one, its note for the kitchen.
 */
export function TillLines({
  lines,
  editable,
  amountMax,
  noteMax,
  onStep,
  onAmount,
  onRemove,
  onNote,
  amountError,
  testId,
}: {
  lines: readonly TillLine[];
  editable: boolean;
  amountMax: number;
  noteMax?: number;
  onStep: (productId: number, by: 1 | -1) => void;
  onAmount: (productId: number, amount: number | '') => void;
  onRemove: (productId: number) => void;
  /** The note per line; without it the lines have none. */
  onNote?: (productId: number, note: string) => void;
  /** A line's amount problem to show under its box (the counter sale's, after Submit). */
  amountError?: (line: TillLine) => string | undefined;
  testId: string;
}) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid={testId}>
      {lines.map((line) => (
        <TillLineItem
          key={line.product_id}
          line={line}
          editable={editable}
          amountMax={amountMax}
          noteMax={noteMax}
          onStep={onStep}
          onAmount={onAmount}
          onRemove={onRemove}
          onNote={onNote}
          amountError={amountError}
        />
      ))}
    </Stack>
  );
}

/**
 * One line: its dish and price, the way to take it out and its controls. Memoised (D376): with the
 * page's callbacks stable and the basket's untouched lines the same objects, a "+" or a new dish draws
 * again only the line it changed.
 */
const TillLineItem = memo(function TillLineItem({
  line,
  onRemove,
  ...controls
}: LineControlsProps & Pick<Parameters<typeof TillLines>[0], 'onRemove'>) {
  const { t } = useTranslation(['orders']);
  return (
    <Stack gap={4} component="li" data-testid="order-basket-line">
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
          disabled={!controls.editable}
          aria-label={t('edit.removeLabel', { name: line.name })}
          onClick={() => onRemove(line.product_id)}
        >
          {t('edit.remove')}
        </Button>
      </Group>
      <LineControls line={line} {...controls} />
    </Stack>
  );
});

type LineControlsProps = Pick<
  Parameters<typeof TillLines>[0],
  'editable' | 'amountMax' | 'noteMax' | 'onStep' | 'onAmount' | 'onNote' | 'amountError'
> & { line: TillLine };

/** One line's − and +, its amount box and its note. */
function LineControls({ line, editable, amountMax, noteMax, onStep, onAmount, onNote, amountError }: LineControlsProps) {
  const { t } = useTranslation(['orders']);
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <ActionIcon
        size={44}
        variant="default"
        disabled={!editable}
        aria-label={t('edit.less', { name: line.name })}
        onClick={() => onStep(line.product_id, -1)}
        data-testid="order-basket-less"
      >
        −
      </ActionIcon>
      <NumberInput
        aria-label={t('edit.amountLabel', { name: line.name })}
        value={line.amount}
        min={0}
        max={amountMax}
        clampBehavior="strict"
        allowDecimal={false}
        allowNegative={false}
        hideControls
        disabled={!editable}
        w={72}
        size="md"
        error={amountError?.(line)}
        onChange={(value) => onAmount(line.product_id, typeof value === 'number' ? value : '')}
        data-testid="order-basket-amount"
      />
      <ActionIcon
        size={44}
        variant="default"
        disabled={!editable}
        aria-label={t('edit.more', { name: line.name })}
        onClick={() => onStep(line.product_id, 1)}
        data-testid="order-basket-more"
      >
        +
      </ActionIcon>
      {onNote ? (
        <TextInput
          style={{ flex: 1, minWidth: 0 }}
          size="md"
          aria-label={t('edit.noteLabel', { name: line.name })}
          placeholder={t('edit.notePlaceholder')}
          value={line.note ?? ''}
          maxLength={noteMax}
          disabled={!editable}
          onChange={(e) => onNote(line.product_id, e.currentTarget.value)}
          data-testid="order-basket-note"
        />
      ) : null}
    </Group>
  );
}
