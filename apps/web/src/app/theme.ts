import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * Text on light tints and outlines in the darkest shade of its color: Mantine's defaults (shade 6) fall
 * short of WCAG AA's 4.5:1 contrast for normal text, which axe checks in the end-to-end tests.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (!['light', 'subtle', 'outline', 'transparent'].includes(input.variant)) return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.color === 'dark') return colors;
  // Shade 9 mixed with black: light colors (orange, teal, yellow) are too pale even at shade 9.
  const text = `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 65%, black)`;
  return {
    ...colors,
    color: text,
    ...(input.variant === 'outline' ? { border: `1px solid ${text}` } : {}),
  };
};

/** Dimmed text one shade darker than Mantine's default, for the same reason. */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

// System fonts only: the Content-Security-Policy allows no external font hosts.
export const theme = createTheme({
  primaryColor: 'indigo',
  // Filled buttons with white text need shade 8 of indigo for 4.5:1.
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  variantColorResolver,
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // The close button's only content is an icon: give it a name for screen readers.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Toasts too: every notifications.show() gets a named close button without asking for it.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Mantine keeps its show-password toggle out of the tab order and unnamed; keyboard and
    // screen-reader users need it too (e2e/keyboard.spec.ts). It toggles with Space.
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { tabIndex: 0, 'aria-label': 'Show password' } },
    },
    Card: { defaultProps: { withBorder: true, shadow: 'xs' } },
    Paper: { defaultProps: { withBorder: true } },
  },
});

export { cssVariablesResolver };
