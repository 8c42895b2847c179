import { useState } from 'react';
import { Badge, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatVnd } from '../../rules/vnd';
import { useLongPress } from '../shared/use-long-press';

/** The first letters of a dish's first two words, for a dish without a picture (or whose picture fails). */
export const initialsOf = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => Array.from(w)[0] ?? '')
    .join('')
    .toLocaleUpperCase('vi');

/** What a tile shows of a dish: the order page's and the counter sale's products both have it (D354). */
export interface TileDish {
  product_id: number;
  name: string;
  price: number;
  img?: string | null;
}

export interface DishTileProps<D extends TileDish> {
  product: D;
  count: number;
  disabled: boolean;
  /** Called with the tile's dish: one callback for every tile, so a tile draws again only when its own props change. */
  onAdd: (product: D) => void;
  /** Without it (the counter sale has no quantity entry) a long press adds one like a tap. */
  onQuantity?: (product: D) => void;
}

/**
 * One dish as a tile (D334): its photo (a neutral block with its initials when it has none or the
 * picture fails, never a broken-image icon), its whole name on as many lines as it needs, its price
 * and how many the basket holds. A tap adds one; a long press or Shift+Enter opens the quantity entry
 * (D335). The accessible name says all of it, so the tile is one button for a screen reader too.
 * Its callbacks take the dish, so one callback serves every tile and the grid's memoised cells (D376)
 * draw again only the tile whose count changed.
 */
export function DishTile<D extends TileDish>({ product, count, disabled, onAdd, onQuantity }: DishTileProps<D>) {
  const { t } = useTranslation(['orders']);
  // Whether the browser could draw the picture is the page's own fact, not the order's: kept here.
  const [broken, setBroken] = useState(false);
  const press = useLongPress(
    () => onAdd(product),
    () => (onQuantity ?? onAdd)(product),
  );
  const price = formatVnd(product.price);
  const photo = product.img && !broken;

  return (
    <UnstyledButton
      {...(disabled ? {} : press)}
      disabled={disabled}
      aria-label={t(onQuantity ? 'edit.tileLabel' : 'edit.tileAddLabel', { name: product.name, price, count })}
      data-testid="order-dish"
      style={{
        display: 'flex',
        flexDirection: 'column',
        width: '100%',
        height: '100%',
        minHeight: 44,
        border: `1px solid var(--mantine-color-${count > 0 ? 'blue-7' : 'gray-4'})`,
        borderRadius: 8,
        overflow: 'hidden',
        background: 'var(--mantine-color-body)',
        touchAction: 'manipulation',
        userSelect: 'none',
        WebkitTouchCallout: 'none',
        position: 'relative',
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <div
        style={{ aspectRatio: '4 / 3', width: '100%', background: 'var(--mantine-color-gray-2)', display: 'grid', placeItems: 'center' }}
      >
        {photo ? (
          <img
            src={product.img!}
            alt=""
            loading="lazy"
            decoding="async"
            draggable={false}
            onError={() => setBroken(true)}
            style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            data-testid="order-dish-photo"
          />
        ) : (
          <Text aria-hidden fw={700} size="xl" c="gray.8" data-testid="order-dish-initials">
            {initialsOf(product.name)}
          </Text>
        )}
      </div>
      <div style={{ padding: '6px 8px', display: 'flex', flexDirection: 'column', gap: 2, flex: 1 }}>
        <Text size="sm" fw={600} lh={1.25} style={{ overflowWrap: 'anywhere' }} aria-hidden>
          {product.name}
        </Text>
        <Text size="sm" c="gray.8" aria-hidden>
          {price}
        </Text>
      </div>
      {count > 0 ? (
        <Badge aria-hidden size="lg" color="blue.8" style={{ position: 'absolute', top: 6, right: 6 }} data-testid="order-dish-count">
          {count}
        </Badge>
      ) : null}
    </UnstyledButton>
  );
}
