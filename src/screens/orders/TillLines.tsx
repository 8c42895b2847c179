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
 * One line: its dish and price, the way to take it out and its controls. Memoised, and so are its
 * parts (D376): with the page's callbacks stable and the basket's untouched lines the same objects, a
 * "+" or a new dish draws again only the line it changed, and of that line only its amount box.
 */
const TillLineItem = memo(function TillLineItem({
  line,
  editable,
  amountMax,
  noteMax,
  onStep,
  onAmount,
  onRemove,
  onNote,
  amountError,
}: Omit<Parameters<typeof TillLines>[0], 'lines' | 'testId'> & { line: TillLine }) {
  const { t } = useTranslation(['orders']);
  const { product_id: productId, name } = line;
  return (
    <Stack gap={4} component="li" data-testid="order-basket-line">
      <LineHead productId={productId} name={name} price={line.price} editable={editable} onRemove={onRemove} />
      {/* One line's − and +, its amount box and its note. */}
      <Group gap={6} wrap="nowrap" align="flex-start">
        <StepButton productId={productId} name={name} by={-1} editable={editable} onStep={onStep} />
        <NumberInput
          aria-label={t('edit.amountLabel', { name })}
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
          onChange={(value) => onAmount(productId, typeof value === 'number' ? value : '')}
          data-testid="order-basket-amount"
        />
        <StepButton productId={productId} name={name} by={1} editable={editable} onStep={onStep} />
        {onNote ? (
          <LineNote productId={productId} name={name} note={line.note ?? ''} noteMax={noteMax} editable={editable} onNote={onNote} />
        ) : null}
      </Group>
    </Stack>
  );
});

/** The line's dish and price, and the way to take it out. */
const LineHead = memo(function LineHead({
  productId,
  name,
  price,
  editable,
  onRemove,
}: {
  productId: number;
  name: string;
  price: number;
  editable: boolean;
  onRemove: (productId: number) => void;
}) {
  const { t } = useTranslation(['orders']);
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {name}
        <br />
        <Text span size="xs" c="gray.8">
          {formatVnd(price)}
        </Text>
      </Text>
      <Button
        size="compact-sm"
        variant="outline"
        color="red.9"
        h={44}
        disabled={!editable}
        aria-label={t('edit.removeLabel', { name })}
        onClick={() => onRemove(productId)}
      >
        {t('edit.remove')}
      </Button>
    </Group>
  );
});

/** − or + (44 px). */
const StepButton = memo(function StepButton({
  productId,
  name,
  by,
  editable,
  onStep,
}: {
  productId: number;
  name: string;
  by: 1 | -1;
  editable: boolean;
  onStep: (productId: number, by: 1 | -1) => void;
}) {
  const { t } = useTranslation(['orders']);
  return (
    <ActionIcon
      size={44}
      variant="default"
      disabled={!editable}
      aria-label={t(by === 1 ? 'edit.more' : 'edit.less', { name })}
      onClick={() => onStep(productId, by)}
      data-testid={by === 1 ? 'order-basket-more' : 'order-basket-less'}
    >
      {by === 1 ? '+' : '−'}
    </ActionIcon>
  );
});

/** The line's note for the kitchen (D333). */
const LineNote = memo(function LineNote({
  productId,
  name,
  note,
  noteMax,
  editable,
  onNote,
}: {
  productId: number;
  name: string;
  note: string;
  noteMax?: number;
  editable: boolean;
  onNote: (productId: number, note: string) => void;
}) {
  const { t } = useTranslation(['orders']);
  return (
    <TextInput
      style={NOTE_STYLE}
      size="md"
      aria-label={t('edit.noteLabel', { name })}
      placeholder={t('edit.notePlaceholder')}
      value={note}
      maxLength={noteMax}
      disabled={!editable}
      onChange={(e) => onNote(productId, e.currentTarget.value)}
      data-testid="order-basket-note"
    />
  );
});

const NOTE_STYLE = { flex: 1, minWidth: 0 } as const;
