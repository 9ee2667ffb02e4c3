// A table's events as they are written: GET …/stream/ (server-sent events). The stream is
// bearer-authenticated (decision 0033), which EventSource cannot send, so it is read with fetch and
// parsed here. Every (re)open resumes after the last seq the device holds (`after` and Last-Event-ID):
// nothing is lost or seen twice. A planned end (`event: reconnect`) reopens at once; a dropped
// connection first refetches the table (what the device missed, whatever happened meanwhile), then
// reopens with a growing wait while that fails, and at once when the browser comes back online.
import { TableEvent } from '@staff/contracts';
import { ApiError } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/auth-storage';
import { type TableGuest, tablePath } from './api';

/** Waits before the 1st, 2nd, 3rd… consecutive failed reopen; a stream that opens resets it. */
export const STREAM_RETRY_MS = [1000, 2000, 5000, 10_000];

export interface TableStreamHandlers {
  /** The last seq the device holds: the stream resumes after it. */
  seq: () => number;
  onEvent: (event: TableEvent) => void;
  /** Before reopening after a failure: bring the table up to date (rejects while offline). */
  resync: () => Promise<void>;
  /** The stream is open (true) or down (false). */
  onConnected?: (connected: boolean) => void;
  /** The table is no longer this user's to see (403, 404; a guest's ended invite, 401): the stream stops. */
  onRefused?: (error: ApiError) => void;
  /** The table was closed (idle) or resumed (`event: status`): read it again. */
  onStatus?: () => void;
}

export interface TableStreamDeps {
  /** A guest seat's invite token: the stream is read with it instead of the sign-in. */
  guest?: TableGuest;
  /** Runs `retry` after `ms`; answers a cancel. Tests pass their own. */
  delay?: (retry: () => void, ms: number) => () => void;
}

const timerDelay = (retry: () => void, ms: number) => {
  const timer = setTimeout(retry, ms);
  return () => clearTimeout(timer);
};

type Message = { id: string | null; event: string; data: string };

/** Splits server-sent text into messages; answers the messages and the unfinished rest. */
export function parseSse(text: string): { messages: Message[]; rest: string } {
  const blocks = text.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const messages: Message[] = [];
  for (const block of blocks) {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0 || event !== 'message') messages.push({ id, event, data: data.join('\n') });
  }
  return { messages, rest };
}

/** Follows a table's events until the returned stop is called. */
export function followTable(
  tableId: number,
  handlers: TableStreamHandlers,
  deps: TableStreamDeps = {},
): () => void {
  const delay = deps.delay ?? timerDelay;
  const guest = deps.guest ?? null;
  // A guest has no sign-in to refresh: a 401 means the invite ended (revoked, or the game over).
  const refusal = (status: number) => status === 403 || status === 404 || (guest !== null && status === 401);
  let stopped = false;
  let failures = 0;
  let controller: AbortController | null = null;
  let cancelRetry: (() => void) | null = null;

  const reopenAfterFailure = async () => {
    cancelRetry = null;
    if (stopped) return;
    try {
      await handlers.resync();
    } catch (error) {
      if (error instanceof ApiError && refusal(error.status)) {
        handlers.onRefused?.(error);
        return;
      }
      retryLater();
      return;
    }
    void open();
  };

  const retryLater = () => {
    if (stopped || cancelRetry) return;
    handlers.onConnected?.(false);
    const wait = STREAM_RETRY_MS[Math.min(failures, STREAM_RETRY_MS.length - 1)] as number;
    failures += 1;
    cancelRetry = delay(() => void reopenAfterFailure(), wait);
  };

  const onOnline = () => {
    if (!cancelRetry) return;
    cancelRetry();
    cancelRetry = null;
    void reopenAfterFailure();
  };
  window.addEventListener('online', onOnline);

  const open = async () => {
    if (stopped) return;
    controller = new AbortController();
    const after = handlers.seq();
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    const token = guest ?? getAccessToken();
    if (token) headers.Authorization = guest ? `Guest ${guest}` : `Bearer ${token}`;
    if (after > 0) headers['Last-Event-ID'] = String(after);
    let planned = false;
    try {
      const response = await fetch(`${tablePath(tableId)}stream/?after=${after}`, {
        headers,
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        // A refused token is refreshed by the API client's next call (the resync before reopening).
        if (refusal(response.status)) {
          handlers.onRefused?.(new ApiError(response.status, null));
          return;
        }
        retryLater();
        return;
      }
      failures = 0;
      handlers.onConnected?.(true);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done || stopped) break;
        buffer += decoder.decode(value, { stream: true });
        const { messages, rest } = parseSse(buffer);
        buffer = rest;
        for (const message of messages) {
          if (message.event === 'reconnect') planned = true;
          if (message.event === 'status') handlers.onStatus?.();
          if (message.event !== 'table') continue;
          const parsed = TableEvent.safeParse(JSON.parse(message.data));
          if (parsed.success) handlers.onEvent(parsed.data);
        }
      }
    } catch {
      // A dropped connection (or the stop's abort): reopened below unless stopped.
    }
    if (stopped) return;
    if (planned) void open();
    else retryLater();
  };

  void open();
  return () => {
    stopped = true;
    window.removeEventListener('online', onOnline);
    cancelRetry?.();
    controller?.abort();
  };
}
