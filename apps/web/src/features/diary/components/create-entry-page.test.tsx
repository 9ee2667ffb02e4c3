import { ENTRY_MESSAGES } from '@staff/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { autosaveEntryForm, ENTRY_AUTOSAVE_KEY, ENTRY_DRAFT_KEY, saveEntryDraft } from '../entry-draft';
import { EMPTY_ENTRY_VALUES } from '../entry-form-values';
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

/** Opens the form fresh, the way a link with navigation state does (from another screen). */
async function openFormWithState(state: unknown) {
  const api = fakeApi({
    'GET /api/diaries/categories/': () => jsonResponse(200, CATEGORIES),
    'GET /api/diaries/diaries/': () => jsonResponse(200, [{ id: 9, title: 'me@x.test', user: 1 }]),
  });
  const view = renderRoutes(
    [
      { path: '/elsewhere', element: <p>Elsewhere</p> },
      { path: '/diary/entries/new', element: <CreateEntryPage /> },
    ],
    '/elsewhere',
  );
  await view.router.navigate('/diary/entries/new', { state });
  return { ...view, api };
}

const titleInput = () => screen.findByLabelText(/^Title/, {}, { timeout: 5000 });
const autosavedTitle = () => JSON.parse(sessionStorage.getItem(ENTRY_AUTOSAVE_KEY) ?? '{}').title;

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

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

  it('opens with the initial data from navigation state, not an older autosave, also after a reload', async () => {
    autosaveEntryForm({ ...EMPTY_ENTRY_VALUES, title: 'Old autosave', place: 'Home' });
    const { router, unmount } = await openFormWithState({ initialData: { title: 'From the list' } });

    expect(await titleInput()).toHaveProperty('value', 'From the list');
    expect(screen.getByLabelText(/^Place/)).toHaveProperty('value', '');
    // Taken once: the state is forgotten and what the form opened with is the new autosave.
    await waitFor(() => expect(router.state.location.state).toEqual({}));
    expect(autosavedTitle()).toBe('From the list');

    unmount(); // a reload: same tab, no navigation state any more
    await openFormWithState(null);
    expect(await titleInput()).toHaveProperty('value', 'From the list');
  });

  it('restores the flagged draft over an older autosave, and a reload keeps it', async () => {
    autosaveEntryForm({ ...EMPTY_ENTRY_VALUES, title: 'Old autosave' });
    saveEntryDraft({ ...EMPTY_ENTRY_VALUES, title: 'Draft before the trip' });
    const { router, unmount } = await openFormWithState({
      restoreDraft: true,
      initialData: { title: 'Ignored' },
    });

    expect(await titleInput()).toHaveProperty('value', 'Draft before the trip');
    await waitFor(() => expect(localStorage.getItem(ENTRY_DRAFT_KEY)).toBeNull());
    expect(router.state.location.state).toEqual({});
    expect(autosavedTitle()).toBe('Draft before the trip');

    unmount();
    await openFormWithState(null);
    expect(await titleInput()).toHaveProperty('value', 'Draft before the trip');
  });

  it('still restores the autosave after a reload when nothing else is given', async () => {
    autosaveEntryForm({ ...EMPTY_ENTRY_VALUES, title: 'Typed before the reload' });
    await openFormWithState(null);
    expect(await titleInput()).toHaveProperty('value', 'Typed before the reload');
  });
});
