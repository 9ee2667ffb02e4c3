import { ENTRY_MESSAGES } from '@staff/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { autosaveEntryForm, ENTRY_AUTOSAVE_KEY, ENTRY_DRAFT_KEY, saveEntryDraft } from '../entry-draft';
import { EMPTY_ENTRY_VALUES } from '../entry-form-values';
import { CreateEntryPage, DRAFT_OFFER_TITLE } from './create-entry-page';

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

const FILLED = {
  title: 'Kiểm tra máy ép',
  start_date: '2030-01-10',
  start_time: '08:00',
  end_date: '2030-01-10',
  end_time: '09:00',
  category: ['4'],
  place: 'Xưởng 2',
  note: 'Áp suất dầu',
};

const titleInput = () => screen.findByLabelText(/^Title/, {}, { timeout: 5000 });
const autosavedTitle = () => JSON.parse(sessionStorage.getItem(ENTRY_AUTOSAVE_KEY) ?? '{}').values?.title;

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
    const user = userEvent.setup({ delay: null });
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
    autosaveEntryForm('older-form', { ...EMPTY_ENTRY_VALUES, title: 'Old autosave', place: 'Home' });
    const { router, unmount } = await openFormWithState({ initialData: { title: 'From the list' } });

    expect(await titleInput()).toHaveProperty('value', 'From the list');
    expect(screen.getByLabelText(/^Place/)).toHaveProperty('value', '');
    // Taken once: the state is forgotten and what the form opened with is the new autosave.
    await waitFor(() => expect(router.state.location.state).toEqual({ entryFormId: expect.any(String) }));
    expect(autosavedTitle()).toBe('From the list');
    expect(screen.queryByText(DRAFT_OFFER_TITLE)).toBeNull();

    const kept = router.state.location.state;
    unmount(); // a reload: same tab, same history entry and its state
    await openFormWithState(kept);
    expect(await titleInput()).toHaveProperty('value', 'From the list');
  });

  it('restores the flagged draft over an older autosave, and a reload keeps it', async () => {
    autosaveEntryForm('older-form', { ...EMPTY_ENTRY_VALUES, title: 'Old autosave' });
    saveEntryDraft({ ...EMPTY_ENTRY_VALUES, title: 'Draft before the trip' });
    const { router, unmount } = await openFormWithState({
      restoreDraft: true,
      initialData: { title: 'Ignored' },
    });

    expect(await titleInput()).toHaveProperty('value', 'Draft before the trip');
    await waitFor(() => expect(localStorage.getItem(ENTRY_DRAFT_KEY)).toBeNull());
    await waitFor(() => expect(router.state.location.state).toEqual({ entryFormId: expect.any(String) }));
    expect(autosavedTitle()).toBe('Draft before the trip');
    expect(screen.queryByText(DRAFT_OFFER_TITLE)).toBeNull();

    const kept = router.state.location.state;
    unmount();
    await openFormWithState(kept);
    expect(await titleInput()).toHaveProperty('value', 'Draft before the trip');
  });

  it('gives a reload of the same form what was typed, without asking', async () => {
    const user = userEvent.setup({ delay: null });
    const { router, unmount } = await openFormWithState({ diaryId: 9 });
    await user.type(await titleInput(), 'Typed before the reload');
    await waitFor(() =>
      expect(router.state.location.state).toMatchObject({ entryFormId: expect.any(String) }),
    );
    const kept = router.state.location.state;
    unmount();
    await openFormWithState(kept);
    expect(await titleInput()).toHaveProperty('value', 'Typed before the reload');
    expect(screen.queryByText(DRAFT_OFFER_TITLE)).toBeNull();
  });
});

describe('A form left without saving (issue 27)', { timeout: 20_000 }, () => {
  /** Types an entry, leaves the form for the list, and comes back through '+ Add New Entry'. */
  async function leaveThenAddNew(options: { submitFails?: boolean } = {}) {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      'GET /api/diaries/categories/': () => jsonResponse(200, CATEGORIES),
      'GET /api/diaries/diaries/': () => jsonResponse(200, [{ id: 9, title: 'me@x.test', user: 1 }]),
      'POST /api/diaries/9/entries/': () => jsonResponse(500, { detail: 'Server error.' }),
    });
    const view = renderRoutes(
      [
        { path: '/diary/entries', element: <p>Entries list</p> },
        { path: '/diary/entries/new', element: <CreateEntryPage /> },
      ],
      '/diary/entries',
    );
    if (options.submitFails) {
      // Everything filled in (as given in navigation state), sent, and refused by the server.
      await view.router.navigate('/diary/entries/new', { state: { diaryId: 9, initialData: FILLED } });
      fireEvent.click(await screen.findByRole('button', { name: 'Create entry' }, { timeout: 5000 }));
      expect(await screen.findByText('Server error.')).toBeTruthy();
      expect(api.callsTo('POST /api/diaries/9/entries/')).toHaveLength(1);
    } else {
      await view.router.navigate('/diary/entries/new', { state: { diaryId: 9 } });
      await user.type(await titleInput(), 'Kiểm tra máy ép');
      await user.type(screen.getByLabelText(/^Place/), 'Xưởng 2');
      await user.type(screen.getByLabelText(/^Note/), 'Áp suất dầu');
    }
    await view.router.navigate('/diary/entries');
    await screen.findByText('Entries list');
    await view.router.navigate('/diary/entries/new', { state: { diaryId: 9 } });
    return { ...view, user, api };
  }

  it('opens the next new entry empty, offers the draft, and new typing is exactly what was typed', async () => {
    const { user } = await leaveThenAddNew();
    const title = await titleInput();
    expect(title).toHaveProperty('value', '');
    expect(screen.getByLabelText(/^Place/)).toHaveProperty('value', '');
    expect(screen.getByLabelText(/^Note/)).toHaveProperty('value', '');
    const offer = screen.getByRole('region', { name: DRAFT_OFFER_TITLE });
    expect(offer.textContent).toContain('Kiểm tra máy ép');
    expect(within(offer).getByRole('button', { name: 'Khôi phục bản nháp' })).toBeTruthy();
    expect(within(offer).getByRole('button', { name: 'Bỏ bản nháp' })).toBeTruthy();

    await user.type(title, 'Họp giao ban');
    expect(title).toHaveProperty('value', 'Họp giao ban');
  });

  it('restores the draft when asked', async () => {
    const { user } = await leaveThenAddNew();
    await user.click(await screen.findByRole('button', { name: 'Khôi phục bản nháp' }));
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveProperty('value', 'Kiểm tra máy ép'));
    expect(screen.getByLabelText(/^Place/)).toHaveProperty('value', 'Xưởng 2');
    expect(screen.getByLabelText(/^Note/)).toHaveProperty('value', 'Áp suất dầu');
    expect(screen.queryByRole('region', { name: DRAFT_OFFER_TITLE })).toBeNull();
  });

  it('discards the draft when asked: the form stays empty and the draft is not offered again', async () => {
    const { user, router } = await leaveThenAddNew();
    await user.click(await screen.findByRole('button', { name: 'Bỏ bản nháp' }));
    expect(screen.queryByRole('region', { name: DRAFT_OFFER_TITLE })).toBeNull();
    expect(screen.getByLabelText(/^Title/)).toHaveProperty('value', '');
    expect(sessionStorage.getItem(ENTRY_AUTOSAVE_KEY)).toBeNull();
    await router.navigate('/diary/entries');
    await router.navigate('/diary/entries/new', { state: { diaryId: 9 } });
    expect(await titleInput()).toHaveProperty('value', '');
    expect(screen.queryByRole('region', { name: DRAFT_OFFER_TITLE })).toBeNull();
  });

  it('offers, and does not fill in, what a failed submit left behind', async () => {
    await leaveThenAddNew({ submitFails: true });
    expect(await titleInput()).toHaveProperty('value', '');
    expect(screen.getByRole('region', { name: DRAFT_OFFER_TITLE }).textContent).toContain('Kiểm tra máy ép');
  });
});

describe('Confirmations', { timeout: 20_000 }, () => {
  it('says the entry was created', async () => {
    fakeApi({
      'GET /api/diaries/categories/': () => jsonResponse(200, CATEGORIES),
      'GET /api/diaries/diaries/': () => jsonResponse(200, [{ id: 9, title: 'me@x.test', user: 1 }]),
      'POST /api/diaries/9/entries/': () =>
        jsonResponse(201, {
          ...FILLED,
          title: 'Họp giao ban',
          id: 1,
          diary: 9,
          feeling: 'happy',
          time_zone: 'Asia/Ho_Chi_Minh',
          start_at: '2030-01-10T01:00:00.000Z',
          end_at: '2030-01-10T02:00:00.000Z',
          duration_minutes: 60,
          category: [{ id: 4, title: 'Work' }],
          feedback: '',
          overlaps: false,
        }),
    });
    const view = renderRoutes(
      [
        { path: '/elsewhere', element: <p>Elsewhere</p> },
        { path: '/diary/entries/new', element: <CreateEntryPage /> },
        { path: '/diary/entries', element: <p>Entries list</p> },
      ],
      '/elsewhere',
      { notifications: true },
    );
    await view.router.navigate('/diary/entries/new', {
      state: {
        initialData: { ...FILLED, title: 'Họp giao ban' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create entry' }, { timeout: 5000 }));
    await screen.findByText('Entries list');
    expect(await screen.findByText('Entry "Họp giao ban" created.')).toBeTruthy();
  });
});
