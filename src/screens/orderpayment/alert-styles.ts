/**
 * Mantine's light alerts write their title and text in the alert's own colour (green 9, yellow 9…),
 * which falls below 4.5:1 on their tinted background (axe color-contrast); black text keeps the tint.
 */
export const READABLE_ALERT = {
  title: { color: 'var(--mantine-color-black)' },
  message: { color: 'var(--mantine-color-black)' },
} as const;
