// HTTP for finished CashFlow games (spec cashflow.md 7): finalize, the history
// and the leaderboard. Roles: admin and ndf (MODULE_ROLES.cashflow), checked in
// onRequest so another role gets 403 before its body or query is looked at.
import {
  FinalizeRequest,
  FinishedSession,
  FinishedSessionListQuery,
  FinishedSessionPage,
  LeaderboardQuery,
  LeaderboardResponse,
} from '@staff/contracts';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AnswerCache } from '../../http/answer-cache';
import { currentAuth } from '../../http/auth';
import { bearerSecurity as security } from '../../http/docs';
import { errorAnswers } from '../../http/operation';
import { pageAnswer } from '../../http/pages';
import type { CashflowService } from './service';

const tags = ['cashflow'];

export function registerCashflowRoutes(
  app: FastifyInstance,
  deps: {
    cashflow: CashflowService;
    gameHosts: onRequestAsyncHookHandler;
    /** Answers kept ready, keyed by the data's versions (decision 0021). */
    answers: AnswerCache;
  },
): void {
  const { cashflow, gameHosts, answers } = deps;
  // The history and the board are the same for every game host; they name players, so a user's
  // rename or deletion is a change too.
  const shared = { scopes: ['cashflow', 'users'], shared: true };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/cashflow/sessions/finalize/', {
    onRequest: gameHosts,
    schema: {
      tags,
      security,
      summary: 'Store a finished game once; a resend with the same _pending_ts answers the stored game',
      description:
        'results[] in seat order, each with user_id (an active user, at most once per game) or guest_name. ' +
        'winner_index points at the one result with is_winner. The same submitter sending the same ' +
        '_pending_ts again gets the stored session with 200 (the first time 201); the body is not compared.',
      body: FinalizeRequest,
      response: { 200: FinishedSession, 201: FinishedSession, ...errorAnswers(400, 401, 403, 413, 415) },
    },
    handler: async (request, reply) => {
      const { created, session } = await cashflow.finalize(currentAuth(request).user.id, request.body);
      return reply.code(created ? 201 : 200).send(session);
    },
  });

  r.get('/api/cashflow/sessions/', {
    onRequest: gameHosts,
    schema: {
      tags,
      security,
      summary: 'Finished games, newest start first, paged',
      description: 'A page past the last answers 404 {"detail": "Invalid page."}.',
      querystring: FinishedSessionListQuery,
      response: { 200: FinishedSessionPage, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request, reply) =>
      answers.send(request, reply, shared, async () => {
        const query = request.query;
        const { count, results } = await cashflow.list(query);
        return pageAnswer(request, query, count, results);
      }),
  });

  r.get('/api/cashflow/leaderboard/', {
    onRequest: gameHosts,
    schema: {
      tags,
      security,
      summary: 'Wins per user (and per guest name with include_guests=true), games and mean minutes',
      description:
        'range all, year (needs year) or month (needs year and month); periods are calendar years and ' +
        'months in Asia/Ho_Chi_Minh, and a game belongs to the period its end falls in. Lists are ranked ' +
        'by wins, ties by who reached their count first, at most 100 rows each.',
      querystring: LeaderboardQuery,
      response: { 200: LeaderboardResponse, ...errorAnswers(400, 401, 403) },
    },
    handler: async (request, reply) =>
      answers.send(request, reply, shared, () => cashflow.leaderboard(request.query)),
  });
}
