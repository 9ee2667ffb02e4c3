// Every load error says what happened in words and always offers to try again, in the screen's language.

import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { LoadErrorAlert } from './load-error-alert';

function show(error: unknown, lang?: 'en' | 'vi') {
  const onRetry = vi.fn();
  render(
    <MantineProvider>
      <LoadErrorAlert title="Could not load users." error={error} onRetry={onRetry} lang={lang} />
    </MantineProvider>,
  );
  return onRetry;
}

describe('LoadErrorAlert', () => {
  it("offers 'Try again' on an English screen, and calls the retry", () => {
    const onRetry = show(new TypeError('Failed to fetch'));
    expect(screen.getByRole('alert').textContent).toContain(
      'Could not reach the server. Check your connection and try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("offers 'Thử lại' on a Vietnamese screen, the reason in Vietnamese", () => {
    show(new ApiError(503, { detail: 'upstream connect error' }), 'vi');
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Máy chủ gặp lỗi (mã 503).');
  });

  it("says a server failure in words, never its body; a refusal by the server's reason", () => {
    show(new ApiError(500, { detail: 'Traceback: KeyError' }));
    expect(screen.getByRole('alert').textContent).toContain('The server failed (error 500).');
    expect(screen.getByRole('alert').textContent).not.toContain('Traceback');
  });

  it("gives a refusal's reason", () => {
    show(new ApiError(403, { detail: 'You do not have permission to perform this action.' }));
    expect(screen.getByText('You do not have permission to perform this action.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
