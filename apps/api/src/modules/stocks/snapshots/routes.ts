// HTTP for snapshots, realtime quotes and price records: any stocks role reads them; admins and
// managers record a day's prices.
import {
  PriceRecord,
  PriceRecordCreate,
  PriceRecordList,
  PriceRecordQuery,
  RealtimeQuoteList,
  Snapshot,
  SnapshotList,
  TickerPathParams,
  TickersQuery,
} from '@staff/contracts';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AnswerCache } from '../../../http/answer-cache';
import { errorAnswers, security, tags } from '../route-schemas';
import type { SnapshotsService } from './service';

export function registerSnapshotsRoutes(
  app: FastifyInstance,
  deps: {
    snapshots: SnapshotsService;
    staff: onRequestAsyncHookHandler;
    editors: onRequestAsyncHookHandler;
    answers: AnswerCache;
  },
): void {
  const { snapshots, staff, editors, answers } = deps;
  // The same for every reader (decision 0021). A snapshot reads the clock only through the market
  // date and minute (calendar.ts), so it cannot change within a minute without a write.
  const snapshotAnswer = { scopes: ['stocks'], shared: true, clockMs: 60_000 };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/stocks/snapshots/', {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'Snapshots for comma-joined tickers (at most 100; unknown tickers are left out)',
      querystring: TickersQuery,
      response: { 200: SnapshotList, ...errorAnswers(400, 401, 403) },
    },
    handler: async (request, reply) =>
      answers.send(request, reply, snapshotAnswer, () => snapshots.snapshots(request.query.tickers)),
  });

  r.get('/api/stocks/snapshots/:ticker/', {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: "One ticker's snapshot",
      params: TickerPathParams,
      response: { 200: Snapshot, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request, reply) =>
      answers.send(request, reply, snapshotAnswer, () => snapshots.snapshot(request.params.ticker)),
  });

  r.get('/api/stocks/realtime/', {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'The latest intraday quote of each comma-joined ticker that has one',
      querystring: TickersQuery,
      response: { 200: RealtimeQuoteList, ...errorAnswers(400, 401, 403) },
    },
    // Each stock's latest quote: no clock in it.
    handler: async (request, reply) =>
      answers.send(request, reply, { scopes: ['stocks'], shared: true }, () =>
        snapshots.realtime(request.query.tickers),
      ),
  });

  r.post('/api/stocks/prices/', {
    onRequest: editors,
    schema: {
      tags,
      security,
      summary: "Record a day's prices for a ticker (admin, manager); replaces that day's bar",
      body: PriceRecordCreate,
      response: { 201: PriceRecord, ...errorAnswers(400, 401, 403, 413, 415) },
    },
    handler: async (request, reply) => reply.code(201).send(await snapshots.createPriceRecord(request.body)),
  });

  r.get('/api/stocks/prices/', {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: "A ticker's daily bars since a date (default: the last 365 days)",
      querystring: PriceRecordQuery,
      response: { 200: PriceRecordList, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request) => snapshots.listPrices(request.query.ticker, request.query.since),
  });
}
