import type { AuditEvent } from '@staff/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, type Handler, jsonResponse, pagedList } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { testUser } from '../../../test/users';
import { AuditPage } from './audit-page';

const LIST = 'GET /api/audit-events/';
const USERS = 'GET /api/users/users/';

/** The users the actor picker finds, as the admin list answers a search (name or e-mail, any accents). */
const PEOPLE = [
  { id: 12, email: 'huong.nguyen@example.com', first_name: 'Hương', middle_name: 'Thị', last_name: 'Nguyễn' },
  { id: 14, email: 'dung@example.com', first_name: 'Dũng', middle_name: '', last_name: 'Đặng' },
  { id: 15, email: 'an.nguyen@example.com', first_name: 'An', middle_name: '', last_name: 'Nguyễn' },
].map(({ id, ...p }) =>
  testUser(id, {
    ...p,
    username: p.email,
    full_name: [p.last_name, p.middle_name, p.first_name].filter(Boolean).join(' '),
  }),
);
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();
const usersSearch: Handler = ({ url }) => {
  const search = fold(url.searchParams.get('search') ?? '');
  const hits = PEOPLE.filter((p) => fold(`${p.full_name} ${p.email}`).includes(search));
  return jsonResponse(200, { count: hits.length, next: null, previous: null, results: hits });
};
const userById: Handler = ({ url }) => {
  const id = Number(url.pathname.split('/').at(-2));
  const found = PEOPLE.find((p) => p.id === id);
  return found ? jsonResponse(200, found) : jsonResponse(404, { detail: 'Not found.' });
};

function event(id: number, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id,
    at: new Date(Date.UTC(2026, 2, 1, 17, 0, 0) - id * 60_000).toISOString(),
    actor_id: 1,
    actor_email: 'admin@example.com',
    action: 'user.update',
    target_type: 'user',
    target_id: String(100 + id),
    ip: '198.51.100.7',
    detail: { fields: ['role'] },
    ...overrides,
  };
}

/** The list endpoint over `events`, 20 to a page unless asked. */
const listOf = (events: AuditEvent[]) => pagedList(events, 20);

const EVENTS_45 = Array.from({ length: 45 }, (_, i) => event(i + 1));

function renderLog(path = '/admin/audit', list: Handler = listOf(EVENTS_45)) {
  const api = fakeApi({
    [LIST]: list,
    [USERS]: usersSearch,
    ...Object.fromEntries(PEOPLE.map((p) => [`GET /api/users/users/${p.id}/`, userById])),
    'GET /api/users/users/1/': () => jsonResponse(404, { detail: 'Not found.' }),
  });
  const view = renderRoutes([{ path: '/admin/audit', element: <AuditPage /> }], path);
  const query = () => Object.fromEntries(new URLSearchParams(view.router.state.location.search));
  const lastListQuery = () => Object.fromEntries(api.callsTo(LIST).at(-1)?.url.searchParams ?? []);
  return { ...view, api, query, lastListQuery };
}

const table = () => screen.getByRole('table', { name: 'Audit events' });
/** The actor picker's suggestions, as shown. */
const actorOptions = () => {
  const listbox = document.getElementById(
    screen.getByRole('textbox', { name: 'Actor' }).getAttribute('aria-controls') ?? '',
  );
  return listbox
    ? within(listbox)
        .queryAllByRole('option', { hidden: true })
        .map((o) => o.textContent)
    : [];
};
const rows = () => within(table()).getAllByRole('row').slice(1);

let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup({ delay: null });
});

// Mantine's table and selects render slowly in jsdom on a shared 2-core machine.
describe('AuditPage', { timeout: 20_000 }, () => {
  it('lists the newest page of events, readably, with a pager', async () => {
    const first = event(1, {
      at: '2026-03-01T17:00:00.000Z',
      action: 'user.update',
      actor_name: 'Trần Quản Trị',
      target_name: 'Nguyễn Thị Hương',
      detail: { fields: ['is_active'], is_active: { from: true, to: false } },
    });
    const stranger = event(2, {
      actor_id: null,
      actor_email: null,
      action: 'auth.throttled',
      target_type: null,
      target_id: null,
      ip: '203.0.113.9',
      detail: {},
    });
    const { lastListQuery } = renderLog('/admin/audit', listOf([first, stranger, ...EVENTS_45.slice(2)]));
    await screen.findByText('Showing 1–20 of 45');
    expect(lastListQuery()).toEqual({ page: '1', page_size: '20' });
    expect(rows()).toHaveLength(20);
    expect(
      within(rows()[0] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '00:00:00 02/03/2026',
      'Trần Quản Trị',
      'User changed',
      'Nguyễn Thị Hương',
      '198.51.100.7',
      'Active: yes → no',
    ]);
    // An event the server could name no one for keeps the e-mail, and the id.
    expect(
      within(rows()[2] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      expect.any(String),
      'admin@example.com',
      'User changed',
      'User #103',
      '198.51.100.7',
      'Changed: Role',
    ]);
    expect(
      within(rows()[1] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([expect.any(String), 'Not signed in', 'Sign-in throttled', '—', '203.0.113.9', '—']);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastListQuery().page).toBe('2'));
    await screen.findByText('Showing 21–40 of 45');
  });

  it('hides the whole pager, page size selector included, on a single page', async () => {
    renderLog('/admin/audit', listOf(EVENTS_45.slice(0, 3)));
    await screen.findByText('Showing 1–3 of 3');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Go to page' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Rows per page' })).toBeNull();
  });

  it('takes its filters and page from the URL', async () => {
    const { lastListQuery } = renderLog(
      '/admin/audit?action=user.update&actor=1&target_type=user&target_id=105&from=2026-03-01&to=2026-03-02&page=2&page_size=10',
    );
    await waitFor(() =>
      expect(lastListQuery()).toEqual({
        action: 'user.update',
        actor: '1',
        target_type: 'user',
        target_id: '105',
        from: '2026-03-01',
        to: '2026-03-02',
        page: '2',
        page_size: '10',
      }),
    );
    expect(screen.getByRole('textbox', { name: 'Action' })).toHaveProperty('value', 'User changed');
    expect(screen.getByRole('textbox', { name: 'Target type' })).toHaveProperty('value', 'User');
    // Actor 1 is no user any more: the picker names it as the events do.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Actor' })).toHaveProperty('value', 'admin@example.com'),
    );
    expect(screen.getByLabelText('Target ID')).toHaveProperty('value', '105');
    // Shown as dd/mm/yyyy whatever the browser's language.
    expect(screen.getByLabelText('From')).toHaveProperty('value', '01/03/2026');
    expect(screen.getByLabelText('To')).toHaveProperty('value', '02/03/2026');
  });

  it('changing the action puts it in the URL and starts again at page 1', async () => {
    const { query, lastListQuery } = renderLog('/admin/audit?page=2');
    await screen.findByText('Showing 21–40 of 45');
    await user.click(screen.getByRole('textbox', { name: 'Action' }));
    fireEvent.click(await screen.findByRole('option', { name: 'User deleted', hidden: true }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ action: 'user.delete', page: '1' }));
    expect(query()).toEqual({ action: 'user.delete' });
  });

  it('takes a date range, and refuses one that ends before it starts without asking the server', async () => {
    const { query, api, lastListQuery } = renderLog('/admin/audit?page=3');
    await screen.findByText('Showing 41–45 of 45');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '02/03/2026' } });
    await waitFor(() => expect(lastListQuery()).toMatchObject({ from: '2026-03-02', page: '1' }));
    expect(query()).toEqual({ from: '2026-03-02' });

    const asked = api.callsTo(LIST).length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '01/03/2026' } });
    expect(await screen.findByText('The end date must be on or after the start date.')).toBeTruthy();
    expect(query()).toEqual({ from: '2026-03-02', to: '2026-03-01' });
    expect(api.callsTo(LIST)).toHaveLength(asked);

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '02/03/2026' } });
    await waitFor(() => expect(lastListQuery()).toMatchObject({ from: '2026-03-02', to: '2026-03-02' }));
    expect(screen.queryByText('The end date must be on or after the start date.')).toBeNull();
  });

  it('keeps both dates when they are filled back to back', async () => {
    const { query, lastListQuery } = renderLog();
    await screen.findByText('Showing 1–20 of 45');
    // No wait between the two: one act() holds the page's re-render until both changes are in, as a
    // busy browser does when the second date comes before the page has rendered the first.
    act(() => {
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '01/03/2026' } });
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '02/03/2026' } });
    });
    await waitFor(() => expect(lastListQuery()).toMatchObject({ to: '2026-03-02' }));
    expect(query()).toEqual({ from: '2026-03-01', to: '2026-03-02' });
    expect(lastListQuery()).toMatchObject({ from: '2026-03-01', to: '2026-03-02' });
    expect(screen.getByLabelText('From')).toHaveProperty('value', '01/03/2026');
  });

  it('finds an actor by name or e-mail, accents optional, and filters by that user', async () => {
    const { query, api, lastListQuery } = renderLog();
    await screen.findByText('Showing 1–20 of 45');
    const actor = screen.getByRole('textbox', { name: 'Actor' });
    await user.type(actor, 'nguyen');
    // Both Nguyễns, in Vietnamese order, with their e-mails.
    await waitFor(
      () =>
        expect(actorOptions()).toEqual([
          'Nguyễn An — an.nguyen@example.com',
          'Nguyễn Thị Hương — huong.nguyen@example.com',
        ]),
      { timeout: 5000 },
    );
    // One search for the settled text, none per keystroke.
    expect(api.callsTo(USERS)).toHaveLength(1);
    expect(api.callsTo(USERS)[0]?.url.searchParams.get('search')).toBe('nguyen');
    fireEvent.click(screen.getByRole('option', { name: /Nguyễn Thị Hương/, hidden: true }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ actor: '12', page: '1' }));
    expect(query()).toEqual({ actor: '12' });
    expect(actor).toHaveProperty('value', 'Nguyễn Thị Hương — huong.nguyen@example.com');

    await user.clear(actor);
    await user.type(actor, 'dung@');
    await waitFor(() => expect(actorOptions()).toContain('Đặng Dũng — dung@example.com'), { timeout: 5000 });
    fireEvent.click(screen.getByRole('option', { name: /Đặng Dũng/, hidden: true }));
    await waitFor(() => expect(query()).toEqual({ actor: '14' }));

    await user.clear(actor);
    await user.type(actor, 'nobody at all');
    expect(await screen.findByText('No user found.')).toBeTruthy();
  });

  it('names a linked actor, and filters by target id once typing pauses', async () => {
    const { query, lastListQuery } = renderLog('/admin/audit?actor=15');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Actor' })).toHaveProperty(
        'value',
        'Nguyễn An — an.nguyen@example.com',
      ),
    );
    await user.type(screen.getByLabelText('Target ID'), '105');
    await waitFor(() => expect(lastListQuery()).toMatchObject({ actor: '15', target_id: '105' }));
    expect(query()).toEqual({ actor: '15', target_id: '105' });
  });

  it('narrows to an actor or a target when one is clicked, and clears every filter at once', async () => {
    const { query, lastListQuery } = renderLog();
    await screen.findByText('Showing 1–20 of 45');
    await user.click(within(rows()[0] as HTMLElement).getByRole('button', { name: 'admin@example.com' }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ actor: '1' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Actor' })).toHaveProperty('value', 'admin@example.com'),
    );
    await user.click(within(rows()[0] as HTMLElement).getByRole('button', { name: 'User #101' }));
    await waitFor(() => expect(query()).toEqual({ actor: '1', target_type: 'user', target_id: '101' }));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(query()).toEqual({}));
    expect(lastListQuery()).toEqual({ page: '1', page_size: '20' });
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('keeps the filters through Back and Forward', async () => {
    const { router, lastListQuery } = renderLog();
    await screen.findByText('Showing 1–20 of 45');
    await user.click(screen.getByRole('textbox', { name: 'Target type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Diary', hidden: true }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ target_type: 'diary' }));
    await router.navigate(-1);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Target type' })).toHaveProperty('value', 'All'),
    );
    await router.navigate(1);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Target type' })).toHaveProperty('value', 'Diary'),
    );
  });

  it('says when nothing matches the filters', async () => {
    renderLog('/admin/audit?action=diary.read_other', listOf([]));
    expect(await screen.findByText('No events match these filters.')).toBeTruthy();
  });

  it('shows the last page when the asked one is past it', async () => {
    const { query } = renderLog('/admin/audit?page=9');
    await screen.findByText('Showing 41–45 of 45');
    await waitFor(() => expect(query()).toEqual({ page: '3' }));
  });

  it('shows a load failure with a way to try again', async () => {
    let fail = true;
    renderLog('/admin/audit', (request) =>
      fail ? jsonResponse(503, { detail: 'Service unavailable.' }) : listOf(EVENTS_45)(request),
    );
    expect(await screen.findByText('Could not load the audit log.')).toBeTruthy();
    expect(screen.getByText('The server failed (error 503). Please try again in a moment.')).toBeTruthy();
    expect(screen.queryByText('Service unavailable.')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Showing 1–20 of 45');
  });

  it('shows placeholder rows while the first page loads', async () => {
    let answer: (response: Response) => void = () => {};
    renderLog('/admin/audit', () => new Promise<Response>((resolve) => (answer = resolve)));
    await waitFor(() => expect(table().getAttribute('aria-busy')).toBe('true'));
    expect(within(table()).getAllByRole('row', { hidden: true }).length).toBeGreaterThan(1);
    answer(jsonResponse(200, { count: 0, next: null, previous: null, results: [] }));
    expect(await screen.findByText('No events have been recorded yet.')).toBeTruthy();
  });
});
