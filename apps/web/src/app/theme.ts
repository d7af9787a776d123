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

export const theme = createTheme({
  primaryColor: 'ludo',
  primaryShade: { light: 7, dark: 4 },
  colors: { ludo },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  focusRing: 'auto',
  // Users who ask their system for less motion get menus, modals and notices without animation.
  respectReducedMotion: true,
  components: {
    Anchor: { defaultProps: { underline: 'always' } },
  },
});

/** Darker "dimmed" and error text than Mantine's defaults, for AA contrast on white. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-error': t.colors.red[9],
    '--mantine-color-placeholder': t.colors.gray[6],
  },
  dark: {},
});
