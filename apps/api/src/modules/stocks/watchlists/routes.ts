// HTTP for watchlists: any stocks role, on their own lists only (another user's list answers 404).
import {
  AddItem,
  IdPathParams,
  RemoveItem,
  WatchlistCreate,
  WatchlistDetail,
  WatchlistItem,
  WatchlistItemPathParams,
  WatchlistItemUpdate,
  WatchlistList,
  WatchlistUpdate,
} from '@staff/contracts';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AnswerCache } from '../../../http/answer-cache';
import { currentAuth } from '../../../http/auth';
import { Empty, errorAnswers, security, tags } from '../route-schemas';
import type { WatchlistsService } from './service';

export function registerWatchlistsRoutes(
  app: FastifyInstance,
  deps: { watchlists: WatchlistsService; staff: onRequestAsyncHookHandler; answers: AnswerCache },
): void {
  const { watchlists, staff, answers } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const viewer = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user;

  r.get('/api/stocks/watchlists/', {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: "The user's watchlists",
      response: { 200: WatchlistList, ...errorAnswers(400, 401, 403) },
    },
    handler: async (request) => watchlists.listWatchlists(viewer(request)),
  });

  r.post('/api/stocks/watchlists/', {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'Create a watchlist; the first one is the default, is_default moves the default to it',
      body: WatchlistCreate,
      response: { 201: WatchlistDetail, ...errorAnswers(400, 401, 403, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await watchlists.createWatchlist(viewer(request), request.body)),
  });

  r.get('/api/stocks/watchlists/:id/', {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'A watchlist with its items and their snapshots',
      params: IdPathParams,
      response: { 200: WatchlistDetail, ...errorAnswers(400, 401, 403, 404) },
    },
    // Kept per owner (decision 0021): the owner's lists and every stock's snapshot, which cannot
    // change within a market minute without a write. One user's names, notes and target prices:
    // never kept by a browser (no-store, no ETag).
    handler: async (request, reply) => {
      const owner = viewer(request);
      return answers.send(
        request,
        reply,
        {
          owner: owner.id,
          scopes: [`watchlists:${owner.id}`, 'stocks'],
          shared: false,
          clockMs: 60_000,
        },
        () => watchlists.getWatchlist(owner, request.params.id),
      );
    },
  });

  r.patch('/api/stocks/watchlists/:id/', {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'Rename a watchlist or make it the default',
      params: IdPathParams,
      body: WatchlistUpdate,
      response: { 200: WatchlistDetail, ...errorAnswers(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => watchlists.updateWatchlist(viewer(request), request.params.id, request.body),
  });

  r.delete('/api/stocks/watchlists/:id/', {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'Delete a watchlist (the oldest remaining one becomes the default)',
      params: IdPathParams,
      response: { 204: Empty, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await watchlists.deleteWatchlist(viewer(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  r.post('/api/stocks/watchlists/:id/add_item/', {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'Add a ticker with an optional note and target price',
      description: 'An unknown ticker or one already in the list answers 400 naming it.',
      params: IdPathParams,
      body: AddItem,
      response: { 201: WatchlistItem, ...errorAnswers(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await watchlists.addItem(viewer(request), request.params.id, request.body)),
  });

  r.patch('/api/stocks/watchlists/:id/items/:item_id/', {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: "Change an item's note or target price",
      description:
        "Either field: `note: ''` clears the note, `target_price: null` the target. A new target " +
        "remembers which side of the stock's current price it was set on (`target_direction`); the " +
        'same target sent again keeps its side.',
      params: WatchlistItemPathParams,
      body: WatchlistItemUpdate,
      response: { 200: WatchlistItem, ...errorAnswers(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) =>
      watchlists.updateItem(viewer(request), request.params.id, request.params.item_id, request.body),
  });

  r.post('/api/stocks/watchlists/:id/remove_item/', {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'Remove a ticker from the list',
      params: IdPathParams,
      body: RemoveItem,
      response: { 204: Empty, ...errorAnswers(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request, reply) => {
      await watchlists.removeItem(viewer(request), request.params.id, request.body.ticker);
      return reply.code(204).send(null);
    },
  });
}
