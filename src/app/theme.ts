import { createTheme, darken, defaultVariantColorsResolver, luminance, parseThemeColor, type VariantColorsResolver } from '@mantine/core';

/** WCAG 1.4.3 for body-size text. */
const AA = 4.5;

const contrast = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** `text`, darkened in 5 % steps until it reaches 4.5:1 on every one of `backgrounds`. */
export function readableOn(text: string, backgrounds: string[]): string {
  for (let step = 0; step <= 20; step += 1) {
    const candidate = step === 0 ? text : darken(text, step * 0.05);
    if (backgrounds.every((background) => contrast(candidate, background) >= AA)) return candidate;
  }
  return '#000000';
}

/**
 * The `light` variant (badges, alerts, light buttons) as the portal writes it: `color="orange.9"`
 * means a pale orange part whose text is orange 9. Mantine 9 reads an explicit shade as the
 * background instead, and keeps its text at shade 9, so an orange 9 badge was orange 9 on orange 9,
 * 1:1, invisible (and axe only lists 1:1 "to review"); its unshaded light parts (shade 1 behind
 * shade 9) are 3.6:1 for orange and 3.8:1 for green. Every light part is therefore tinted with shade 1
 * (shade 2 when hovered) and writes its text in the shade asked for (9 by default), darkened just
 * enough to reach 4.5:1 on both tints. A `subtle` part (no background until hovered, then shade 2)
 * gets the same text, readable on white and hovered: red 9 on red 2 was 3.8:1 (D223). The portal is
 * light-only, so the colours are literal.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (input.variant !== 'light' && input.variant !== 'subtle') return resolved;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  const shades = input.theme.colors[parsed.color];
  if (!parsed.isThemeColor || !shades) return resolved;
  const text = shades[parsed.shade ?? 9];
  const hover = shades[2];
  if (input.variant === 'subtle') return { ...resolved, hover, color: readableOn(text, ['#ffffff', hover]) };
  const background = shades[1];
  return { ...resolved, background, hover, color: readableOn(text, [background, hover]) };
};

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
  variantColorResolver,
  components: {
    Anchor: { defaultProps: { c: 'blue.8' } },
    // Mantine puts a focus placeholder (`role="presentation"`) first in every menu, and a `menu` may
    // hold only items and groups (ARIA 1.2, axe aria-required-children): CI found it on the language
    // and account menus. Without it, opening a menu focuses its first item, as the WAI-ARIA menu
    // button pattern asks.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A badge never cuts its words (D222): Mantine keeps it on one line and hides what does not fit,
    // so a table squeezing its status column cut "ĐANG CHỌN MÓN" short, and a sentence in a badge ran
    // past a phone's width. It wraps between words instead, growing taller, centred.
    Badge: {
      styles: {
        root: { overflow: 'visible', height: 'auto', minHeight: 'var(--badge-height)' },
        label: { overflow: 'visible', whiteSpace: 'normal', overflowWrap: 'break-word', textAlign: 'center' },
      },
    },
    // Segmented controls wrap a label between words instead of cutting the last segments off at
    // 375 px (D222): each segment takes its text's width, shrinks to its longest word at most, and
    // centres its lines.
    SegmentedControl: {
      styles: {
        control: { flex: '1 1 auto', display: 'flex' },
        label: { whiteSpace: 'normal', flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' },
      },
    },
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
