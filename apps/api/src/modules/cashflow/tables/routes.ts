// HTTP for CashFlow shared tables (issue 25): create, look up by code and sit, post actions, the
// host's approvals, and the numbered events. Roles: admin and ndf (MODULE_ROLES.cashflow), checked
// in onRequest; a table the user neither hosts nor sits at answers 404.
import {
  Table,
  TableActionAnswer,
  TableActionPost,
  TableCreate,
  TableEventsPage,
  TableEventsQuery,
  TableJoin,
  TableJoinAnswer,
  TablePathParams,
  TablePendingPathParams,
} from '@staff/contracts';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAuth } from '../../../http/auth';
import { bearerSecurity as security } from '../../../http/docs';
import { errorAnswers } from '../../../http/operation';
import type { TablesService } from './service';

const tags = ['cashflow'];

/** The host's approve or reject: its client id names it for resends, as for actions. */
const Decision = TableActionPost.pick({ client_id: true });

export function registerTablesRoutes(
  app: FastifyInstance,
  deps: { tables: TablesService; gameHosts: onRequestAsyncHookHandler },
): void {
  const { tables, gameHosts } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const userId = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user.id;

  r.post('/api/cashflow/tables/', {
    onRequest: gameHosts,
    schema: {
      tags,
      security,
      summary: 'Start a shared table: the game set up, a join code, the caller its host',
      description:
        'players in seat order (1–6), each with a name, the dice sum of their career and optionally the ' +
        'registered user the seat is for. auditor: players’ money actions and undos wait for the host.',
      body: TableCreate,
      response: { 201: Table, ...errorAnswers(400, 401, 403, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await tables.create(userId(request), request.body)),
  });

  r.post('/api/cashflow/tables/join/', {
    onRequest: gameHosts,
    schema: {
      tags,
      security,
      summary: 'Find an open table by its code, and take a seat when one is named',
      description:
        'Without seat: the table’s seats, to choose from. With seat: takes it (a seat set up for a user ' +
        'only by that user; one seat per user). Codes that name no open table are throttled per user.',
      body: TableJoin,
      response: { 200: TableJoinAnswer, ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 429) },
    },
    handler: async (request) => tables.join(userId(request), request.body),
  });

  r.get('/api/cashflow/tables/:id/', {
    onRequest: gameHosts,
    schema: {
      tags,
      security,
      summary: 'A table you host or sit at: its state after its last event, seats and pending actions',
      params: TablePathParams,
      response: { 200: Table, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request) => tables.get(userId(request), request.params.id),
  });

  r.post('/api/cashflow/tables/:id/actions/', {
    onRequest: gameHosts,
    schema: {
      tags,
      security,
      summary: 'Post a game action (or undo) to the table; the engine decides',
      description:
        'The host may act for any player; a seated player on their own card, and the turn’s actions ' +
        '(payday, next turn) on their turn. A resend with the same client_id answers the first result. ' +
        'An action the engine refuses answers 409 with its reason ({"detail", "code": "action_refused"}). ' +
        'In auditor mode a player’s money action or undo is written as a pending event (201 as well).',
      params: TablePathParams,
      body: TableActionPost,
      response: { 201: TableActionAnswer, ...errorAnswers(400, 401, 403, 404, 409, 413, 415) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await tables.postAction(userId(request), request.params.id, request.body)),
  });

  for (const verdict of ['approve', 'reject'] as const) {
    r.post(`/api/cashflow/tables/:id/pending/:seq/${verdict}/`, {
      onRequest: gameHosts,
      schema: {
        tags,
        security,
        summary:
          verdict === 'approve'
            ? 'The host approves a pending action: applied if the engine allows it now'
            : 'The host rejects a pending action',
        params: TablePendingPathParams,
        body: Decision,
        response: { 201: TableActionAnswer, ...errorAnswers(400, 401, 403, 404, 409, 413, 415) },
      },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(
            await tables.decide(
              userId(request),
              request.params.id,
              request.params.seq,
              verdict,
              request.body.client_id,
            ),
          ),
    });
  }

  r.get('/api/cashflow/tables/:id/events/', {
    onRequest: gameHosts,
    schema: {
      tags,
      security,
      summary: 'The table’s events after `after`, in order: what a device that saw `after` has missed',
      params: TablePathParams,
      querystring: TableEventsQuery,
      response: { 200: TableEventsPage, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request) => tables.events(userId(request), request.params.id, request.query.after),
  });
}
