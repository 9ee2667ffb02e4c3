import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { signedInUser, signInAs } from '../../test/session';
import { AppLayout } from './app-layout';

function renderShell(path: string) {
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
    const { router } = renderShell(path);
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
    const { router } = renderShell('/diary');
    await waitFor(() => expect(router.state.location.pathname).toBe('/change-password'));
    expect(await screen.findByText('Change password page')).toBeTruthy();
  });

  it('lets every route open once the password was chosen', async () => {
    signInAs('admin');
    const api = fakeApi({ 'GET /api/users/profile/': () => jsonResponse(200, signedInUser('admin')) });
    const { router } = renderShell('/diary');
    expect(await screen.findByText('Diary page')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET /api/users/profile/')).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/diary');
  });
});
