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

/** The shade of a color that filled surfaces use (theme.primaryShade). */
const FILLED_SHADE = 8;

/** WCAG's relative luminance of a #rrggbb color. */
export function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(value >> 16) + 0.7152 * channel((value >> 8) & 255) + 0.0722 * channel(value & 255);
}

/** WCAG's contrast ratio of two #rrggbb colors. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A #rrggbb color mixed with black: `keep` of it (0–1). */
function darken(hex: string, keep: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `#${[value >> 16, (value >> 8) & 255, value & 255]
    .map((c) =>
      Math.round(c * keep)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * Filled surfaces (buttons, badges, alerts) of the colors whose shade 8 is too light for white text:
 * autoContrast keeps white on them (they are darker than its threshold), but cyan, teal, green and
 * orange fall short of 4.5:1 (3.45 for green, 3.58 for orange: axe failed the stock page's
 * 'LIVE · DEMO' badge). Each such color's filled shade is darkened until white text passes, and its
 * hover a step further. The other colors keep Mantine's shades.
 */
export function filledColorVariables(colors: Record<string, readonly string[]>, shade: number) {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    const filled = shades[shade];
    // Light enough that autoContrast writes black on it (Mantine's threshold), or white passes already.
    if (!filled || luminance(filled) > 0.3 || contrast('#ffffff', filled) >= 4.5) continue;
    let keep = 1;
    while (contrast('#ffffff', darken(filled, keep)) < 4.6) keep -= 0.02;
    variables[`--mantine-color-${name}-filled`] = darken(filled, keep);
    variables[`--mantine-color-${name}-filled-hover`] = darken(filled, keep - 0.1);
  }
  return variables;
}

/** Dimmed text one shade darker than Mantine's default, for the same reason; filled colors that pass. */
const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...filledColorVariables(resolved.colors, FILLED_SHADE),
  },
  dark: {},
});

// System fonts only: the Content-Security-Policy allows no external font hosts.
export const theme = createTheme({
  primaryColor: 'indigo',
  // Filled buttons with white text need shade 8 of indigo for 4.5:1.
  primaryShade: { light: FILLED_SHADE, dark: FILLED_SHADE },
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
