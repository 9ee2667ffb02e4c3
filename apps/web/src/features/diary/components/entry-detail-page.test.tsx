import type { Entry } from '@staff/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi, jsonResponse } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { ENTRY_EDIT_CONFLICT, EntryDetailPage } from './entry-detail-page';

const CATEGORIES = [
  { id: 4, title: 'Work', user: 1, jar: 2, jar_key: 'essential' },
  { id: 5, title: 'Study', user: 1, jar: 3, jar_key: 'education' },
];

const ENTRY: Entry = {
  id: 12,
  diary: 9,
  title: 'Planning',
  feeling: 'happy',
  start_date: '2030-01-10',
  start_time: '08:00',
  end_date: '2030-01-10',
  end_time: '09:00',
  time_zone: 'Asia/Ho_Chi_Minh',
  start_at: '2030-01-10T01:00:00.000Z',
  end_at: '2030-01-10T02:00:00.000Z',
  duration_minutes: 60,
  place: 'Office',
  category: [{ id: 4, title: 'Work' }],
  note: 'First note',
  feedback: '',
  overlaps: false,
};

/** The API's entry with a version, honouring If-Match on PATCH as the server does. */
function entryServer() {
  const server = { entry: { ...ENTRY }, version: 1 };
  const withEtag = (body: unknown) =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json', ETag: `"e${server.version}"` },
    });
  const api = fakeApi({
    'GET /api/diaries/categories/': () => jsonResponse(200, CATEGORIES),
    'GET /api/diaries/entries/12/': () => withEtag(server.entry),
    'PATCH /api/diaries/entries/12/': (request: FakeRequest) => {
      if (request.headers.get('If-Match') !== `"e${server.version}"`) {
        return jsonResponse(412, { detail: 'This entry was changed by someone else since you opened it.' });
      }
      const { category, ...fields } = JSON.parse(String(request.body)) as Omit<Partial<Entry>, 'category'> & {
        category: number[];
      };
      server.entry = {
        ...server.entry,
        ...fields,
        category: category.map((id) => ({
          id,
          title: CATEGORIES.find((c) => c.id === id)?.title ?? '',
        })),
      };
      server.version += 1;
      return withEtag(server.entry);
    },
  });
  return { server, api };
}

describe('EntryDetailPage in edit mode', { timeout: 20_000 }, () => {
  it('sends If-Match; on 412 shows the newer values, keeps what was typed, and saves again', async () => {
    const user = userEvent.setup({ delay: null });
    const { server, api } = entryServer();
    const { router } = renderRoutes(
      [
        { path: '/entries/:id/edit', element: <EntryDetailPage mode="edit" /> },
        { path: '/entries/:id', element: <p>Entry view</p> },
      ],
      '/entries/12/edit',
    );
    const title = await screen.findByLabelText(/^Title/, {}, { timeout: 5000 });
    await waitFor(() => expect(title).toHaveProperty('value', 'Planning'));

    // The same entry is saved from another tab: a new place and a new note.
    server.entry = { ...server.entry, place: 'Home', note: 'Their note' };
    server.version += 1;

    await user.clear(title);
    await user.type(title, 'Planning week 2');
    await user.clear(screen.getByLabelText(/^Note/));
    await user.type(screen.getByLabelText(/^Note/), 'My note');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ENTRY_EDIT_CONFLICT);
    expect(alert.textContent).toContain('Note: your value is kept; the saved one is Their note.');
    expect(router.state.location.pathname).toBe('/entries/12/edit');
    await waitFor(() => expect(screen.getByLabelText(/^Place/)).toHaveProperty('value', 'Home'));
    expect(screen.getByLabelText(/^Title/)).toHaveProperty('value', 'Planning week 2');
    expect(screen.getByLabelText(/^Note/)).toHaveProperty('value', 'My note');
    expect(server.entry.title).toBe('Planning');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Entry view');
    const patches = api.callsTo('PATCH /api/diaries/entries/12/');
    expect(patches.map((p) => p.headers.get('If-Match'))).toEqual(['"e1"', '"e2"']);
    expect(server.entry).toMatchObject({ title: 'Planning week 2', place: 'Home', note: 'My note' });
  });

  it('shows a refused save as before: the server’s message, the typed values kept', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      'GET /api/diaries/categories/': () => jsonResponse(200, CATEGORIES),
      'GET /api/diaries/entries/12/': () => jsonResponse(200, ENTRY),
      'PATCH /api/diaries/entries/12/': () => jsonResponse(400, { category: ['Invalid pk "4".'] }),
    });
    renderRoutes(
      [{ path: '/entries/:id/edit', element: <EntryDetailPage mode="edit" /> }],
      '/entries/12/edit',
    );
    const title = await screen.findByLabelText(/^Title/, {}, { timeout: 5000 });
    await waitFor(() => expect(title).toHaveProperty('value', 'Planning'));
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid pk "4".')).toBeTruthy();
    expect(screen.getByLabelText(/^Title/)).toHaveProperty('value', 'Planning!');
  });
});
