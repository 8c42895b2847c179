import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

const LOOK = {
  open: { variant: 'light' },
  edit: { variant: 'default' },
  // Outline with the dark shade: the light red of a subtle button is below 4.5:1 on striped rows.
  delete: { variant: 'outline', color: 'red.9' },
} as const;

/**
 * One button of a list row's actions column, the same look in every list: `open` (detail, verify),
 * `edit` (a link when `to` is given) and `delete`. `label` is the accessible name, which names the
 * row ("Delete store Phố Cổ"); the visible text stays short.
 */
export function RowButton({
  kind,
  label,
  children,
  onClick,
  to,
  disabled,
}: {
  kind: keyof typeof LOOK;
  label: string;
  children: ReactNode;
  onClick?: () => void;
  to?: string;
  disabled?: boolean;
}) {
  const common = { size: 'compact-sm', 'aria-label': label, disabled, ...LOOK[kind] } as const;
  return to ? (
    <Button {...common} component={Link} to={to}>
      {children}
    </Button>
  ) : (
    <Button {...common} onClick={onClick}>
      {children}
    </Button>
  );
}

/** The actions column's cell: its buttons side by side, never wrapped. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {children}
    </Group>
  );
}
