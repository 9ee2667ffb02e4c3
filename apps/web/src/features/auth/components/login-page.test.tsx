import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { tryAgainIn } from './login-form';
import { LoginPage } from './login-page';

const USER = {
  id: 7,
  email: 'lan@example.com',
  username: 'lan@example.com',
  first_name: 'Lan',
  middle_name: '',
  last_name: 'Nguyễn',
  full_name: 'Nguyễn Lan',
  phone: '',
  gender: 'F',
  role: 'staff',
  is_active: true,
  avatar: '/media/avatars/lan.jpg',
  avatar_url: 'http://api.internal/media/avatars/lan.jpg',
};

function respond(status: number, body: unknown) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>Home page</p> },
      { path: '/change-password', element: <p>Change password page</p> },
    ],
    '/login',
  );
}

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('requires both fields and sends nothing when they are empty', async () => {
    const fetch = respond(200, {});
    vi.stubGlobal('fetch', fetch);
    renderLogin();

    await submit('', '');

    expect(await screen.findAllByText('This field may not be blank.')).toHaveLength(2);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks the e-mail format', async () => {
    const fetch = respond(200, {});
    vi.stubGlobal('fetch', fetch);
    renderLogin();

    await submit('not-an-email', 'secret-pass');

    await screen.findByText('Enter a valid email address.'); // throws unless shown
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).not.toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows 'Invalid email or password' when the server answers 401", async () => {
    vi.stubGlobal('fetch', respond(401, { detail: 'No active account found with the given credentials' }));
    renderLogin();

    await submit('lan@example.com', 'wrong-pass');

    await screen.findByText('Invalid email or password'); // throws unless shown
    expect(localStorage.getItem('access')).toBeNull();
  });

  it("shows 'Invalid email or password' when rate-limited too, and when to try again", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ detail: 'Request was throttled. Expected available in 120 seconds.' }),
            {
              status: 429,
              headers: { 'Content-Type': 'application/json', 'Retry-After': '120' },
            },
          ),
      ),
    );
    renderLogin();

    await submit('lan@example.com', 'wrong-pass');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid email or password');
    expect(alert.textContent).toContain('Try again in 2 minutes.');
    expect(screen.queryByText(/throttled/)).toBeNull();
  });

  it("shows only 'Invalid email or password' when rate-limited without Retry-After", async () => {
    vi.stubGlobal('fetch', respond(429, { detail: 'Request was throttled.' }));
    renderLogin();

    await submit('lan@example.com', 'wrong-pass');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid email or password');
  });

  it('stores tokens and the user (avatar on this host) and goes to /', async () => {
    const fetch = respond(200, { access: 'A1', refresh: 'R1', user: USER });
    vi.stubGlobal('fetch', fetch);
    const { router } = renderLogin();

    await submit('  lan@example.com ', 'right-pass');

    await screen.findByText('Home page'); // throws unless shown
    expect(router.state.location.pathname).toBe('/');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/token/');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'lan@example.com', password: 'right-pass' });
    expect(localStorage.getItem('access')).toBe('A1');
    expect(localStorage.getItem('refresh')).toBe('R1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({
      email: 'lan@example.com',
      avatar: `${window.location.origin}/media/avatars/lan.jpg`,
    });
  });

  it('goes to /change-password when the password must be replaced first', async () => {
    vi.stubGlobal(
      'fetch',
      respond(200, { access: 'A1', refresh: 'R1', user: { ...USER, must_change_password: true } }),
    );
    const { router } = renderLogin();

    await submit('admin@example.com', 'generated-pass');

    await screen.findByText('Change password page'); // throws unless shown
    expect(router.state.location.pathname).toBe('/change-password');
  });

  it('sends a signed-in visitor straight to /', async () => {
    localStorage.setItem('access', 'A1');
    localStorage.setItem('refresh', 'R1');
    renderLogin();
    await waitFor(() => screen.getByText('Home page'));
  });
});

describe('tryAgainIn', () => {
  it('rounds up to seconds, minutes or hours', () => {
    expect(tryAgainIn(0)).toBe('Try again in 1 second.');
    expect(tryAgainIn(45)).toBe('Try again in 45 seconds.');
    expect(tryAgainIn(60)).toBe('Try again in 1 minute.');
    expect(tryAgainIn(61)).toBe('Try again in 2 minutes.');
    expect(tryAgainIn(7200)).toBe('Try again in 2 hours.');
  });
});
