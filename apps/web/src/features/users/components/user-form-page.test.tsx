import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi, formFields, jsonResponse } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { ROLE_NAMES, testUser } from '../../../test/users';
import { USER_EDIT_CONFLICT } from '../user-errors';
import { CreateUserPage, EditUserPage } from './user-form-page';

const LAN = testUser(7, {
  email: 'lan@example.com',
  first_name: 'Lan',
  middle_name: 'Thị',
  last_name: 'Nguyễn',
  phone: '0901 234 567',
  gender: 'F',
  role: 'manager',
});

function renderForm(path: string) {
  return renderRoutes(
    [
      { path: '/admin/users/create', element: <CreateUserPage /> },
      { path: '/admin/users/:id/edit', element: <EditUserPage /> },
      { path: '/admin/users', element: <p>User list</p> },
    ],
    path,
  );
}

// No pause between keystrokes: the tests check what is typed, not typing speed.
let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup({ delay: null });
});

// Mantine's inputs render slowly in jsdom on a shared 2-core machine.
describe('CreateUserPage', { timeout: 20_000 }, () => {
  it('requires the e-mail and the password and sends nothing without them', async () => {
    const api = fakeApi({ 'GET /api/users/roles/': () => jsonResponse(200, ROLE_NAMES) });
    renderForm('/admin/users/create');
    expect(screen.getByRole('heading', { name: 'Create New User' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create User' }));

    expect(await screen.findAllByText('This field may not be blank.')).toHaveLength(2);
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /api/users/users/')).toHaveLength(0);
  });

  it('defaults the role to staff, sends only non-empty values, then goes back to the list', async () => {
    const api = fakeApi({
      'GET /api/users/roles/': () => jsonResponse(200, ROLE_NAMES),
      'POST /api/users/users/': () => jsonResponse(201, LAN),
    });
    const { router } = renderForm('/admin/users/create');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Role' })).toHaveProperty('disabled', false),
    );
    expect(screen.getByRole('textbox', { name: 'Role' })).toHaveProperty('value', 'Staff');
    expect((screen.getByRole('switch', { name: /^Active/ }) as HTMLInputElement).checked).toBe(true);

    await user.type(screen.getByLabelText(/^Email/), ' new@example.com ');
    await user.type(screen.getByLabelText('First name'), 'Hoa');
    await user.type(screen.getByLabelText(/^Password/), 'Secret-pass-1');
    await user.click(screen.getByRole('button', { name: 'Create User' }));

    await screen.findByText('User list');
    expect(router.state.location.pathname).toBe('/admin/users');
    const [post] = api.callsTo('POST /api/users/users/');
    expect(formFields(post?.body)).toEqual({
      email: 'new@example.com',
      username: 'new@example.com',
      first_name: 'Hoa',
      role: 'staff',
      is_active: 'true',
      password: 'Secret-pass-1',
    });
  });

  it('offers the roles the server lists', async () => {
    fakeApi({ 'GET /api/users/roles/': () => jsonResponse(200, ROLE_NAMES) });
    renderForm('/admin/users/create');
    const role = screen.getByRole('textbox', { name: 'Role' });
    await waitFor(() => expect(role).toHaveProperty('disabled', false));
    await user.click(role);
    await waitFor(() => expect(role.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(role.getAttribute('aria-controls') ?? '');
    expect(
      within(listbox as HTMLElement)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(['Admin', 'Manager', 'Staff', 'NDF']);
  });

  it('asks to correct the fields below (never the JSON) and shows the field error under the field, keeping the values', async () => {
    const body = { email: ['A user with this email already exists.'] };
    fakeApi({
      'GET /api/users/roles/': () => jsonResponse(200, ROLE_NAMES),
      'POST /api/users/users/': () => jsonResponse(400, body),
    });
    const { router } = renderForm('/admin/users/create');

    await user.type(screen.getByLabelText(/^Email/), 'lan@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Secret-pass-1');
    await user.click(screen.getByRole('button', { name: 'Create User' }));

    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe('Please correct the errors below.');
    expect(screen.getByText('A user with this email already exists.')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Email/)).toHaveProperty('value', 'lan@example.com');
    expect(screen.getByLabelText(/^Password/)).toHaveProperty('value', 'Secret-pass-1');
    expect(router.state.location.pathname).toBe('/admin/users/create');
  });

  it("shows the server's common-password error under the password field", async () => {
    fakeApi({
      'GET /api/users/roles/': () => jsonResponse(200, ROLE_NAMES),
      'POST /api/users/users/': () => jsonResponse(400, { password: ['This password is too common.'] }),
    });
    renderForm('/admin/users/create');

    await user.type(screen.getByLabelText(/^Email/), 'lan@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'iloveyou1');
    await user.click(screen.getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText('This password is too common.')).toBeTruthy();
    // Once, under the field; the banner says so in words instead of repeating the server's body.
    expect(screen.getAllByText('This password is too common.')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toBe('Please correct the errors below.');
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Password/)).toHaveProperty('value', 'iloveyou1');
  });

  it("says 'Failed to save user' and that the server failed, never the failure's body", async () => {
    fakeApi({
      'GET /api/users/roles/': () => jsonResponse(200, ROLE_NAMES),
      'POST /api/users/users/': () =>
        new Response('<html><h1>500 Internal Server Error</h1></html>', { status: 500 }),
    });
    renderForm('/admin/users/create');
    await user.type(screen.getByLabelText(/^Email/), 'x@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Secret-pass-1');
    await user.click(screen.getByRole('button', { name: 'Create User' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to save user. The server failed (error 500). Please try again in a moment.',
    );
  });
});

describe('EditUserPage', { timeout: 20_000 }, () => {
  it('loads the user, marks the password optional and sends only non-empty values', async () => {
    const api = fakeApi({
      'GET /api/users/roles/': () => jsonResponse(200, ROLE_NAMES),
      'GET /api/users/users/7/': () => jsonResponse(200, LAN),
      'PUT /api/users/users/7/': () => jsonResponse(200, LAN),
    });
    const { router } = renderRoutes(
      [
        { path: '/admin/users/:id/edit', element: <EditUserPage /> },
        { path: '/admin/users', element: <p>User list</p> },
      ],
      '/admin/users/7/edit',
    );
    expect(screen.getByRole('heading', { name: 'Edit User' })).toBeTruthy();
    const email = await screen.findByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveProperty('value', 'lan@example.com'));
    expect(screen.getByLabelText('Middle name')).toHaveProperty('value', 'Thị');
    expect(screen.getByText('leave blank to keep unchanged')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Gender' })).toHaveProperty('value', 'Female');

    await user.clear(screen.getByLabelText('Middle name'));
    await user.click(screen.getByRole('switch', { name: /^Active/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await screen.findByText('User list');
    expect(router.state.location.pathname).toBe('/admin/users');
    const [put] = api.callsTo('PUT /api/users/users/7/');
    expect(formFields(put?.body)).toEqual({
      email: 'lan@example.com',
      username: 'lan@example.com',
      first_name: 'Lan',
      last_name: 'Nguyễn',
      phone: '0901 234 567',
      role: 'manager',
      gender: 'F',
      is_active: 'false',
    });
  });

  it("shows the server's detail and stays on the form", async () => {
    fakeApi({
      'GET /api/users/roles/': () => jsonResponse(200, ROLE_NAMES),
      'GET /api/users/users/7/': () => jsonResponse(200, LAN),
      'PUT /api/users/users/7/': () =>
        jsonResponse(400, { detail: 'There must be at least one active administrator.' }),
    });
    const { router } = renderForm('/admin/users/7/edit');
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveProperty('value', 'lan@example.com'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'There must be at least one active administrator.',
    );
    expect(router.state.location.pathname).toBe('/admin/users/7/edit');
  });

  it('checks a new password on edit but accepts a blank one', async () => {
    const api = fakeApi({
      'GET /api/users/roles/': () => jsonResponse(200, ROLE_NAMES),
      'GET /api/users/users/7/': () => jsonResponse(200, LAN),
    });
    renderForm('/admin/users/7/edit');
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveProperty('value', 'lan@example.com'));
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await screen.findByText(/This password is too short/);
    expect(api.callsTo('PUT /api/users/users/7/')).toHaveLength(0);
  });

  it('sends If-Match; on 412 shows the newer values, keeps what was typed, and saves again', async () => {
    // The server: a stored user and its version; PUT honours If-Match as the API does.
    let stored = { ...LAN };
    let version = 1;
    const withEtag = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json', ETag: `"v${version}"` },
      });
    const api = fakeApi({
      'GET /api/users/roles/': () => jsonResponse(200, ROLE_NAMES),
      'GET /api/users/users/7/': () => withEtag(200, stored),
      'PUT /api/users/users/7/': (request: FakeRequest) => {
        if (request.headers.get('If-Match') !== `"v${version}"`) {
          return jsonResponse(412, { detail: 'This user was changed by someone else since you opened it.' });
        }
        const fields = formFields(request.body);
        stored = {
          ...stored,
          first_name: fields.first_name ?? '',
          last_name: fields.last_name ?? '',
          phone: fields.phone ?? '',
        };
        version += 1;
        return withEtag(200, stored);
      },
    });
    const { router } = renderForm('/admin/users/7/edit');
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveProperty('value', 'lan@example.com'));

    // Another administrator saves a new phone and last name while this form is open.
    stored = { ...stored, phone: '0988 777 666', last_name: 'Trần' };
    version += 1;

    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Lanh');
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'Lê');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(USER_EDIT_CONFLICT);
    expect(alert.textContent).toContain('Last name: your value is kept; they saved Trần.');
    expect(router.state.location.pathname).toBe('/admin/users/7/edit');
    // Their phone is in the form; what was typed is kept.
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveProperty('value', '0988 777 666'));
    expect(screen.getByLabelText('First name')).toHaveProperty('value', 'Lanh');
    expect(screen.getByLabelText('Last name')).toHaveProperty('value', 'Lê');
    expect(stored.first_name).toBe('Lan');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('User list');
    const puts = api.callsTo('PUT /api/users/users/7/');
    expect(puts.map((p) => p.headers.get('If-Match'))).toEqual(['"v1"', '"v2"']);
    expect(stored).toMatchObject({ first_name: 'Lanh', last_name: 'Lê', phone: '0988 777 666' });
  });

  it('says the user was not found, with a way back to the list', async () => {
    fakeApi({
      'GET /api/users/roles/': () => jsonResponse(200, ROLE_NAMES),
      'GET /api/users/users/99/': () => jsonResponse(404, { detail: 'Not found.' }),
    });
    renderForm('/admin/users/99/edit');

    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to User Management' }).getAttribute('href')).toBe(
      '/admin/users',
    );
  });

  it('asks nothing for a path that names no user', async () => {
    const api = fakeApi({ 'GET /api/users/roles/': () => jsonResponse(200, ROLE_NAMES) });
    renderForm('/admin/users/abc/edit');

    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeTruthy();
    expect(api.calls.filter((c) => c.url.pathname.startsWith('/api/users/users/'))).toHaveLength(0);
  });
});
