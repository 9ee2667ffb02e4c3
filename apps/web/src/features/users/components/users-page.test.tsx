import type { User } from '@staff/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, formFields, jsonResponse, pagedList } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { ROLE_NAMES, testUser } from '../../../test/users';
import { UsersPage } from './users-page';

const LIST = 'GET /api/users/users/';

/** The list endpoint over `users`, 10 to a page unless asked. */
const listOf = (users: User[]) => pagedList(users, 10);

const USERS_23 = Array.from({ length: 23 }, (_, i) => testUser(i + 1));

function renderList(path = '/admin/users', users = USERS_23, extra: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/users/roles/': () => jsonResponse(200, ROLE_NAMES),
    [LIST]: listOf(users),
    ...extra,
  });
  const view = renderRoutes(
    [
      { path: '/admin/users', element: <UsersPage /> },
      { path: '/admin/users/create', element: <p>Create form</p> },
    ],
    path,
  );
  const query = () => new URLSearchParams(view.router.state.location.search);
  const lastListQuery = () => Object.fromEntries(api.callsTo(LIST).at(-1)?.url.searchParams ?? []);
  return { ...view, api, query, lastListQuery };
}

const table = () => screen.getByRole('table', { name: 'Users' });
const rowCount = () => within(table()).getAllByRole('row').length - 1; // minus the header

// No pause between keystrokes: the tests check what is typed, not typing speed.
let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup({ delay: null });
});

// Mantine's table and selects render slowly in jsdom on a shared 2-core machine.
describe('UsersPage', { timeout: 20_000 }, () => {
  it('shows the first page sorted by last name, with a five-button pager', async () => {
    const { lastListQuery } = renderList();
    await screen.findByText('user1@example.com');
    expect(rowCount()).toBe(10);
    expect(lastListQuery()).toEqual({ ordering: 'last_name', page: '1', page_size: '10' });
    expect(screen.getByRole('columnheader', { name: /Last name/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    expect(screen.getByText('Showing 1–10 of 23')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);
    expect(within(pager).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(table()).getAllByText('Active').length).toBe(10);
  });

  it('toggles the sort direction when the same header is clicked again', async () => {
    const { query, lastListQuery } = renderList();
    await screen.findByText('user1@example.com');

    await user.click(screen.getByRole('button', { name: 'Last name' }));
    await waitFor(() => expect(lastListQuery().ordering).toBe('-last_name'));
    expect(query().get('ordering')).toBe('-last_name');
    expect(screen.getByRole('columnheader', { name: /Last name/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );

    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(lastListQuery().ordering).toBe('email'));
    expect(screen.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Last name/ }).getAttribute('aria-sort')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(lastListQuery().ordering).toBe('-email'));
  });

  it('keeps page, filters and sort from the URL and goes back to page 1 when a filter changes', async () => {
    const { query, lastListQuery } = renderList('/admin/users?page=2&ordering=-email&is_active=true');
    await screen.findByText('user11@example.com');
    expect(lastListQuery()).toEqual({ ordering: '-email', page: '2', page_size: '10', is_active: 'true' });
    expect(screen.getByRole('textbox', { name: 'Status' })).toHaveProperty('value', 'Active');

    await user.click(screen.getByRole('textbox', { name: 'Role' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Manager', hidden: true }));

    await waitFor(() => expect(lastListQuery()).toMatchObject({ role: 'manager', page: '1' }));
    expect(query().get('page')).toBeNull();
    expect(query().get('role')).toBe('manager');
    expect(query().get('ordering')).toBe('-email');
  });

  it('searches once typing pauses, on page 1, replacing the history entry', async () => {
    const { router, query, api } = renderList('/admin/users?page=3');
    await screen.findByText('user21@example.com');
    const historyLength = window.history.length;
    const before = api.callsTo(LIST).length;

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nguyen');
    // Nothing is asked per keystroke.
    expect(api.callsTo(LIST).length).toBe(before);
    await waitFor(() => expect(query().get('search')).toBe('nguyen'));
    expect(query().get('page')).toBeNull();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(window.history.length).toBe(historyLength);
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.url.searchParams.get('search')).toBe('nguyen'));
    expect(api.callsTo(LIST).filter((c) => c.url.searchParams.has('search'))).toHaveLength(1);
  });

  it('changes page with the page buttons and the page size selector', async () => {
    const { query, lastListQuery } = renderList();
    await screen.findByText('user1@example.com');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('user21@example.com');
    expect(query().get('page')).toBe('3');
    expect(rowCount()).toBe(3);

    await user.click(screen.getByRole('textbox', { name: 'Rows per page' }));
    fireEvent.click(await screen.findByRole('option', { name: '20', hidden: true }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ page: '1', page_size: '20' }));
    await waitFor(() => expect(rowCount()).toBe(20));
    expect(query().get('page_size')).toBe('20');
  });

  it('goes to page 1 for a non-number and to the last page for a number past it', async () => {
    const { query } = renderList();
    await screen.findByText('user1@example.com');
    const goTo = screen.getByRole('textbox', { name: 'Go to page' });

    await user.type(goTo, '99');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(query().get('page')).toBe('3'));

    await user.type(goTo, 'abc{Enter}');
    await waitFor(() => expect(query().get('page')).toBeNull());

    await user.type(goTo, '2{Enter}');
    await waitFor(() => expect(query().get('page')).toBe('2'));
    await user.type(goTo, '0{Enter}');
    await waitFor(() => expect(query().get('page')).toBeNull());
  });

  it('hides the pager and the page size selector when there is only one page', async () => {
    renderList('/admin/users', USERS_23.slice(0, 4));
    await screen.findByText('user4@example.com');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Go to page' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Rows per page' })).toBeNull();
    expect(screen.getByText('Showing 1–4 of 4')).toBeTruthy();
  });

  it("shows the last page when the asked page is past it ('Invalid page.')", async () => {
    const { query } = renderList('/admin/users?page=9');
    await screen.findByText('user21@example.com');
    await waitFor(() => expect(query().get('page')).toBe('3'));
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
  });

  it("says 'No users found.' for an empty result", async () => {
    renderList('/admin/users?search=zzz', []);
    expect(await screen.findByText('No users found.')).toBeTruthy();
  });

  it('deletes a user only after the confirmation, then reloads the list', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { api } = renderList('/admin/users', USERS_23, {
      'DELETE /api/users/users/2/': () => new Response(null, { status: 204 }),
    });
    await screen.findByText('user2@example.com');
    const loads = api.callsTo(LIST).length;

    await user.click(screen.getByRole('button', { name: 'Delete user2@example.com' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this user?');
    expect(api.callsTo('DELETE /api/users/users/2/')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete user2@example.com' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/users/users/2/')).toHaveLength(1));
    await waitFor(() => expect(api.callsTo(LIST).length).toBe(loads + 1));
  });

  it("shows the server's reason when a delete is refused", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderList('/admin/users', USERS_23, {
      'DELETE /api/users/users/1/': () =>
        jsonResponse(400, { detail: 'You cannot delete your own account.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete user1@example.com' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You cannot delete your own account.');
  });

  it("imports an .xlsx file: 'Import successful!' and the list reloads", async () => {
    const { api } = renderList('/admin/users', USERS_23, {
      'POST /api/users/users/import/': () => jsonResponse(200, { created: 2, detail: 'Created 2 users.' }),
    });
    await screen.findByText('user1@example.com');
    const loads = api.callsTo(LIST).length;
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input?.accept).toContain('.xlsx');

    await user.upload(input as HTMLInputElement, new File(['x'], 'users.xlsx'));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Import successful!')).toBeTruthy();
    expect(alert.textContent).toContain('Created 2 users.');
    await waitFor(() => expect(api.callsTo(LIST).length).toBe(loads + 1));
    const [post] = api.callsTo('POST /api/users/users/import/');
    expect(formFields(post?.body)).toEqual({ file: '[file users.xlsx]' });
  });

  it("lists the row problems after 'Import failed.'", async () => {
    renderList('/admin/users', USERS_23, {
      'POST /api/users/users/import/': () =>
        jsonResponse(400, {
          detail: 'Nothing was imported.',
          problems: [{ row: 7, column: 'email', message: 'A user with this email already exists.' }],
        }),
    });
    await screen.findByText('user1@example.com');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'users.xlsx'));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Import failed.')).toBeTruthy();
    expect(within(alert).getByText('Row 7, email: A user with this email already exists.')).toBeTruthy();
  });

  it('refuses anything but .xlsx without sending it', async () => {
    const { api } = renderList();
    await screen.findByText('user1@example.com');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    // applyAccept: false lets the test pick what a user could force through the file dialog.
    await userEvent.setup({ applyAccept: false, delay: null }).upload(input, new File(['a,b'], 'users.csv'));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Import failed.')).toBeTruthy();
    expect(alert.textContent).toContain('Only .xlsx files are accepted.');
    expect(api.callsTo('POST /api/users/users/import/')).toHaveLength(0);
  });

  it('saves the template under the name the server gives', async () => {
    const createObjectURL = vi.fn(() => 'blob:template');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    renderList('/admin/users', USERS_23, {
      'GET /api/users/users/template/': () =>
        new Response('xlsx', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="user_import_template.xlsx"' },
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Download Template' }));

    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]?.download).toBe('user_import_template.xlsx');
    expect(clicks[0]?.href).toBe('blob:template');
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:template');
  });

  it("says 'You are not authorized to download the template.' when refused", async () => {
    renderList('/admin/users', USERS_23, {
      'GET /api/users/users/template/': () =>
        jsonResponse(403, { detail: 'You do not have permission to perform this action.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Download Template' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You are not authorized to download the template.',
    );
  });

  it('says the same for a server error, with what happened (never its body) on a second line', async () => {
    renderList('/admin/users', USERS_23, {
      'GET /api/users/users/template/': () => jsonResponse(500, { detail: 'A server error occurred.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Download Template' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You are not authorized to download the template.');
    expect(within(alert).getByRole('listitem').textContent).toBe(
      'The server failed (error 500). Please try again in a moment.',
    );
  });

  it('says the same when the network fails', async () => {
    renderList('/admin/users', USERS_23, {
      'GET /api/users/users/template/': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download Template' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You are not authorized to download the template.');
    expect(within(alert).getByRole('listitem').textContent).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
  });

  it('links Add User to the form, remembering the list query', async () => {
    const { router } = renderList('/admin/users?page=2');
    await user.click(await screen.findByRole('link', { name: 'Add User' }));
    await screen.findByText('Create form');
    expect(router.state.location.state).toEqual({ from: '/admin/users?page=2' });
  });
});
