import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme.ts';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** `hex` at 10 % over white: the background of Mantine's "light" variants. */
function tint(hex: string): string {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `#${channels
    .map((c) =>
      Math.round(c * 0.1 + 255 * 0.9)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const shade =
  typeof merged.primaryShade === 'number' ? merged.primaryShade : merged.primaryShade.light;
// Every colour the app gives buttons, badges, alerts or text.
const usedColors = ['ludo', 'red', 'green', 'teal', 'orange', 'yellow'] as const;

describe('theme colours (WCAG AA, 4.5:1 for normal text)', () => {
  it.each(usedColors)('%s: filled, light, subtle and outline variants are readable', (name) => {
    const palette: readonly string[] = merged.colors[name]!;
    const main = palette[shade]!;
    expect(contrast(main, '#ffffff'), 'texto blanco sobre relleno').toBeGreaterThanOrEqual(4.5);
    expect(contrast(main, tint(main)), 'texto sobre fondo claro').toBeGreaterThanOrEqual(4.5);
    // `color="red.9"` on a light variant writes its text in shade 6.
    for (const s of [6, 7, 8, 9]) {
      expect(contrast(palette[s]!, '#ffffff'), `tono ${s}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('placeholders, dimmed text and errors are readable on white', () => {
    const light: Record<string, string> = cssVariablesResolver(merged).light;
    for (const variable of [
      '--mantine-color-placeholder',
      '--mantine-color-dimmed',
      '--mantine-color-error',
    ]) {
      expect(contrast(light[variable]!, '#ffffff'), variable).toBeGreaterThanOrEqual(4.5);
    }
  });
});
