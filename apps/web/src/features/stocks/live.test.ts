// The live-quote client's reconnects against a fake API and a fake EventSource: each reopen takes a
// new ticket and resumes after the last event seen; a planned end reopens at once, a dropped
// connection after a growing wait; a refused ticket (the sign-in ended) stops it.
import type { LiveQuoteEvent } from '@staff/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../test/event-source';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { followLiveQuotes, RETRY_MS } from './live';

const quote = (ticker: string, price: number): LiveQuoteEvent => ({
  ticker,
  price,
  volume: 100,
  as_of: '2026-05-06T02:45:00.000Z',
  source: 'vci',
  open: null,
  high: null,
  low: null,
});

/** Retries that run only when the test says so, with the waits they asked for. */
function manualDelay() {
  const pending: { retry: () => void; ms: number }[] = [];
  return {
    waits: () => pending.map((p) => p.ms),
    delay: (retry: () => void, ms: number) => {
      pending.push({ retry, ms });
      return () => {};
    },
    runLast: () => pending.at(-1)?.retry(),
  };
}

function setup(ticketStatus: () => number = () => 200) {
  let issued = 0;
  const api = fakeApi({
    'POST /api/stocks/stream-ticket/': () => {
      const status = ticketStatus();
      if (status !== 200)
        return jsonResponse(status, { detail: 'Token is blacklisted', code: 'token_not_valid' });
      issued += 1;
      return jsonResponse(200, { ticket: `tkt-${issued}`, expires_in: 60 });
    },
  });
  const retries = manualDelay();
  const received: LiveQuoteEvent[] = [];
  const refused: number[] = [];
  const stop = followLiveQuotes('FPT,VNM', (q) => received.push(q), {
    delay: retries.delay,
    onRefused: (status) => refused.push(status),
    eventSource: FakeEventSource as unknown as new (url: string) => EventSource,
  });
  const streamNumber = async (n: number) => {
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(n));
    return FakeEventSource.instances[n - 1] as FakeEventSource;
  };
  return { api, retries, received, refused, stop, streamNumber };
}

afterEach(() => {
  FakeEventSource.instances = [];
  vi.unstubAllGlobals();
});

describe('followLiveQuotes', () => {
  it('after a planned end, opens at once with a new ticket after the last quote seen', async () => {
    const { api, retries, received, stop, streamNumber } = setup();
    const first = await streamNumber(1);
    expect(first.params.get('ticket')).toBe('tkt-1');
    expect(first.params.get('tickers')).toBe('FPT,VNM');
    expect(first.params.get('after')).toBeNull();
    first.emit('open');
    first.emit('quote', quote('VNM', 61_200), '41');
    first.emit('quote', quote('FPT', 98_000), '42');
    first.emit('reconnect');
    expect(first.closed).toBe(true);

    const second = await streamNumber(2);
    expect(second.params.get('ticket')).toBe('tkt-2');
    expect(second.params.get('after')).toBe('42');
    expect(retries.waits()).toEqual([]); // no back-off for a planned end
    expect(api.callsTo('POST /api/stocks/stream-ticket/')).toHaveLength(2);
    second.emit('quote', quote('VNM', 61_300), '43');
    expect(received.map((q) => q.price)).toEqual([61_200, 98_000, 61_300]);
    stop();
    expect(second.closed).toBe(true);
  });

  it('after a dropped connection, waits longer each failure and resumes after the last quote', async () => {
    const { retries, stop, streamNumber } = setup();
    const first = await streamNumber(1);
    first.emit('open');
    first.emit('quote', quote('VNM', 61_200), '41');
    first.emit('error');
    expect(first.closed).toBe(true);
    expect(retries.waits()).toEqual([RETRY_MS[0]]);

    retries.runLast();
    const second = await streamNumber(2);
    expect(second.params.get('ticket')).toBe('tkt-2');
    expect(second.params.get('after')).toBe('41');
    second.emit('error'); // never opened: the next wait grows
    expect(retries.waits()).toEqual([RETRY_MS[0], RETRY_MS[1]]);

    retries.runLast();
    const third = await streamNumber(3);
    expect(third.params.get('after')).toBe('41');
    third.emit('open'); // a stream that opens resets the back-off
    third.emit('error');
    expect(retries.waits()).toEqual([RETRY_MS[0], RETRY_MS[1], RETRY_MS[0]]);
    stop();
  });

  it('retries a ticket request that failed for another reason', async () => {
    let status = 503;
    const { retries, stop, streamNumber } = setup(() => status);
    await vi.waitFor(() => expect(retries.waits()).toEqual([RETRY_MS[0]]));
    status = 200;
    retries.runLast();
    expect((await streamNumber(1)).params.get('ticket')).toBe('tkt-1');
    stop();
  });

  it('stops when the ticket request is refused because the sign-in ended', async () => {
    let status = 200;
    const { api, retries, refused, streamNumber } = setup(() => status);
    const first = await streamNumber(1);
    status = 401;
    first.emit('error'); // the server ended the stream of a revoked sign-in
    retries.runLast();
    await vi.waitFor(() => expect(refused).toEqual([401]));
    expect(api.callsTo('POST /api/stocks/stream-ticket/')).toHaveLength(2);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(retries.waits()).toEqual([RETRY_MS[0]]);
  });
});
