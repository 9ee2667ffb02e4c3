// HTTP for the catalogue: any stocks role searches and reads stocks and exchanges; admins and
// managers create stocks, list them all (inactive ones too) and edit them.
import {
  ExchangeList,
  Stock,
  StockCatalogueQuery,
  StockCreate,
  StockList,
  StockPage,
  StockSearchQuery,
  StockUpdate,
  TickerPathParams,
} from '@staff/contracts';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IfMatchHeaders } from '../../../http/etag';
import { pageAnswer } from '../../../http/pages';
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
      description:
        'Carries an `ETag` of the stored stock; the edit form sends it back as `If-Match`, so an edit made ' +
        'meanwhile by someone else is not overwritten (412).',
      params: TickerPathParams,
      response: { 200: Stock, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { stock, etag } = await catalogue.getStock(request.params.ticker);
      reply.header('etag', etag);
      return stock;
    },
  });

  r.patch('/api/stocks/stocks/:ticker/', {
    onRequest: editors,
    schema: {
      tags,
      security,
      summary: 'Edit or deactivate a stock (admin, manager)',
      description:
        "Any of the creation's fields but the ticker (the stock's key), each checked as on creation; " +
        '`is_active: false` deactivates it (it leaves the ticker search; watchlists keep it). With ' +
        '`If-Match` (the `ETag` of the GET the form was filled from), an edit of a stock changed since ' +
        'answers 412 {"detail"} and changes nothing. The answer carries the new `ETag`.',
      params: TickerPathParams,
      headers: IfMatchHeaders,
      body: StockUpdate,
      response: { 200: Stock, ...errorAnswers(400, 401, 403, 404, 412, 413, 415) },
    },
    handler: async (request, reply) => {
      const { stock, etag } = await catalogue.updateStock(request.params.ticker, request.body, {
        ifMatch: request.headers['if-match'],
      });
      reply.header('etag', etag);
      return stock;
    },
  });

  r.get('/api/stocks/catalogue/', {
    onRequest: editors,
    schema: {
      tags,
      security,
      summary: 'Every stock, inactive ones too, a page at a time by ticker (admin, manager)',
      description:
        '`search` matches a ticker prefix or the name (accents and case ignored); `exchange` (HOSE, HNX, ' +
        'UPCOM) and `is_active` filter. A page past the last answers 404.',
      querystring: StockCatalogueQuery,
      response: { 200: StockPage, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const { count, results } = await catalogue.listCatalogue(request.query);
      return pageAnswer(request, request.query, count, results);
    },
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
