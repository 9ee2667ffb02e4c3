import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';

describe('the theme', () => {
  it("names a toast's close button for screen readers without each caller asking", async () => {
    renderRoutes([{ path: '*', element: <Button>Screen</Button> }], '/', { notifications: true });
    act(() => {
      notifications.show({ message: 'Entry "Họp giao ban" created.' });
    });
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
