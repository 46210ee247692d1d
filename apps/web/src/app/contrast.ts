import { luminance, type MantineColorsTuple } from '@mantine/core';

/** WCAG 2.2 AA (1.4.3): text of normal size needs 4.5:1 against what lies behind it. */
export const AA_TEXT_CONTRAST = 4.5;

/** The contrast ratio of two colours, 1 to 21, as WCAG defines it. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function hexChannels(color: string): [number, number, number] {
  const hex = color.replace('#', '');
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
}

function toHex(channels: readonly number[]): string {
  return `#${channels.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The colour (a hex), darkened in small steps until it reads at `ratio` against every background:
 * the same hue, only as dark as it must be.
 */
export function darkenToContrast(
  color: string,
  backgrounds: readonly string[],
  ratio = AA_TEXT_CONTRAST,
): string {
  const channels = hexChannels(color);
  for (let step = 0; step <= 50; step++) {
    const candidate = toHex(channels.map((channel) => channel * (1 - step * 0.02)));
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= ratio)) return candidate;
  }
  return '#000000';
}

/**
 * A Mantine palette whose two darkest shades read at AA, the rest as they are. With `primaryShade` 8,
 * shade 8 is a filled button or badge under white text, the outline colour and `c="teal"` text on
 * the white and gray.0/gray.1 surfaces; shade 9 is the filled hover and the text of a light badge on
 * shades 1 and 2 (its hover). Mantine's own 8 and 9 miss this for most hues (white on teal.8 is 3.9:1).
 */
export function readablePalette(
  palette: MantineColorsTuple,
  surfaces: readonly string[],
): MantineColorsTuple {
  const filled = darkenToContrast(palette[8], ['#ffffff', ...surfaces]);
  // Shade 9 stays darker than 8, or a filled button would lighten under the pointer.
  const hoverBase = luminance(palette[9]) < luminance(filled) ? palette[9] : filled;
  const darker = darkenToContrast(hoverBase, [filled], 1.15);
  const nine = darkenToContrast(darker, ['#ffffff', palette[1], palette[2]]);
  return [...palette.slice(0, 8), filled, nine] as unknown as MantineColorsTuple;
}
