import { Button, DEFAULT_THEME } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { contrast, filledColorVariables, luminance } from './theme';

describe('the theme', () => {
  it("names a toast's close button for screen readers without each caller asking", async () => {
    renderRoutes([{ path: '*', element: <Button>Screen</Button> }], '/', { notifications: true });
    act(() => {
      notifications.show({ message: 'Entry "Họp giao ban" created.' });
    });
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('writes white or black on every filled color at 4.5:1 or more (WCAG AA), its hover too', () => {
    const overrides = filledColorVariables(DEFAULT_THEME.colors, 8);
    // The ones Mantine's shade 8 leaves short, and only those, are darkened.
    expect(Object.keys(overrides).filter((name) => name.endsWith('-filled'))).toEqual([
      '--mantine-color-cyan-filled',
      '--mantine-color-teal-filled',
      '--mantine-color-green-filled',
      '--mantine-color-orange-filled',
    ]);
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      for (const state of ['filled', 'filled-hover']) {
        const background = overrides[`--mantine-color-${name}-${state}`] ?? (shades[8] as string);
        // autoContrast's rule: black text on a background lighter than its threshold, else white.
        const text = luminance(background) > 0.3 ? '#000000' : '#ffffff';
        expect(contrast(text, background), `${name} ${state} ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
