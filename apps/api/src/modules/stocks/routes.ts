// HTTP for the stock watchlists (spec section 7, Stocks) plus the holiday table and the live
// quote stream. Roles: MODULE_ROLES.stocks (admin, manager, staff); creating stocks and price
// records: admin and manager; the holiday table: admin. Rules live in service.ts. Roles are
// checked in onRequest, before the query or body is validated: a stranger gets 401, never a 400.
import {
  AddItem,
  ErrorDetail,
  ExchangeList,
  HolidayPathParams,
  HolidayQuery,
  IdPathParams,
  LiveQuoteEvent,
  MarketHoliday,
  MarketHolidayCreate,
  MarketHolidayList,
  MODULE_ROLES,
  PriceRecord,
  PriceRecordCreate,
  PriceRecordList,
  PriceRecordQuery,
  RealtimeQuoteList,
  RemoveItem,
  Snapshot,
  SnapshotList,
  Stock,
  StockCreate,
  StockList,
  StockSearchQuery,
  StreamQuery,
  StreamTicket,
  TickerPathParams,
  TickersQuery,
  ValidationErrors,
  WatchlistCreate,
  WatchlistDetail,
  WatchlistItem,
  WatchlistList,
  WatchlistUpdate,
} from '@staff/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/index';
import { type createAuthGuards, currentAuth } from '../../http/auth';
import { permissionDenied, tokenNotValid } from '../../http/errors';
import {
  createLiveStreams,
  MAX_OPEN_STREAMS_PER_USER,
  STREAM_HEARTBEAT_MS,
  STREAM_MAX_LIFETIME_MS,
  STREAM_MESSAGES,
  STREAM_RECHECK_MS,
  tooManyStreams,
} from './live-stream';
import { createStocksService } from './service';

const tags = ['stocks'];
const security = [{ bearerAuth: [] }];
const errors = { 400: ValidationErrors, 401: ErrorDetail, 403: ErrorDetail, 404: ErrorDetail };
const Empty = z.null().describe('No content');
/** Quotes sent per poll of the stream at most (the rest follow on the next poll). */
const STREAM_BATCH = 500;
/** A comment line this often keeps idle proxies from closing a quiet stream. */
const STREAM_KEEPALIVE_MS = 15_000;
/** Sent before a planned end: the client reopens at once with a new ticket and `after`. */
const PLANNED_RECONNECT = 'event: reconnect\ndata: {}\n\n';

export interface StocksRouteDeps {
  db: Db;
  now: () => Date;
  /** Signs stream tickets (a key derived from it). */
  secret: string;
  requireUser: ReturnType<typeof createAuthGuards>['requireUser'];
  /** How often an open stream looks for new quotes (default 1 s). */
  streamPollMs?: number;
}

export function registerStocksRoutes(app: FastifyInstance, deps: StocksRouteDeps): void {
  const stocks = createStocksService({ db: deps.db, now: deps.now });
  const streams = createLiveStreams({ db: deps.db, now: deps.now, secret: deps.secret });
  const user = deps.requireUser(MODULE_ROLES.stocks);
  const editor = deps.requireUser(['admin', 'manager']);
  const admin = deps.requireUser(['admin']);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const viewer = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user;
  const pollMs = deps.streamPollMs ?? 1000;

  // --- stocks and exchanges
  r.get('/api/stocks/stocks/', {
    onRequest: user,
    schema: {
      tags,
      security,
      summary: 'Search stocks: q matches a ticker prefix or the name (accent-insensitive), tickers first',
      description:
        '`ticker` looks one stock up exactly (the stock page fallback). Without q: active stocks by ticker.',
      querystring: StockSearchQuery,
      response: { 200: StockList, ...errors },
    },
    handler: async (request) => stocks.searchStocks(request.query),
  });

  r.post('/api/stocks/stocks/', {
    onRequest: editor,
    schema: {
      tags,
      security,
      summary: 'Create a stock (admin, manager); the ticker is upper-cased and unique',
      body: StockCreate,
      response: { 201: Stock, ...errors },
    },
    handler: async (request, reply) => reply.code(201).send(await stocks.createStock(request.body)),
  });

  r.get('/api/stocks/stocks/:ticker/', {
    onRequest: user,
    schema: {
      tags,
      security,
      summary: 'One stock by ticker',
      params: TickerPathParams,
      response: { 200: Stock, ...errors },
    },
    handler: async (request) => stocks.getStock(request.params.ticker),
  });

  r.get('/api/stocks/exchanges/', {
    onRequest: user,
    schema: { tags, security, summary: 'HOSE, HNX and UPCOM', response: { 200: ExchangeList, ...errors } },
    handler: async () => stocks.listExchanges(),
  });

  // --- snapshots and quotes
  r.get('/api/stocks/snapshots/', {
    onRequest: user,
    schema: {
      tags,
      security,
      summary: 'Snapshots for comma-joined tickers (at most 100; unknown tickers are left out)',
      querystring: TickersQuery,
      response: { 200: SnapshotList, ...errors },
    },
    handler: async (request) => stocks.snapshots(request.query.tickers),
  });

  r.get('/api/stocks/snapshots/:ticker/', {
    onRequest: user,
    schema: {
      tags,
      security,
      summary: "One ticker's snapshot",
      params: TickerPathParams,
      response: { 200: Snapshot, ...errors },
    },
    handler: async (request) => stocks.snapshot(request.params.ticker),
  });

  r.get('/api/stocks/realtime/', {
    onRequest: user,
    schema: {
      tags,
      security,
      summary: 'The latest intraday quote of each comma-joined ticker that has one',
      querystring: TickersQuery,
      response: { 200: RealtimeQuoteList, ...errors },
    },
    handler: async (request) => stocks.realtime(request.query.tickers),
  });

  // --- price records
  r.post('/api/stocks/prices/', {
    onRequest: editor,
    schema: {
      tags,
      security,
      summary: "Record a day's prices for a ticker (admin, manager); replaces that day's bar",
      body: PriceRecordCreate,
      response: { 201: PriceRecord, ...errors },
    },
    handler: async (request, reply) => reply.code(201).send(await stocks.createPriceRecord(request.body)),
  });

  r.get('/api/stocks/prices/', {
    onRequest: user,
    schema: {
      tags,
      security,
      summary: "A ticker's daily bars since a date (default: the last 365 days)",
      querystring: PriceRecordQuery,
      response: { 200: PriceRecordList, ...errors },
    },
    handler: async (request) => stocks.listPrices(request.query.ticker, request.query.since),
  });

  // --- watchlists (the owner's only; another user's list answers 404)
  r.get('/api/stocks/watchlists/', {
    onRequest: user,
    schema: { tags, security, summary: "The user's watchlists", response: { 200: WatchlistList, ...errors } },
    handler: async (request) => stocks.listWatchlists(viewer(request)),
  });

  r.post('/api/stocks/watchlists/', {
    onRequest: user,
    schema: {
      tags,
      security,
      summary: 'Create a watchlist; the first one is the default, is_default moves the default to it',
      body: WatchlistCreate,
      response: { 201: WatchlistDetail, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await stocks.createWatchlist(viewer(request), request.body)),
  });

  r.get('/api/stocks/watchlists/:id/', {
    onRequest: user,
    schema: {
      tags,
      security,
      summary: 'A watchlist with its items and their snapshots',
      params: IdPathParams,
      response: { 200: WatchlistDetail, ...errors },
    },
    handler: async (request) => stocks.getWatchlist(viewer(request), request.params.id),
  });

  r.patch('/api/stocks/watchlists/:id/', {
    onRequest: user,
    schema: {
      tags,
      security,
      summary: 'Rename a watchlist or make it the default',
      params: IdPathParams,
      body: WatchlistUpdate,
      response: { 200: WatchlistDetail, ...errors },
    },
    handler: async (request) => stocks.updateWatchlist(viewer(request), request.params.id, request.body),
  });

  r.delete('/api/stocks/watchlists/:id/', {
    onRequest: user,
    schema: {
      tags,
      security,
      summary: 'Delete a watchlist (the oldest remaining one becomes the default)',
      params: IdPathParams,
      response: { 204: Empty, ...errors },
    },
    handler: async (request, reply) => {
      await stocks.deleteWatchlist(viewer(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  r.post('/api/stocks/watchlists/:id/add_item/', {
    onRequest: user,
    schema: {
      tags,
      security,
      summary: 'Add a ticker with an optional note and target price',
      description: 'An unknown ticker or one already in the list answers 400 naming it.',
      params: IdPathParams,
      body: AddItem,
      response: { 201: WatchlistItem, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await stocks.addItem(viewer(request), request.params.id, request.body)),
  });

  r.post('/api/stocks/watchlists/:id/remove_item/', {
    onRequest: user,
    schema: {
      tags,
      security,
      summary: 'Remove a ticker from the list',
      params: IdPathParams,
      body: RemoveItem,
      response: { 204: Empty, ...errors },
    },
    handler: async (request, reply) => {
      await stocks.removeItem(viewer(request), request.params.id, request.body.ticker);
      return reply.code(204).send(null);
    },
  });

  // --- the holiday table
  r.get('/api/stocks/holidays/', {
    onRequest: user,
    schema: {
      tags,
      security,
      summary: 'Announced non-trading weekdays (besides 01-01, 04-30, 05-01, 09-02), optionally of one year',
      querystring: HolidayQuery,
      response: { 200: MarketHolidayList, ...errors },
    },
    handler: async (request) => stocks.listHolidays(request.query.year),
  });

  r.post('/api/stocks/holidays/', {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'Add a non-trading day as the exchanges announce it (admin)',
      body: MarketHolidayCreate,
      response: { 201: MarketHoliday, ...errors },
    },
    handler: async (request, reply) => reply.code(201).send(await stocks.addHoliday(request.body)),
  });

  r.delete('/api/stocks/holidays/:date/', {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'Remove a day from the holiday table (admin)',
      params: HolidayPathParams,
      response: { 204: Empty, ...errors },
    },
    handler: async (request, reply) => {
      await stocks.deleteHoliday(request.params.date);
      return reply.code(204).send(null);
    },
  });

  // --- live quotes (server-sent events); the stream's rules are in live-stream.ts
  r.post('/api/stocks/stream-ticket/', {
    onRequest: user,
    schema: {
      tags,
      security,
      summary:
        'A single-use ticket (60 s to open) for the live quote stream, which EventSource opens without headers',
      description:
        'The ticket carries the sign-in it was asked for under: the stream ends when that sign-in does.',
      response: { 200: StreamTicket, ...errors },
    },
    handler: async (request) => {
      const auth = currentAuth(request);
      return streams.issueTicket(auth.user.id, auth.family);
    },
  });

  const openStreams = new Set<() => Promise<void>>();
  app.addHook('preClose', async () => {
    await Promise.all([...openStreams].map((end) => end()));
  });

  r.get('/api/stocks/stream/', {
    schema: {
      tags,
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
        200: LiveQuoteEvent.describe('text/event-stream of these'),
        ...errors,
        429: ErrorDetail,
      },
    },
    handler: async (request, reply) => {
      const claims = streams.verifyTicket(request.query.ticket);
      if (!claims) throw tokenNotValid(STREAM_MESSAGES.ticketInvalid);
      const standing = await streams.standing(claims.userId, claims.family);
      if (standing === 'signed-out') throw tokenNotValid(STREAM_MESSAGES.signedOut);
      if (standing === 'no-role') throw permissionDenied();
      const rows = await stocks.repo.findByTickers(request.query.tickers);
      const ids = rows.map((s) => s.id);
      const header = Number(request.headers['last-event-id']);
      let last =
        request.query.after ??
        (Number.isInteger(header) && header > 0 ? header : await stocks.repo.maxQuoteId());
      const admitted = await streams.admit(claims);
      if (admitted === 'ticket-used') throw tokenNotValid(STREAM_MESSAGES.ticketUsed);
      if (admitted === 'too-many') throw tooManyStreams();
      const { streamId } = admitted;

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
      const end = async (finalEvent?: string) => {
        if (closed) return;
        closed = true;
        clearTimeout(timer);
        openStreams.delete(end);
        // The slot is free before the client sees the end, so a reconnect can take it.
        try {
          await streams.close(streamId);
        } catch (err) {
          request.log.warn({ err }, 'stocks stream: slot not released (its heartbeat lapses instead)');
        }
        if (finalEvent && !res.writableEnded) res.write(finalEvent);
        res.end();
      };
      // HEAD: the headers, then the end. A HEAD response carries no body, so the stream's writes
      // would never flush its headers and the request (and its poll loop) would hang open.
      if (request.method === 'HEAD') {
        await end();
        return;
      }
      res.write('retry: 3000\n: connected\n\n');
      openStreams.add(end);
      request.raw.on('close', () => void end());
      res.on('close', () => void end());

      // Lifetime, re-check and heartbeat run on the injected clock; the keep-alive comment for
      // proxies on real time.
      const openedAt = deps.now().getTime();
      let checkedAt = openedAt;
      let beatAt = openedAt;
      let lastWrite = Date.now();
      const poll = async () => {
        if (closed) return;
        try {
          const at = deps.now().getTime();
          if (at - openedAt >= STREAM_MAX_LIFETIME_MS) return await end(PLANNED_RECONNECT);
          if (at - checkedAt >= STREAM_RECHECK_MS) {
            checkedAt = at;
            // Signed out, deactivated, deleted or without the role: end without a reconnect hint;
            // the client's next ticket request is refused, so the web's token flow signs it out.
            if ((await streams.standing(claims.userId, claims.family)) !== 'entitled') return await end();
          }
          if (at - beatAt >= STREAM_HEARTBEAT_MS) {
            beatAt = at;
            // The slot was swept as stale (this process stalled): reopen to claim a slot again.
            if (!(await streams.heartbeat(streamId))) return await end(PLANNED_RECONNECT);
          }
          const quotes = ids.length ? await stocks.repo.quotesAfter(ids, last, STREAM_BATCH) : [];
          for (const q of quotes) {
            const event: LiveQuoteEvent = {
              ticker: q.ticker,
              price: q.price,
              volume: Number(q.volume),
              as_of: new Date(Number(q.as_of_ms)).toISOString(),
              source: q.source,
              open: q.open,
              high: q.high,
              low: q.low,
            };
            if (!closed) res.write(`id: ${q.id}\nevent: quote\ndata: ${JSON.stringify(event)}\n\n`);
            last = q.id;
            lastWrite = Date.now();
          }
          if (!closed && Date.now() - lastWrite >= STREAM_KEEPALIVE_MS) {
            res.write(': ping\n\n');
            lastWrite = Date.now();
          }
        } catch (err) {
          request.log.warn({ err }, 'stocks stream: poll failed');
        }
        if (!closed) timer = setTimeout(poll, pollMs);
      };
      void poll();
    },
  });
}
