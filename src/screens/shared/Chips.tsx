import { Badge, Group } from '@mantine/core';

/**
 * Chips that cycle four colours (doc 2 §3 Category, §9: "chips cycle four colours"), for categories
 * wherever they show (the category list, the product list and form, later orders). The colour
 * follows the item's id, not its place, so a category keeps its colour on every screen (D104). Dark
 * text on a pale ground, each pair above 4.5:1. The label is rendered as text.
 */

export const CHIP_COLOURS = [
  { background: '#e7f5ff', color: '#1864ab' },
  { background: '#ebfbee', color: '#1f6b30' },
  { background: '#fff4e6', color: '#9c3a00' },
  { background: '#f8f0fc', color: '#862e9c' },
] as const;

/** The colour slot (0–3) of an id; any integer, negative too. */
export const chipSlot = (id: number) =>
  (((Math.trunc(id) % CHIP_COLOURS.length) + CHIP_COLOURS.length) % CHIP_COLOURS.length) as 0 | 1 | 2 | 3;

export function Chip({ id, label }: { id: number; label: string }) {
  const slot = chipSlot(id);
  const { background, color } = CHIP_COLOURS[slot];
  return (
    <Badge
      radius="sm"
      tt="none"
      fw={600}
      maw="100%"
      data-chip-slot={slot}
      styles={{ root: { backgroundColor: background, color, border: 'none' }, label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
    >
      {label}
    </Badge>
  );
}

export function ChipList({ items, label }: { items: readonly { id: number; label: string }[]; label?: string }) {
  if (items.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" role="list" aria-label={label}>
      {items.map((item) => (
        <span role="listitem" key={item.id}>
          <Chip id={item.id} label={item.label} />
        </span>
      ))}
    </Group>
  );
}
