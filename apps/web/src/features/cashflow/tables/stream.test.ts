// The table's event stream read with fetch: events in order, a planned end reopened at once, a dropped
// connection refetched and resumed after the last seq held (after= and Last-Event-ID).
import type { TableEvent } from '@staff/contracts';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../../test/fake-api';
import { followTable, parseSse } from './stream';
import { sseStream, tableEvent } from './test-table';

const STREAM = 'GET /api/cashflow/tables/7/stream/';
const gift = { type: 'receiveCash', playerId: 'p1', name: 'Quà', amount: 10 } as const;

afterEach(() => vi.unstubAllGlobals());

describe('parseSse', () => {
  it('splits messages, skips comments and keeps an unfinished one for later', () => {
    const { messages, rest } = parseSse(
      'retry: 1000\n: connected\n\nid: 3\nevent: table\ndata: {"a":1}\n\nid: 4\nev',
    );
    expect(messages).toEqual([{ id: '3', event: 'table', data: '{"a":1}' }]);
    expect(rest).toBe('id: 4\nev');
  });
});

describe('followTable', () => {
  it('delivers events, and after a drop refetches the table and resumes after the last seq held', async () => {
    const streams = [sseStream(), sseStream()];
    let opened = 0;
    const api = fakeApi({
      [STREAM]: () => (streams[opened++] ?? sseStream()).response(),
      'GET /api/cashflow/tables/7/': () => jsonResponse(200, {}),
    });
    const events: TableEvent[] = [];
    let seq = 2;
    const retries: number[] = [];
    const resync = vi.fn(async () => {
      seq = 5;
    });
    const stop = followTable(
      7,
      {
        seq: () => seq,
        onEvent: (event) => {
          events.push(event);
          seq = event.seq;
        },
        resync,
      },
      {
        delay: (retry, ms) => {
          retries.push(ms);
          retry();
          return () => {};
        },
      },
    );
    await waitFor(() => expect(opened).toBe(1));
    const first = api.callsTo(STREAM)[0];
    expect(first?.url.searchParams.get('after')).toBe('2');
    expect(first?.headers.get('Last-Event-ID')).toBe('2');
    expect(first?.headers.get('Authorization')).toBeNull();

    streams[0]?.raw('retry: 1000\n: connected\n\n');
    streams[0]?.send(tableEvent(3, gift));
    await waitFor(() => expect(events.map((e) => e.seq)).toEqual([3]));
    streams[0]?.fail();
    await waitFor(() => expect(opened).toBe(2));
    expect(resync).toHaveBeenCalledTimes(1);
    expect(retries).toEqual([1000]);
    expect(api.callsTo(STREAM)[1]?.url.searchParams.get('after')).toBe('5');
    streams[1]?.send(tableEvent(6, gift));
    await waitFor(() => expect(events.map((e) => e.seq)).toEqual([3, 6]));
    stop();
  });

  it('reopens at once after a planned end, and stops for a table no longer the user’s', async () => {
    const first = sseStream();
    let opened = 0;
    fakeApi({
      [STREAM]: () => {
        opened += 1;
        return opened === 1 ? first.response() : jsonResponse(404, { detail: 'Not found.' });
      },
    });
    const resync = vi.fn(async () => {});
    const onRefused = vi.fn();
    const stop = followTable(7, { seq: () => 0, onEvent: () => {}, resync, onRefused });
    await waitFor(() => expect(opened).toBe(1));
    first.raw('event: reconnect\ndata: {}\n\n');
    first.close();
    await waitFor(() => expect(onRefused).toHaveBeenCalled());
    expect(opened).toBe(2);
    expect(resync).not.toHaveBeenCalled();
    stop();
  });
});
