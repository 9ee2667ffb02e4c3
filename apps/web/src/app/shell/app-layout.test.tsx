import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSignedIn, REFRESH_KEY } from '../../lib/auth-storage';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { signInAs } from '../../test/session';
import { AppLayout } from './app-layout';

function renderShell() {
  return renderRoutes(
    [
      { path: '/', element: <AppLayout />, children: [{ index: true, element: <p>Home page</p> }] },
      { path: '/login', element: <p>Login page</p> },
    ],
    '/',
  );
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the shell’s Logout', () => {
  it('goes to /login signed out at once, while the server is still ending the sign-in', async () => {
    const user = signInAs('staff');
    localStorage.setItem(REFRESH_KEY, 'stored-refresh');
    // The blacklist never answers: Logout must not wait for it.
    const api = fakeApi({
      'GET /api/users/profile/': () => jsonResponse(200, user),
      'POST /api/users/token/blacklist/': () => new Promise<Response>(() => {}),
    });
    renderShell();
    await screen.findByText('Home page');

    await userEvent.click(screen.getAllByRole('button', { name: 'Logout' })[0] as HTMLElement);

    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(isSignedIn()).toBe(false);
    const calls = api.callsTo('POST /api/users/token/blacklist/');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ refresh: 'stored-refresh' });
  });

  it('signs out even when the network is down', async () => {
    const user = signInAs('manager');
    localStorage.setItem(REFRESH_KEY, 'stored-refresh');
    fakeApi({
      'GET /api/users/profile/': () => jsonResponse(200, user),
      'POST /api/users/token/blacklist/': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderShell();
    await screen.findByText('Home page');

    await userEvent.click(screen.getAllByRole('button', { name: 'Logout' })[0] as HTMLElement);

    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(isSignedIn()).toBe(false);
  });
});
