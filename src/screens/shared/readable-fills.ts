/**
 * Badge and chip fills that keep white 11–13 px bold text above 4.5:1 (WCAG 1.4.3). Mantine's darkest
 * shades fall short with white: green.9 gives 4.36:1, orange.9 4.3:1. One place for them, so a
 * "connected" or "done" badge reads the same on every screen.
 */
export const READABLE_FILL = {
  /** Done, connected, online: 6.1:1 with white. */
  green: '#237032',
  /** Lost, waiting too long: 7.0:1 with white. */
  orange: '#9c3a00',
} as const;
