import { ENTRY_MESSAGES } from '@staff/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { ENTRY_DRAFT_KEY } from '../entry-draft';
import { CreateEntryPage } from './create-entry-page';

const CATEGORIES = [{ id: 4, title: 'Work', user: 1, jar: 2, jar_key: 'essential' }];

function renderForm(state?: unknown) {
  const api = fakeApi({
    'GET /api/diaries/categories/': () => jsonResponse(200, CATEGORIES),
    'GET /api/diaries/diaries/': () => jsonResponse(200, [{ id: 9, title: 'me@x.test', user: 1 }]),
  });
  const view = renderRoutes(
    [
      { path: '/diary/entries/new', element: <CreateEntryPage /> },
      { path: '/diary/categories', element: <p>Categories screen</p> },
      { path: '/diary/entries', element: <p>Entries list</p> },
    ],
    '/diary/entries/new',
  );
  if (state) void view.router.navigate('/diary/entries/new', { state, replace: true });
  return { ...view, api };
}

afterEach(() => sessionStorage.clear());

describe('CreateEntryPage', { timeout: 20_000 }, () => {
  it('shows each required-field message and the banner, and sends nothing', async () => {
    const { api } = renderForm();
    const submit = await screen.findByRole('button', { name: 'Create entry' }, { timeout: 5000 });
    expect(screen.getByRole('textbox', { name: 'Feeling' })).toHaveProperty('value', '😊 Happy');
    fireEvent.click(submit);
    expect(await screen.findByText(ENTRY_MESSAGES.banner)).toBeTruthy();
    for (const key of [
      'title',
      'start_date',
      'start_time',
      'end_date',
      'end_time',
      'category',
      'place',
      'note',
    ] as const) {
      expect(screen.getByText(ENTRY_MESSAGES[key])).toBeTruthy();
    }
    expect(api.callsTo('POST /api/diaries/9/entries/')).toHaveLength(0);
  });

  it('keeps the draft across the trip to category management, then removes it', async () => {
    const user = userEvent.setup();
    const { router } = renderForm();
    await user.type(await screen.findByLabelText(/^Title/, {}, { timeout: 5000 }), 'Morning run');
    await user.click(screen.getByRole('button', { name: 'Manage categories' }));
    await screen.findByText('Categories screen', {}, { timeout: 5000 });
    expect(router.state.location.state).toEqual({ returnTo: '/diary/entries/new', fromEntryForm: true });
    expect(JSON.parse(localStorage.getItem(ENTRY_DRAFT_KEY) ?? '{}').title).toBe('Morning run');

    sessionStorage.clear(); // only the draft may bring the title back
    await router.navigate('/diary/entries/new', { state: { restoreDraft: true } });
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveProperty('value', 'Morning run'));
    await waitFor(() => expect(localStorage.getItem(ENTRY_DRAFT_KEY)).toBeNull());
  });
});
