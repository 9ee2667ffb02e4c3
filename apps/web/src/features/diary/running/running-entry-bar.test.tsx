import type { Category, Entry, RunningEntry } from '@staff/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { OVERDUE_MESSAGE, RunningEntryBar } from './running-entry-bar';

const RUNNING = '/api/diaries/running/';
const categories: Category[] = [{ id: 7, title: 'Reading', user: 1, jar: 3, jar_key: 'education' }];
const running: RunningEntry = {
  title: 'Read a book',
  category: [{ id: 7, title: 'Reading' }],
  started_at: '2030-01-10T01:00:00.000Z',
  start_date: '2030-01-10',
  start_time: '08:00',
  time_zone: 'Asia/Ho_Chi_Minh',
  elapsed_seconds: 3723,
  overdue: false,
};

function renderBar() {
  return renderRoutes([{ path: '*', element: <RunningEntryBar /> }], '/', { notifications: true });
}

let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup({ delay: null });
  signInAs('staff');
});

describe('RunningEntryBar', { timeout: 20_000 }, () => {
  it("starts an entry with 'Bắt đầu' and shows it with its elapsed time and 'Dừng'", async () => {
    let current: RunningEntry | null = null;
    const api = fakeApi({
      [`GET ${RUNNING}`]: () => jsonResponse(200, current),
      [`POST ${RUNNING}`]: () => {
        current = { ...running, category: [], elapsed_seconds: 0 };
        return jsonResponse(201, current);
      },
      'GET /api/diaries/categories/': () => jsonResponse(200, categories),
    });
    renderBar();
    await user.click(await screen.findByRole('button', { name: 'Bắt đầu' }));
    expect(await screen.findByText('Title is required.')).toBeTruthy();
    expect(api.callsTo(`POST ${RUNNING}`)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'What are you doing?' }), 'Read a book');
    await user.click(screen.getByRole('button', { name: 'Bắt đầu' }));
    expect((await screen.findByTestId('running-title')).textContent).toMatch('Read a book');
    const [sent] = api.callsTo(`POST ${RUNNING}`);
    expect(JSON.parse(String(sent?.body))).toEqual({
      title: 'Read a book',
      category: [],
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(screen.getByTestId('running-elapsed').textContent).toMatch(/^0:00:0\d$/);
    expect(screen.getByRole('button', { name: 'Dừng' })).toBeTruthy();
    expect(screen.queryByText(OVERDUE_MESSAGE)).toBeNull();
  });

  it("asks to be ended past 24 hours; 'Dừng' asks for what the entry lacks and makes it an entry", async () => {
    let current: RunningEntry | null = { ...running, elapsed_seconds: 86_401, overdue: true };
    // The latest entry, whose place and feeling the new one starts with (as on the week calendar).
    const latest: Entry = {
      id: 4,
      diary: 9,
      title: 'Họp nhóm',
      feeling: 'tired',
      start_date: '2030-01-09',
      start_time: '14:00',
      end_date: '2030-01-09',
      end_time: '15:00',
      time_zone: 'Asia/Ho_Chi_Minh',
      start_at: '2030-01-09T07:00:00.000Z',
      end_at: '2030-01-09T08:00:00.000Z',
      duration_minutes: 60,
      place: 'Thư viện',
      category: [{ id: 7, title: 'Reading' }],
      note: 'Kế hoạch',
      feedback: '',
      overlaps: false,
    };
    const api = fakeApi({
      [`GET ${RUNNING}`]: () => jsonResponse(200, current),
      'GET /api/diaries/categories/': () => jsonResponse(200, categories),
      'GET /api/diaries/diaries/': () => jsonResponse(200, [{ id: 9, title: 'me@x.test', user: 1 }]),
      'GET /api/diaries/9/entries/': () => jsonResponse(200, [latest]),
      [`POST ${RUNNING}stop/`]: ({ body }) => {
        const sent = JSON.parse(String(body)) as Record<string, string>;
        if (!sent.place) return jsonResponse(400, { place: ['Place is required.'] });
        current = null;
        const entry: Entry = {
          id: 5,
          diary: 1,
          title: String(sent.title),
          feeling: 'happy',
          start_date: '2030-01-10',
          start_time: '08:00',
          end_date: '2030-01-11',
          end_time: '08:01',
          time_zone: 'Asia/Ho_Chi_Minh',
          start_at: '2030-01-10T01:00:00.000Z',
          end_at: '2030-01-11T01:01:00.000Z',
          duration_minutes: 1441,
          place: 'Library',
          category: [{ id: 7, title: 'Reading' }],
          note: 'Two chapters',
          feedback: '',
          overlaps: false,
        };
        return jsonResponse(201, entry);
      },
    });
    renderBar();
    expect(await screen.findByText(OVERDUE_MESSAGE)).toBeTruthy();
    expect(screen.getByTestId('running-elapsed').textContent).toMatch(/^24:00:0\d$/);
    await user.click(screen.getByRole('button', { name: 'Dừng' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop the running entry' });
    // The form opens once the latest entries are read.
    await within(dialog).findByLabelText(/^Title/);
    const value = (name: RegExp | string) => (within(dialog).getByLabelText(name) as HTMLInputElement).value;
    expect(value(/^Title/)).toBe('Read a book');
    // Dates as dd/mm/yyyy and times in 24 hours (issue 24); the place of the latest entry.
    expect(value(/^Start date/)).toBe('10/01/2030');
    expect(value('Start time, hours')).toBe('08');
    expect(value('Start time, minutes')).toBe('00');
    expect(value(/^End date/)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(value(/^Place/)).toBe('Thư viện');
    expect(value(/^Note/)).toBe('');

    await user.type(within(dialog).getByLabelText(/^Note/), 'Two chapters');
    await user.click(within(dialog).getByRole('button', { name: 'Save entry' }));
    expect(await screen.findByText('Entry "Read a book" created.')).toBeTruthy();
    const [stop] = api.callsTo(`POST ${RUNNING}stop/`);
    expect(JSON.parse(String(stop?.body))).toMatchObject({
      title: 'Read a book',
      start_date: '2030-01-10',
      start_time: '08:00',
      category: [7],
      place: 'Thư viện',
      feeling: 'tired',
      note: 'Two chapters',
      time_zone: 'Asia/Ho_Chi_Minh',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bắt đầu' })).toBeTruthy());
  });
});
