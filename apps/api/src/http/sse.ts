// Server-sent events (text/event-stream): the transport the app's streams share (the live quotes,
// a CashFlow table's events). It writes the headers and the reconnect hint (`retry:`), frames each
// event (`id:`, `event:`, `data:`), sends a comment when the stream has been quiet for a while so
// that idle proxies keep it open, runs the stream's poll until the stream ends, and ends it once,
// whatever ends it: the client going away, the stream's own rules, or the server closing. What a
// stream sends, and when its rules end it, are its route's.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppMetrics, StreamKind } from '../metrics/app-metrics';

/** A comment line this often (real time) keeps idle proxies from closing a quiet stream. */
export const SSE_KEEPALIVE_MS = 15_000;

/** One event: its name, its data (sent as JSON) and, when the client may resume after it, its id. */
export interface SseEvent {
  id?: number | string;
  event: string;
  data: unknown;
}

/** Sent before a planned end: the client reopens at once, from the last id it saw. */
export const PLANNED_RECONNECT: SseEvent = { event: 'reconnect', data: {} };

/** An event as the stream carries it. */
export function sseFrame({ id, event, data }: SseEvent): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export interface EventStreamOptions {
  /** The reconnect hint: how long EventSource waits before reopening a dropped stream. */
  retryMs: number;
  /** Names the stream in its log lines ('table stream: poll failed'). */
  name: string;
  /** Runs once when the stream ends (a HEAD request's too), before its last event: release what it holds. */
  onEnd?: () => void | Promise<void>;
}

export interface EventStream {
  /** True once the stream has ended: nothing more is written. */
  readonly closed: boolean;
  /** Writes one event (nothing once the stream has ended). */
  send(event: SseEvent): void;
  /**
   * Runs `step` every `ms` until the stream ends, one run at a time, the first at once or after
   * `ms`; after each run, a comment if nothing was written for SSE_KEEPALIVE_MS. A failed run is
   * logged and the next one runs as planned.
   */
  every(ms: number, step: () => Promise<void>, options?: { first: 'now' | 'later' }): void;
  /** Ends the stream, once: `onEnd`, then the last event if one is given, then the response's end. */
  end(last?: SseEvent): Promise<void>;
}

/** What counts the open streams of a kind (sse_streams_open), when metrics are on. */
export interface StreamCount {
  metrics: Pick<AppMetrics, 'sseStreamsOpen'> | undefined;
  kind: StreamKind;
}

/**
 * The streams of one route: `open` turns a request into a stream, and the server's close ends every
 * stream still open (they would otherwise hold it open).
 */
export function createEventStreams(app: FastifyInstance, count?: StreamCount) {
  const open = new Set<EventStream>();
  app.addHook('preClose', async () => {
    await Promise.all([...open].map((stream) => stream.end()));
  });
  const label = count ? { kind: count.kind } : undefined;

  return {
    /**
     * Takes the reply over and opens the stream: the headers, the reconnect hint, a first comment.
     * Null for HEAD: a HEAD response carries no body, so the stream's writes would never flush its
     * headers and the request (and its poll) would hang open; it gets the headers, then the end.
     */
    async open(
      request: FastifyRequest,
      reply: FastifyReply,
      options: EventStreamOptions,
    ): Promise<EventStream | null> {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let closed = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let lastWrite = Date.now();
      const write = (text: string) => {
        res.write(text);
        lastWrite = Date.now();
      };

      const stream: EventStream = {
        get closed() {
          return closed;
        },
        send(event) {
          if (!closed) write(sseFrame(event));
        },
        every(ms, step, { first } = { first: 'later' }) {
          const run = async () => {
            if (closed) return;
            try {
              await step();
              if (!closed && Date.now() - lastWrite >= SSE_KEEPALIVE_MS) write(': ping\n\n');
            } catch (err) {
              request.log.warn({ err }, `${options.name}: poll failed`);
            }
            if (!closed) timer = setTimeout(run, ms);
          };
          if (first === 'now') void run();
          else timer = setTimeout(run, ms);
        },
        async end(last) {
          if (closed) return;
          closed = true;
          clearTimeout(timer);
          if (open.delete(stream) && label) count?.metrics?.sseStreamsOpen.dec(label);
          try {
            await options.onEnd?.();
          } catch (err) {
            request.log.warn({ err }, `${options.name}: ending failed`);
          }
          if (last && !res.writableEnded) res.write(sseFrame(last));
          res.end();
        },
      };

      if (request.method === 'HEAD') {
        await stream.end();
        return null;
      }
      write(`retry: ${options.retryMs}\n: connected\n\n`);
      open.add(stream);
      if (label) count?.metrics?.sseStreamsOpen.inc(label);
      request.raw.on('close', () => void stream.end());
      res.on('close', () => void stream.end());
      return stream;
    },
  };
}

export type EventStreams = ReturnType<typeof createEventStreams>;
