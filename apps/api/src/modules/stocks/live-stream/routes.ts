// HTTP for the live quote stream: the ticket (any stocks role, bearer-authenticated in onRequest)
// and the server-sent-events loop of GET /stream/, which EventSource opens with the ticket instead
// of a header. The stream's rules are in service.ts, the transport in http/sse.ts.
import { ErrorDetail, LiveQuoteEvent, StreamQuery, StreamTicket } from '@staff/contracts';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAuth } from '../../../http/auth';
import { permissionDenied, tokenNotValid } from '../../../http/errors';
import { createEventStreams, PLANNED_RECONNECT } from '../../../http/sse';
import type { AppMetrics } from '../../../metrics/app-metrics';
import { errorAnswers, noSecurity, security, sentAs, tags } from '../route-schemas';
import {
  type LiveStreamService,
  MAX_OPEN_STREAMS_PER_USER,
  STREAM_HEARTBEAT_MS,
  STREAM_MAX_LIFETIME_MS,
  STREAM_MESSAGES,
  STREAM_RECHECK_MS,
  tooManyStreams,
} from './service';

/** Quotes sent per poll of the stream at most (the rest follow on the next poll). */
const STREAM_BATCH = 500;

/** The stream's own 429: no rate limit, so no Retry-After. */
const TooManyStreams = ErrorDetail.describe(
  `The user already has ${MAX_OPEN_STREAMS_PER_USER} streams open: {"detail", "code": "too_many_streams"}.`,
);

export interface LiveStreamRouteDeps {
  liveStream: LiveStreamService;
  staff: onRequestAsyncHookHandler;
  /** How often an open stream looks for new quotes (default 1 s). */
  streamPollMs?: number;
  /** Counts the open streams (sse_streams_open{kind="stocks_live"}) when metrics are on. */
  metrics?: Pick<AppMetrics, 'sseStreamsOpen'> | undefined;
}

export function registerLiveStreamRoutes(app: FastifyInstance, deps: LiveStreamRouteDeps): void {
  const { liveStream: streams, staff } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pollMs = deps.streamPollMs ?? 1000;

  r.post('/api/stocks/stream-ticket/', {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary:
        'A single-use ticket (60 s to open) for the live quote stream, which EventSource opens without headers',
      description:
        'The ticket carries the sign-in it was asked for under: the stream ends when that sign-in does.',
      response: { 200: StreamTicket, ...errorAnswers(400, 401, 403) },
    },
    handler: async (request) => {
      const auth = currentAuth(request);
      return streams.issueTicket(auth.user.id, auth.family);
    },
  });

  const eventStreams = createEventStreams(app, { metrics: deps.metrics, kind: 'stocks_live' });

  r.get('/api/stocks/stream/', {
    schema: {
      tags,
      security: noSecurity,
      summary: 'Server-sent events: `quote` events for the tickers, as any API process writes them',
      description:
        'Authenticated by `ticket` from POST /stocks/stream-ticket/, which opens one stream, once. Each event ' +
        'carries a LiveQuoteEvent; its id is the quote id (pass it back as `after` when reopening). The stream ' +
        'polls the shared database, so a quote written by any process arrives within about a second. A user ' +
        `has at most ${MAX_OPEN_STREAMS_PER_USER} streams open (one more answers 429); a stream ends when its ` +
        'user is deactivated, loses the role or its sign-in ends, and after 15 minutes, when it sends ' +
        '`event: reconnect` first: reopen with a new ticket and `after`.',
      querystring: StreamQuery,
      response: {
        200: sentAs('text/event-stream', LiveQuoteEvent.describe('text/event-stream of these')),
        ...errorAnswers(400, 401, 403),
        429: TooManyStreams,
      },
    },
    handler: async (request, reply) => {
      const claims = streams.verifyTicket(request.query.ticket);
      if (!claims) throw tokenNotValid(STREAM_MESSAGES.ticketInvalid);
      const standing = await streams.standing(claims.userId, claims.family);
      if (standing === 'signed-out') throw tokenNotValid(STREAM_MESSAGES.signedOut);
      if (standing === 'no-role') throw permissionDenied();
      const ids = await streams.stockIdsOf(request.query.tickers);
      const header = Number(request.headers['last-event-id']);
      let last =
        request.query.after ??
        (Number.isInteger(header) && header > 0 ? header : await streams.latestQuoteId());
      const admitted = await streams.admit(claims);
      if (admitted === 'ticket-used') throw tokenNotValid(STREAM_MESSAGES.ticketUsed);
      if (admitted === 'too-many') throw tooManyStreams();
      const { streamId } = admitted;

      const stream = await eventStreams.open(request, reply, {
        retryMs: 3000,
        name: 'stocks stream',
        // The slot is free before the client sees the end, so a reconnect can take it.
        onEnd: async () => {
          try {
            await streams.close(streamId);
          } catch (err) {
            request.log.warn({ err }, 'stocks stream: slot not released (its heartbeat lapses instead)');
          }
        },
      });
      if (!stream) return;

      // Lifetime, re-check and heartbeat run on the service's (the app's) clock; the keep-alive comment for
      // proxies on real time (sse.ts).
      const openedAt = streams.now().getTime();
      let checkedAt = openedAt;
      let beatAt = openedAt;
      stream.every(
        pollMs,
        async () => {
          const at = streams.now().getTime();
          if (at - openedAt >= STREAM_MAX_LIFETIME_MS) return await stream.end(PLANNED_RECONNECT);
          if (at - checkedAt >= STREAM_RECHECK_MS) {
            checkedAt = at;
            // Signed out, deactivated, deleted or without the role: end without a reconnect hint;
            // the client's next ticket request is refused, so the web's token flow signs it out.
            if ((await streams.standing(claims.userId, claims.family)) !== 'entitled')
              return await stream.end();
          }
          if (at - beatAt >= STREAM_HEARTBEAT_MS) {
            beatAt = at;
            // The slot was swept as stale (this process stalled): reopen to claim a slot again.
            if (!(await streams.heartbeat(streamId))) return await stream.end(PLANNED_RECONNECT);
          }
          const quotes = ids.length ? await streams.quotesAfter(ids, last, STREAM_BATCH) : [];
          for (const { id, event } of quotes) {
            stream.send({ id, event: 'quote', data: event });
            last = id;
          }
        },
        { first: 'now' },
      );
    },
  });
}
