import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_KEY, USER_KEY } from '../../lib/auth-storage';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { testUser } from '../../test/users';
import { auditRoutes } from './routes';

function signInAs(role: 'admin' | 'manager' | 'staff' | 'ndf') {
  localStorage.setItem(ACCESS_KEY, 'token');
  localStorage.setItem(USER_KEY, JSON.stringify(testUser(1, { role })));
}

describe('audit log route', () => {
  it.each(['manager', 'staff', 'ndf'] as const)(
    'a %s opening /admin/audit sees the access-denied page and the API is not asked',
    async (role) => {
      signInAs(role);
      const api = fakeApi({});
      renderRoutes(auditRoutes, '/admin/audit');
      expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
      expect(api.calls.filter((c) => c.url.pathname.startsWith('/api/audit-events/'))).toHaveLength(0);
    },
  );

  it('an admin gets the audit log', async () => {
    signInAs('admin');
    fakeApi({
      'GET /api/audit-events/': () =>
        jsonResponse(200, { count: 0, next: null, previous: null, results: [] }),
    });
    renderRoutes(auditRoutes, '/admin/audit');
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeTruthy();
    expect(await screen.findByText('No events have been recorded yet.')).toBeTruthy();
  });
});
