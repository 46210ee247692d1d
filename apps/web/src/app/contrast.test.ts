import { DEFAULT_THEME, luminance, type MantineColorsTuple } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA_TEXT_CONTRAST, contrastRatio, darkenToContrast, readablePalette } from './contrast.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const WHITE = '#ffffff';
const [PAGE, STRIPE] = [DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]];

describe('contrast', () => {
  it('measures as WCAG does: black on white 21:1, Mantine dimmed on the page 3.2:1', () => {
    expect(contrastRatio('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', PAGE)).toBeCloseTo(3.15, 1);
  });

  it('darkens only as far as the ratio asks, keeping a colour that already reads', () => {
    expect(darkenToContrast('#1971c2', [WHITE])).toBe('#1971c2');
    const teal = darkenToContrast('#099268', [WHITE, STRIPE]);
    expect(contrastRatio(teal, STRIPE)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio(teal, STRIPE)).toBeLessThan(5.2);
  });

  it('gives a palette shade 9 darker than shade 8 even when 8 had to darken past it', () => {
    const flat = ['#fff', '#eee', '#ddd', '#ccc', '#bbb', '#aaa', '#999', '#888', '#777', '#777'];
    const readable = readablePalette(flat as unknown as MantineColorsTuple, [PAGE]);
    expect(luminance(readable[9])).toBeLessThan(luminance(readable[8]));
  });
});

describe('the theme', () => {
  const palettes = Object.entries(theme.colors ?? {}) as [string, MantineColorsTuple][];

  it.each(palettes)(
    'reads %s at AA: filled under white text, as text on the page, light badges',
    (_, palette) => {
      for (const surface of [WHITE, PAGE, STRIPE]) {
        expect(contrastRatio(palette[8], surface)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      }
      for (const badge of [WHITE, palette[1], palette[2]]) {
        expect(contrastRatio(palette[9], badge)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      }
    },
  );

  it('dims text no lighter than 4.5:1 on the page and a table stripe', () => {
    const dimmed = cssVariablesResolver(theme as never).light['--mantine-color-dimmed']!;
    for (const surface of [WHITE, PAGE, STRIPE]) {
      expect(contrastRatio(dimmed, surface)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });
});
