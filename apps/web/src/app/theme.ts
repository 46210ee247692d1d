import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { turkishOptionsFilter } from '../lib/forms/select-options.ts';

/** A calm dairy teal: readable on white, not loud in a table full of badges. */
const mandira: MantineColorsTuple = [
  '#e5f7f4',
  '#d3ede8',
  '#a8d9d0',
  '#79c4b6',
  '#52b2a0',
  '#39a793',
  '#2aa18c',
  '#188c79',
  '#007d6b',
  '#006c5c',
];

export const theme = createTheme({
  primaryColor: 'mandira',
  primaryShade: { light: 8, dark: 6 },
  colors: { mandira },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '600' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Modal: {
      defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 } },
      styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    Tooltip: { defaultProps: { withArrow: true } },
    Badge: { defaultProps: { radius: 'sm' } },
    // Every dropdown's search finds 'Kızılay' for 'kizilay' (lib/forms/select-options.ts).
    Select: { defaultProps: { filter: turkishOptionsFilter } },
    MultiSelect: { defaultProps: { filter: turkishOptionsFilter } },
    Autocomplete: { defaultProps: { filter: turkishOptionsFilter } },
  },
});
