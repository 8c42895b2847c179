import { DEFAULT_THEME, defaultVariantColorsResolver, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const ratio = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

describe('theme: light parts (D223)', () => {
  it('issue 24 §6: a light badge of every colour and shade the portal can ask for has text at 4.5:1 on its tint, hovered or not', () => {
    for (const color of Object.keys(full.colors)) {
      for (const shade of [undefined, 5, 6, 7, 8, 9]) {
        const asked = shade === undefined ? color : `${color}.${shade}`;
        const look = full.variantColorResolver({ color: asked, theme: full, variant: 'light' });
        expect(ratio(look.color, look.background), `${asked} on its tint`).toBeGreaterThanOrEqual(4.5);
        expect(ratio(look.color, look.hover), `${asked} hovered`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('issue 24 §6: a subtle button of every colour has text at 4.5:1 on white and hovered (red 9 on red 2 was 3.8:1)', () => {
    for (const color of Object.keys(full.colors)) {
      for (const shade of [undefined, 7, 8, 9]) {
        const asked = shade === undefined ? color : `${color}.${shade}`;
        const look = full.variantColorResolver({ color: asked, theme: full, variant: 'subtle' });
        expect(look.background, asked).toBe('transparent');
        expect(ratio(look.color, '#ffffff'), `${asked} on white`).toBeGreaterThanOrEqual(4.5);
        expect(ratio(look.color, look.hover), `${asked} hovered`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('issue 24 §6: an orange 9 order badge is pale orange with dark orange text, no longer orange 9 on orange 9', () => {
    const look = full.variantColorResolver({ color: 'orange.9', theme: full, variant: 'light' });
    expect(look.background).toBe(full.colors.orange[1]);
    expect(look.color).not.toBe(look.background);
  });

  it('leaves the other variants as Mantine draws them', () => {
    for (const variant of ['filled', 'outline', 'default', 'white', 'transparent']) {
      const input = { color: 'green.9', theme: full, variant };
      expect(full.variantColorResolver(input)).toEqual(defaultVariantColorsResolver(input));
    }
  });
});
