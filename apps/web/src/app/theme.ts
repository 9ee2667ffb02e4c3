import { createTheme } from '@mantine/core';

// System fonts only: the Content-Security-Policy allows no external font hosts.
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Card: { defaultProps: { withBorder: true, shadow: 'xs' } },
    Paper: { defaultProps: { withBorder: true } },
  },
});
