import type { Entry } from '@staff/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entryFixture } from '../../../test/entries';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { signInAs } from '../../../test/session';
import { diaryKeys } from '../api/diary-keys';
import { CHANGED_MEANWHILE, REPEATED_HOUR, useMoveEntry } from './use-move-entry';

const shown: Entry = entryFixture({ id: 7, diary: 3 });
const listKey = diaryKeys.entryList(3, {
  start_date: '2026-11-30',
  end_date: '2026-12-06',
  feeling: null,
  category: null,
});
const ENTRY = 'GET /api/diaries/entries/7/';
const PATCH = 'PATCH /api/diaries/entries/7/';
const quarterLater = {
  startMs: Date.parse('2026-12-01T02:15:00Z'),
  endMs: Date.parse('2026-12-01T03:15:00Z'),
};

function versioned(entry: Entry, etag: string): Response {
  return new Response(JSON.stringify(entry), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ETag: etag },
  });
}

function setUp() {
  signInAs('staff');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(listKey, [shown]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useMoveEntry(), { wrapper });
  const listed = () => queryClient.getQueryData<Entry[]>(listKey)?.[0];
  return { move: result.current, listed, queryClient };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('moving an entry on the calendar', () => {
  it('shows the move at once and sends one PATCH per move, each with the tag the last one got', async () => {
    const { move, listed } = setUp();
    let version = 1;
    const api = fakeApi({
      [ENTRY]: () => versioned(shown, '"v1"'),
      [PATCH]: async ({ body }) => {
        version += 1;
        const times = JSON.parse(String(body)) as Partial<Entry>;
        const minutes = times.start_time === '09:15' ? 15 : 30;
        const startMs = Date.parse(shown.start_at) + minutes * 60_000;
        return versioned(
          {
            ...shown,
            ...times,
            start_at: new Date(startMs).toISOString(),
            end_at: new Date(startMs + 3_600_000).toISOString(),
          },
          `"v${version}"`,
        );
      },
    });

    const first = move(shown, quarterLater);
    expect(listed()?.start_time).toBe('09:15'); // before any answer
    const second = move(
      {
        ...shown,
        start_time: '09:15',
        end_time: '10:15',
        start_at: '2026-12-01T02:15:00.000Z',
        end_at: '2026-12-01T03:15:00.000Z',
      },
      { startMs: Date.parse('2026-12-01T02:30:00Z'), endMs: Date.parse('2026-12-01T03:30:00Z') },
    );
    expect(await first).toEqual({ ok: true });
    expect(await second).toEqual({ ok: true });

    expect(api.callsTo(ENTRY)).toHaveLength(1);
    const patches = api.callsTo(PATCH);
    expect(patches.map((p) => p.headers.get('If-Match'))).toEqual(['"v1"', '"v2"']);
    expect(JSON.parse(String(patches[0]?.body))).toEqual({
      start_date: '2026-12-01',
      start_time: '09:15',
      end_date: '2026-12-01',
      end_time: '10:15',
    });
    expect(listed()).toMatchObject({ start_time: '09:30', end_time: '10:30' });
  });

  it("rolls back with the server's message when the tag is stale", async () => {
    const { move, listed } = setUp();
    fakeApi({
      [ENTRY]: () => versioned(shown, '"v1"'),
      [PATCH]: () =>
        jsonResponse(412, { detail: 'This entry was changed by someone else since you opened it.' }),
    });
    const outcome = move(shown, quarterLater);
    expect(listed()?.start_time).toBe('09:15');
    expect(await outcome).toEqual({
      ok: false,
      message: 'This entry was changed by someone else since you opened it.',
    });
    expect(listed()).toEqual(shown);
  });

  it('sends nothing when the entry changed since the calendar showed it', async () => {
    const { move, listed } = setUp();
    const api = fakeApi({
      [ENTRY]: () => versioned({ ...shown, title: 'Viết báo cáo (đã sửa)' }, '"v9"'),
    });
    expect(await move(shown, quarterLater)).toEqual({ ok: false, message: CHANGED_MEANWHILE });
    expect(api.callsTo(PATCH)).toHaveLength(0);
    expect(listed()).toEqual(shown);
  });

  it("refuses, without a call, a time the entry's zone has twice", async () => {
    const { move, listed } = setUp();
    const api = fakeApi({});
    const inNewYork = { ...shown, time_zone: 'America/New_York' };
    // Ends at 01:30 EST on 1 November 2026, the second 01:30 of that night.
    const outcome = await move(inNewYork, {
      startMs: Date.parse('2026-11-01T04:00:00Z'),
      endMs: Date.parse('2026-11-01T06:30:00Z'),
    });
    expect(outcome).toEqual({ ok: false, message: REPEATED_HOUR });
    expect(api.calls).toHaveLength(0);
    expect(listed()).toEqual(shown);
  });
});
