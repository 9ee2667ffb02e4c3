// HTTP for the catalogue: any stocks role searches and reads stocks and exchanges; admins and
// managers create stocks.
import {
  ExchangeList,
  Stock,
  StockCreate,
  StockList,
  StockSearchQuery,
  TickerPathParams,
} from '@staff/contracts';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorAnswers, security, tags } from '../route-schemas';
import type { CatalogueService } from './service';

export function registerCatalogueRoutes(
  app: FastifyInstance,
  deps: { catalogue: CatalogueService; staff: onRequestAsyncHookHandler; editors: onRequestAsyncHookHandler },
): void {
  const { catalogue, staff, editors } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/stocks/stocks/', {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'Search stocks: q matches a ticker prefix or the name (accent-insensitive), tickers first',
      description:
        '`ticker` looks one stock up exactly (the stock page fallback). Without q: active stocks by ticker.',
      querystring: StockSearchQuery,
      response: { 200: StockList, ...errorAnswers(400, 401, 403) },
    },
    handler: async (request) => catalogue.searchStocks(request.query),
  });

  r.post('/api/stocks/stocks/', {
    onRequest: editors,
    schema: {
      tags,
      security,
      summary: 'Create a stock (admin, manager); the ticker is upper-cased and unique',
      body: StockCreate,
      response: { 201: Stock, ...errorAnswers(400, 401, 403, 413, 415) },
    },
    handler: async (request, reply) => reply.code(201).send(await catalogue.createStock(request.body)),
  });

  r.get('/api/stocks/stocks/:ticker/', {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'One stock by ticker',
      params: TickerPathParams,
      response: { 200: Stock, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request) => catalogue.getStock(request.params.ticker),
  });

  r.get('/api/stocks/exchanges/', {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'HOSE, HNX and UPCOM',
      response: { 200: ExchangeList, ...errorAnswers(400, 401, 403) },
    },
    handler: async () => catalogue.listExchanges(),
  });
}
