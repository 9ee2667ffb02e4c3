import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSignedIn, REFRESH_KEY } from '../../lib/auth-storage';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { signedInUser, signInAs } from '../../test/session';
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

function renderShellAt(path: string) {
  return renderRoutes(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/diary', element: <p>Diary page</p> },
          { path: '/admin/users', element: <p>Users page</p> },
          { path: '/change-password', element: <p>Change password page</p> },
        ],
      },
    ],
    path,
  );
}

describe('AppLayout and a password that must be changed', { timeout: 20_000 }, () => {
  it.each(['/diary', '/admin/users'])('sends %s to /change-password while the flag is set', async (path) => {
    signInAs('admin', { must_change_password: true });
    fakeApi({
      'GET /api/users/profile/': () =>
        jsonResponse(200, signedInUser('admin', { must_change_password: true })),
    });
    const { router } = renderShellAt(path);
    expect(await screen.findByText('Change password page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/change-password');
    expect(screen.queryByText('Diary page')).toBeNull();
  });

  it('follows the loaded profile when the stored copy is out of date', async () => {
    signInAs('admin');
    fakeApi({
      'GET /api/users/profile/': () =>
        jsonResponse(200, signedInUser('admin', { must_change_password: true })),
    });
    const { router } = renderShellAt('/diary');
    await waitFor(() => expect(router.state.location.pathname).toBe('/change-password'));
    expect(await screen.findByText('Change password page')).toBeTruthy();
  });

  it('lets every route open once the password was chosen', async () => {
    signInAs('admin');
    const api = fakeApi({ 'GET /api/users/profile/': () => jsonResponse(200, signedInUser('admin')) });
    const { router } = renderShellAt('/diary');
    expect(await screen.findByText('Diary page')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET /api/users/profile/')).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/diary');
  });
});
