// Live quotes for a set of tickers over server-sent events. EventSource cannot send the bearer
// header, so an authenticated POST fetches a single-use ticket first (docs/decisions/0009-stocks.md).
// Every reopen takes a NEW ticket through the normal token flow and resumes after the last event
// seen, so no quote is lost: at once when the server ends a stream as planned (`event: reconnect`,
// its 15-minute lifetime), with a back-off when the connection drops or the ticket request fails.
// When the sign-in has ended, the ticket request is refused (401, and the token flow signs the
// user out) and the stream is not reopened.
import { LiveQuoteEvent, StreamTicket } from '@staff/contracts';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../../lib/api-client';
import { STOCKS_API } from './api';

/** Waits before the 1st, 2nd, 3rd… consecutive failed reopen; a stream that opens resets it. */
export const RETRY_MS = [1000, 3000, 10_000, 30_000];

export interface LiveQuoteDeps {
  /** Runs `retry` after `ms`; answers a cancel. Tests pass one that records the wait. */
  delay?: (retry: () => void, ms: number) => () => void;
  /** The EventSource class; tests pass a fake. */
  eventSource?: new (
    url: string,
  ) => EventSource;
  /** Told when the ticket request is refused (401 or 403) and the quotes stop. */
  onRefused?: (status: number) => void;
}

const timerDelay = (retry: () => void, ms: number) => {
  const timer = setTimeout(retry, ms);
  return () => clearTimeout(timer);
};

/** Follows the live quotes of comma-joined tickers until the returned stop is called. */
export function followLiveQuotes(
  tickers: string,
  onQuote: (quote: LiveQuoteEvent) => void,
  deps: LiveQuoteDeps = {},
): () => void {
  const delay = deps.delay ?? timerDelay;
  let source: EventSource | null = null;
  let stopped = false;
  let failures = 0;
  let lastId: string | null = null;
  let cancelRetry = () => {};

  const retryLater = () => {
    if (stopped) return;
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] as number;
    failures += 1;
    cancelRetry = delay(() => void open(), wait);
  };

  const open = async () => {
    let ticket: string;
    try {
      ({ ticket } = await api.post(`${STOCKS_API}stream-ticket/`, undefined, { schema: StreamTicket }));
    } catch (error) {
      // Signed out (the token flow has already taken the user to sign in) or no longer allowed.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        deps.onRefused?.(error.status);
        return;
      }
      retryLater();
      return;
    }
    if (stopped) return;
    const after = lastId ? `&after=${encodeURIComponent(lastId)}` : '';
    const EventSourceClass = deps.eventSource ?? EventSource;
    const stream = new EventSourceClass(
      `${STOCKS_API}stream/?tickers=${encodeURIComponent(tickers)}&ticket=${encodeURIComponent(ticket)}${after}`,
    );
    source = stream;
    stream.addEventListener('open', () => {
      failures = 0;
    });
    stream.addEventListener('quote', (event) => {
      const message = event as MessageEvent<string>;
      const parsed = LiveQuoteEvent.safeParse(JSON.parse(message.data));
      if (!parsed.success) return;
      if (message.lastEventId) lastId = message.lastEventId;
      onQuote(parsed.data);
    });
    stream.addEventListener('reconnect', () => {
      // A planned end: reopen at once.
      stream.close();
      if (!stopped) void open();
    });
    stream.addEventListener('error', () => {
      // EventSource would retry the same URL, but its ticket is spent: reopen with a new one.
      stream.close();
      retryLater();
    });
  };

  void open();
  return () => {
    stopped = true;
    cancelRetry();
    source?.close();
  };
}

/** The latest live quote per ticker while the component is mounted. */
export function useLiveQuotes(tickers: string[]): Record<string, LiveQuoteEvent> {
  const [quotes, setQuotes] = useState<Record<string, LiveQuoteEvent>>({});
  const key = [...new Set(tickers)].sort().join(',');

  useEffect(() => {
    setQuotes({});
    if (!key || typeof EventSource === 'undefined') return;
    return followLiveQuotes(key, (quote) => setQuotes((prev) => ({ ...prev, [quote.ticker]: quote })));
  }, [key]);

  return quotes;
}
