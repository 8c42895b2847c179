import { createTheme } from '@mantine/core';

/**
 * Shade 8 of blue (#1971c2) is the lightest that keeps white-on-blue buttons and blue-on-white links
 * above the 4.5:1 AA contrast; Mantine's default shade 6 does not.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  focusRing: 'auto',
  components: {
    Anchor: { defaultProps: { c: 'blue.8' } },
  },
});

/**
 * Mantine's error text (red.6) and dimmed text (gray.6) fall below 4.5:1 on white; darker shades
 * keep every message readable (WCAG 1.4.3).
 */
export const cssVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
