import { es } from '@ludoterm/contract/messages/es';
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// A deep indigo whose shades 6–9 keep at least 4.5:1 against white (WCAG AA), so filled
// buttons, links and "light" variants stay readable.
const ludo: MantineColorsTuple = [
  '#eef1fb',
  '#dbe1f4',
  '#b4c1e8',
  '#8b9fdc',
  '#6982d2',
  '#5470cc',
  '#3f5bb8',
  '#334ca1',
  '#2b4190',
  '#1f337a',
];

/**
 * Mantine's status colours keep their pale shades 0–5 (backgrounds), but shades 6–9 are
 * darker than Mantine's: red, green, teal, orange and yellow text, badges and buttons must
 * keep 4.5:1 on white and on their own pale "light" background (theme.test.ts checks it).
 */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#c92a2a',
  '#b02525',
  '#961f1f',
  '#7d1a1a',
];
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#237a35',
  '#1d6b2e',
  '#175a26',
  '#124a1f',
];
const teal: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#0b7656',
  '#09684c',
  '#075840',
  '#054834',
];
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#b8470b',
  '#a13d09',
  '#883307',
  '#6f2a06',
];
const yellow: MantineColorsTuple = [
  '#fff9db',
  '#fff3bf',
  '#ffec99',
  '#ffe066',
  '#ffd43b',
  '#fcc419',
  '#946005',
  '#825404',
  '#6e4703',
  '#5a3a02',
];

export const theme = createTheme({
  primaryColor: 'ludo',
  primaryShade: { light: 7, dark: 4 },
  colors: { ludo, red, green, teal, orange, yellow },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  focusRing: 'auto',
  // Users who ask their system for less motion get menus, modals and notices without animation.
  respectReducedMotion: true,
  components: {
    Anchor: { defaultProps: { underline: 'always' } },
    // Square corners: with the default 'md' radius a small checkbox reads as a radio button.
    Checkbox: { defaultProps: { radius: 'xs' } },
    // A loader labelled "Cargando..." needs a role for its label to be allowed and read out.
    Loader: { defaultProps: { role: 'status' } },
    // A drop zone's hidden file input is a form field too: it needs a name.
    Dropzone: { defaultProps: { inputProps: { 'aria-label': es.app.chooseFile } } },
    // Every toast's close button has a name, whoever shows the toast.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': es.app.closeNotice } } },
  },
});

/** Darker "dimmed" and error text than Mantine's defaults, for AA contrast on white. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-error': t.colors.red[9],
    // Mantine's gray.6 gives 3.3:1; a file input shows its placeholder as real text.
    '--mantine-color-placeholder': '#6c757d',
  },
  dark: {},
});
