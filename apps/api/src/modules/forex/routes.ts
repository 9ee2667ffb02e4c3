// HTTP for the forex and gold board (spec section 7, Forex). Roles: MODULE_ROLES.forex.
import {
  ForexLatest,
  ForexRangeParams,
  ForexSeries,
  ForexSymbolList,
  ForexSymbolQuery,
} from '@staff/contracts';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AnswerCache } from '../../http/answer-cache';
import { bearerSecurity as security } from '../../http/docs';
import { errorAnswers } from '../../http/operation';
import type { ForexService } from './service';

const tags = ['forex'];

export function registerForexRoutes(
  app: FastifyInstance,
  deps: {
    forex: ForexService;
    /** Answers kept ready, keyed by the data's versions (decision 0021). */
    answers: AnswerCache;
    /** The roles of MODULE_ROLES.forex. */
    forexUser: onRequestAsyncHookHandler;
  },
): void {
  const { forex, forexUser, answers } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/forex/symbols/', {
    onRequest: forexUser,
    schema: {
      tags,
      security,
      summary: 'Every symbol with prices: metals (SJC, BPQ, VPQ, …) and currency codes',
      response: { 200: ForexSymbolList, ...errorAnswers(400, 401, 403) },
    },
    handler: async () => forex.symbols(),
  });

  r.get('/api/forex/latest/', {
    onRequest: forexUser,
    schema: {
      tags,
      security,
      summary: "A symbol's newest quote (last, bid, ask, time), its source and whether it is stale",
      querystring: ForexSymbolQuery,
      response: { 200: ForexLatest, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request) => forex.latest(request.query.symbol),
  });

  r.get('/api/forex/:range/', {
    onRequest: forexUser,
    schema: {
      tags,
      security,
      summary: 'Price history: daily = last 24 h, monthly = 30 days, yearly = 365 days',
      description:
        'Downsampled in the database to the last point of each bucket (5 minutes, 3 hours or one ' +
        'day, aligned to midnight in Vietnam), in time order. VND: metals per lượng, currencies per unit.',
      params: ForexRangeParams,
      querystring: ForexSymbolQuery,
      response: { 200: ForexSeries, ...errorAnswers(400, 401, 403, 404) },
    },
    // The same for every reader; kept until a write, or until a point enters or leaves the window.
    handler: async (request, reply) =>
      answers.send(request, reply, { scopes: ['forex'], shared: true }, (keepUntil) =>
        forex.series(request.params.range, request.query.symbol, keepUntil),
      ),
  });
}
