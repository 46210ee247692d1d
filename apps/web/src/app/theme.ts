import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from '@mantine/core';
import { turkishOptionsFilter } from '../lib/forms/select-options.ts';
import { darkenToContrast, readablePalette } from './contrast.ts';
import dropdownClasses from './dropdown.module.css';
import focusClasses from './focus-ring.module.css';
import { PasswordToggleIcon } from './password-toggle.tsx';

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

const gray = DEFAULT_THEME.colors.gray;
/** The page (gray.0) and a table's hover or stripe (gray.1): text sits on these as well as on white. */
const SURFACES = [gray[0], gray[1]];

/**
 * Every palette with shades 8 and 9 dark enough for WCAG 2.2 AA (docs/accessibility.md): filled
 * buttons and badges, coloured text and light badges read at 4.5:1. 'dark' serves the dark scheme only.
 */
const readableColors = Object.fromEntries(
  Object.entries({ ...DEFAULT_THEME.colors, mandira })
    .filter(([name]) => name !== 'dark')
    .map(([name, palette]) => [name, readablePalette(palette, SURFACES)]),
);

/**
 * Mantine's 'dimmed' (gray.6) is 3.3:1 on white: this is the same grey, dark enough for 4.5:1 on the
 * page and on every light tint (shade 1) that a changed row, a light badge or an alert puts behind it.
 * Placeholders take it too: a date field's placeholder is text axe measures.
 */
const DIMMED = darkenToContrast(gray[6], [
  '#ffffff',
  ...SURFACES,
  ...Object.values(readableColors).map((palette) => palette[1]),
]);

/** Handed to MantineProvider: the variables the theme object cannot set. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED, '--mantine-color-placeholder': DIMMED },
  dark: {},
});

/**
 * A dropdown's long list scrolls in its own listbox, which the input controls by the arrow keys,
 * instead of in a scroll area around it that neither Tab nor the arrows reach (WCAG 2.1.1).
 */
const LISTBOX_SCROLLS = { options: dropdownClasses.options };

/** The name a screen reader gives the × of every modal, drawer and notification. */
const CLOSE_LABEL = 'Kapat';

export const theme = createTheme({
  primaryColor: 'mandira',
  primaryShade: { light: 8, dark: 6 },
  colors: readableColors,
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '600' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Buttons, links and menu entries show a 2 px ring when reached by keyboard; inputs get theirs below.
  focusRing: 'auto',
  components: {
    Modal: {
      defaultProps: {
        centered: true,
        overlayProps: { backgroundOpacity: 0.45, blur: 2 },
        closeButtonProps: { 'aria-label': CLOSE_LABEL },
      },
      styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE_LABEL } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Bildirimi kapat' } } },
    Tooltip: { defaultProps: { withArrow: true } },
    Badge: { defaultProps: { radius: 'sm' } },
    // A 2 px ring on every text field, select and date field, not only a border that changes colour.
    Input: { classNames: { input: focusClasses.input } },
    // Every dropdown's search finds 'Kızılay' for 'kizilay' (lib/forms/select-options.ts).
    Select: {
      defaultProps: {
        filter: turkishOptionsFilter,
        clearButtonProps: { 'aria-label': 'Seçimi temizle' },
        withScrollArea: false,
      },
      classNames: LISTBOX_SCROLLS,
    },
    MultiSelect: {
      defaultProps: {
        filter: turkishOptionsFilter,
        clearButtonProps: { 'aria-label': 'Seçimi temizle' },
        withScrollArea: false,
      },
      classNames: LISTBOX_SCROLLS,
    },
    Autocomplete: {
      defaultProps: { filter: turkishOptionsFilter, withScrollArea: false },
      classNames: LISTBOX_SCROLLS,
    },
    DateInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Tarihi temizle' } } },
    DatePickerInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Tarihi temizle' } } },
    // The eye is reached by Tab like any button and named by what it does now ('Şifreyi göster' or
    // 'Şifreyi gizle', from its icon); that name says the state, so no aria-pressed beside it.
    PasswordInput: {
      defaultProps: {
        visibilityToggleFocusable: true,
        visibilityToggleIcon: PasswordToggleIcon,
        visibilityToggleButtonProps: { 'aria-label': undefined, 'aria-pressed': undefined },
      },
    },
  },
});
