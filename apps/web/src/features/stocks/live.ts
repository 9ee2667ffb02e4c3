// Live quotes for a set of tickers over server-sent events. EventSource cannot send the bearer
// header, so an authenticated POST fetches a short-lived ticket first (docs/decisions/0009-stocks.md);
// when the stream drops, a new ticket reopens it after the last event seen.
import { LiveQuoteEvent, StreamTicket } from '@staff/contracts';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { STOCKS_API } from './api';

const RETRY_MS = [1000, 3000, 10_000, 30_000];

/** The latest live quote per ticker while the component is mounted. */
export function useLiveQuotes(tickers: string[]): Record<string, LiveQuoteEvent> {
  const [quotes, setQuotes] = useState<Record<string, LiveQuoteEvent>>({});
  const key = [...new Set(tickers)].sort().join(',');

  useEffect(() => {
    setQuotes({});
    if (!key || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let stopped = false;
    let failures = 0;
    let lastId: string | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const open = async () => {
      try {
        const { ticket } = await api.post(`${STOCKS_API}stream-ticket/`, undefined, { schema: StreamTicket });
        if (stopped) return;
        const after = lastId ? `&after=${encodeURIComponent(lastId)}` : '';
        source = new EventSource(
          `${STOCKS_API}stream/?tickers=${encodeURIComponent(key)}&ticket=${encodeURIComponent(ticket)}${after}`,
        );
        source.addEventListener('open', () => {
          failures = 0;
        });
        source.addEventListener('quote', (event) => {
          const message = event as MessageEvent<string>;
          const parsed = LiveQuoteEvent.safeParse(JSON.parse(message.data));
          if (!parsed.success) return;
          if (message.lastEventId) lastId = message.lastEventId;
          setQuotes((prev) => ({ ...prev, [parsed.data.ticker]: parsed.data }));
        });
        source.addEventListener('error', () => {
          // The ticket is single-use in practice (it expires), so reopen with a fresh one.
          source?.close();
          schedule();
        });
      } catch {
        schedule();
      }
    };
    const schedule = () => {
      if (stopped) return;
      const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] as number;
      failures += 1;
      retry = setTimeout(() => void open(), wait);
    };
    void open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [key]);

  return quotes;
}
