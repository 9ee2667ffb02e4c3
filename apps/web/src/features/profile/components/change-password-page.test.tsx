import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { signedInUser, signInAs } from '../../../test/session';
import { ChangePasswordPage } from './change-password-page';

const NOTICE = 'You must change your password before continuing.';

function renderPage() {
  return renderRoutes(
    [
      { path: '/change-password', element: <ChangePasswordPage /> },
      { path: '/profile', element: <p>Profile page</p> },
    ],
    '/change-password',
  );
}

let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup({ delay: null });
});

async function fill(oldPassword: string, newPassword: string) {
  await user.type(screen.getByLabelText('Old password'), oldPassword);
  await user.type(screen.getByLabelText('New password'), newPassword);
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
}

// Mantine's inputs render slowly in jsdom on a shared 2-core machine.
describe('ChangePasswordPage', { timeout: 20_000 }, () => {
  it("shows the server's common-password error under the new password, keeping what was typed", async () => {
    signInAs('staff');
    fakeApi({
      'GET /api/users/profile/': () => jsonResponse(200, signedInUser('staff')),
      'PUT /api/users/change-password/': () =>
        jsonResponse(400, { new_password: ['This password is too common.'] }),
    });
    renderPage();

    await fill('Old-pass-2024', 'iloveyou1');

    expect(await screen.findByText('This password is too common.')).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('New password')).toHaveProperty('value', 'iloveyou1');
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(screen.getByRole('link', { name: 'Cancel' })).toBeTruthy();
  });

  it('says a new password is required first, offers no way around it, and drops the notice once changed', async () => {
    signInAs('admin', { must_change_password: true });
    let changed = false;
    const api = fakeApi({
      'GET /api/users/profile/': () =>
        jsonResponse(200, signedInUser('admin', { must_change_password: !changed })),
      'PUT /api/users/change-password/': () => {
        changed = true;
        return jsonResponse(200, { detail: 'Password updated successfully.' });
      },
    });
    renderPage();

    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Cancel' })).toBeNull();

    await fill('generated-1234', 'Chosen-by-me-2026');

    expect(await screen.findByText('Password changed successfully.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(NOTICE)).toBeNull());
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ must_change_password: false });
    expect(api.callsTo('PUT /api/users/change-password/')).toHaveLength(1);
  });
});
