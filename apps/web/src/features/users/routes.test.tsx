import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_KEY, USER_KEY } from '../../lib/auth-storage';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { ROLE_NAMES, testUser } from '../../test/users';
import { usersRoutes } from './routes';

function signInAs(role: 'admin' | 'manager') {
  localStorage.setItem(ACCESS_KEY, 'token');
  localStorage.setItem(USER_KEY, JSON.stringify(testUser(1, { role })));
}

describe('user administration routes', () => {
  it.each(['/admin/users', '/admin/users/create', '/admin/users/3/edit'])(
    'a manager opening %s sees the not-allowed page and the API is not asked',
    async (path) => {
      signInAs('manager');
      const api = fakeApi({});
      renderRoutes(usersRoutes, path);
      expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
      expect(api.calls.filter((c) => c.url.pathname.startsWith('/api/users/users/'))).toHaveLength(0);
    },
  );

  it('an admin gets the screens', async () => {
    signInAs('admin');
    fakeApi({
      'GET /api/users/roles/': () => jsonResponse(200, ROLE_NAMES),
      'GET /api/users/users/': () => jsonResponse(200, { count: 0, next: null, previous: null, results: [] }),
    });
    renderRoutes(usersRoutes, '/admin/users');
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeTruthy();
  });
});
