import type { Role } from '@staff/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { signInAs as storeSession } from '../../test/session';
import { diaryRoutes } from './routes';

function signInAs(role: Role) {
  const user = storeSession(role);
  fakeApi({
    'GET /api/users/profile/': () => jsonResponse(200, user),
    'GET /api/diaries/diaries/': () => jsonResponse(200, [{ id: 3, title: user.email, user: 1 }]),
    'GET /api/diaries/categories/': () => jsonResponse(200, []),
    'GET /api/diaries/3/entries/': () => jsonResponse(200, []),
    'GET /api/diaries/9/entries/': () => jsonResponse(404, { detail: 'Not found.' }),
  });
}

describe('diary routes', { timeout: 20_000 }, () => {
  it('sends staff from /diary straight to their entries, without the sub-menu', async () => {
    signInAs('staff');
    const { router } = renderRoutes(diaryRoutes, '/diary');
    expect(await screen.findByText('No entries found.', {}, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/diary/entries');
    expect(screen.queryByRole('navigation', { name: 'Diary menu' })).toBeNull();
  });

  it('shows Analysis and Diary to a manager, and keeps the analysis from staff', async () => {
    signInAs('manager');
    renderRoutes(diaryRoutes, '/diary');
    const menu = await screen.findByRole('navigation', { name: 'Diary menu' }, { timeout: 5000 });
    expect(menu.textContent).toContain('Analysis');
    expect(menu.textContent).toContain('Diary');
  });

  it('refuses the analysis to staff', async () => {
    signInAs('staff');
    renderRoutes(diaryRoutes, '/diary/dashboard');
    expect(await screen.findByText(/access denied/i, {}, { timeout: 5000 })).toBeTruthy();
  });

  it("says so for someone else's diary or a missing one", async () => {
    signInAs('staff');
    renderRoutes(diaryRoutes, '/diaries/9');
    expect(await screen.findByText(/does not exist, or it is not yours/, {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows Page not found for /diaries/abc instead of waiting forever', async () => {
    signInAs('staff');
    renderRoutes(diaryRoutes, '/diaries/abc');
    expect(await screen.findByText('Page not found', {}, { timeout: 5000 })).toBeTruthy();
  });
});
