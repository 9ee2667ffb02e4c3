// HTTP for CashFlow shared tables (issue 25): create, look up by code and sit, post actions, the
// host's approvals and guest invites, and the numbered events; the tables you host or sit at, and the
// host's export and resume of a table (closed after its idle hours). Roles: admin and ndf
// (MODULE_ROLES.cashflow), checked in onRequest; a table the user neither hosts nor sits at answers
// 404. A guest seat's device authenticates with its invite's token (`Authorization: Guest <token>`)
// on the four routes a seat needs (the table, its actions, events and stream) and nowhere else: any
// other route reads the header as a malformed bearer and answers 401.
import {
  GUEST_TOKEN_PATTERN,
  TABLE_IDLE_CLOSE_HOURS,
  TABLE_PRESENCE_MS,
  Table,
  TableActionAnswer,
  TableActionPost,
  TableCreate,
  TableEventsPage,
  TableEventsQuery,
  TableExport,
  TableGuestInvite,
  TableJoin,
  TableJoinAnswer,
  TableListQuery,
  TablePathParams,
  TablePendingPathParams,
  TableSeatPathParams,
  TableSummaryPage,
} from '@staff/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAuth } from '../../../http/auth';
import { bearerOrGuestSecurity, NoContent, bearerSecurity as security } from '../../../http/docs';
import { ApiError } from '../../../http/errors';
import { errorAnswers, sentAs } from '../../../http/operation';
import { pageAnswer } from '../../../http/pages';
import { createEventStreams, PLANNED_RECONNECT } from '../../../http/sse';
import type { AppMetrics } from '../../../metrics/app-metrics';
import { STATUS_RING, type TableBell } from './bell';
import { guestTokenHash, type TablesService, type Who } from './service';

const tags = ['cashflow'];

/** A stream re-checks this often that its sign-in still stands and its user may still see the table. */
export const TABLE_STREAM_RECHECK_MS = 5_000;
/** The server ends every stream after this (with `event: reconnect`); the device reopens with `after`. */
export const TABLE_STREAM_MAX_LIFETIME_MS = 15 * 60_000;

export interface TablesRouteDeps {
  tables: TablesService;
  gameHosts: onRequestAsyncHookHandler;
  bell: TableBell;
  /** The app's clock: a stream's re-checks and lifetime run on it (tests move it). */
  now: () => Date;
  /** How often a stream looks at its table's seq for events another process wrote (default 1 s). */
  streamPollMs?: number;
  /** Counts the open streams (sse_streams_open{kind="cashflow_table"}) when metrics are on. */
  metrics?: Pick<AppMetrics, 'sseStreamsOpen'> | undefined;
}

/** The host's approve or reject: its client id names it for resends, as for actions. */
const Decision = TableActionPost.pick({ client_id: true });

/** The hash of the guest token a request was let in with (only the routes that take one). */
const guests = new WeakMap<FastifyRequest, string>();

/** A signed-in user of a CashFlow role (the bearer token), or a guest seat's invite token. */
function userOrGuest(gameHosts: onRequestAsyncHookHandler): onRequestAsyncHookHandler {
  return async function (this: FastifyInstance, request, reply) {
    const [scheme, token, ...rest] = (request.headers.authorization ?? '').trim().split(/\s+/);
    if (scheme?.toLowerCase() !== 'guest') return gameHosts.call(this, request, reply);
    // Never echoed, never logged: the token is a credential (Fastify's request log has no headers).
    if (!token || rest.length > 0 || !GUEST_TOKEN_PATTERN.test(token))
      throw new ApiError(401, {
        detail: 'Authorization header must contain two space-delimited values: Guest <token>.',
        code: 'not_authenticated',
      });
    guests.set(request, guestTokenHash(token));
  };
}

export function registerTablesRoutes(app: FastifyInstance, deps: TablesRouteDeps): void {
  const { tables, gameHosts, bell } = deps;
  const pollMs = deps.streamPollMs ?? 1000;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const userId = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user.id;
  const seatHolders = userOrGuest(gameHosts);
  const who = (request: FastifyRequest): Who => {
    const guest = guests.get(request);
    return guest ? { guest } : { user: userId(request) };
  };

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
    onRequest: seatHolders,
    schema: {
      tags,
      security: bearerOrGuestSecurity,
      summary: 'A table you host or sit at: its state after its last event, seats and pending actions',
      description:
        'A guest invite’s token reads its own table (the first read takes the seat); a revoked invite, or ' +
        'one of a table no longer open, answers 401.',
      params: TablePathParams,
      response: { 200: Table, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request) => tables.get(who(request), request.params.id),
  });

  r.post('/api/cashflow/tables/:id/actions/', {
    onRequest: seatHolders,
    schema: {
      tags,
      security: bearerOrGuestSecurity,
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
      reply.code(201).send(await tables.postAction(who(request), request.params.id, request.body)),
  });

  r.post('/api/cashflow/tables/:id/seats/:seat/invite/', {
    onRequest: gameHosts,
    schema: {
      tags,
      security,
      summary: 'The host opens a seat to a guest: a new invite, whose token is answered this once',
      description:
        'Only a seat set up for nobody in particular and not taken by a user (409 otherwise). A new invite ' +
        'replaces the seat’s earlier one, whose token stops working. The token is a credential for that seat ' +
        'alone: the server keeps its SHA-256.',
      params: TableSeatPathParams,
      response: { 201: TableGuestInvite, ...errorAnswers(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await tables.invite(userId(request), request.params.id, request.params.seat)),
  });

  r.delete('/api/cashflow/tables/:id/seats/:seat/invite/', {
    onRequest: gameHosts,
    schema: {
      tags,
      security,
      summary: 'The host revokes a seat’s guest invite: its token is refused from now on, the seat free',
      params: TableSeatPathParams,
      response: { 204: NoContent, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await tables.revokeInvite(userId(request), request.params.id, request.params.seat);
      return reply.code(204).send(null);
    },
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
    onRequest: seatHolders,
    schema: {
      tags,
      security: bearerOrGuestSecurity,
      summary: 'The table’s events after `after`, in order: what a device that saw `after` has missed',
      params: TablePathParams,
      querystring: TableEventsQuery,
      response: { 200: TableEventsPage, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request) => tables.events(who(request), request.params.id, request.query.after),
  });

  const eventStreams = createEventStreams(app, { metrics: deps.metrics, kind: 'cashflow_table' });

  r.get('/api/cashflow/tables/:id/stream/', {
    onRequest: seatHolders,
    schema: {
      tags,
      security: bearerOrGuestSecurity,
      summary: 'Server-sent events: the table’s events after `after`, then each new one as it is written',
      description:
        'Each `event: table` carries a TableEvent; its id is the event’s seq (pass the last one back as `after`, ' +
        'or send Last-Event-ID, when reopening): events come in order, each once. The stream ends when the sign-in ' +
        'it was opened under ends (logout, deactivation), its user may no longer see the table or its guest ' +
        'invite is revoked or the table no longer open, and after 15 minutes with `event: reconnect` first. ' +
        'While open it marks its seat as there (the seat’s state for the host). When the table is closed ' +
        '(idle) or resumed, `event: status` carries {"status"}: read the table again.',
      params: TablePathParams,
      querystring: TableEventsQuery,
      response: {
        200: sentAs(
          'text/event-stream',
          TableEventsPage.shape.events.element.describe('text/event-stream of these'),
        ),
        ...errorAnswers(400, 401, 403, 404),
      },
    },
    handler: async (request, reply) => {
      // The sign-in behind the stream (or the guest's invite): the re-checks end it when that ends.
      const asker = who(request);
      const family = 'user' in asker ? currentAuth(request).family : null;
      const tableId = request.params.id;
      // 404 for a table the user neither hosts nor sits at (401 for an invite that ended), before any
      // stream opens.
      let status = (await tables.get(asker, tableId)).status;
      const header = Number(request.headers['last-event-id']);
      // A seq is a 32-bit integer: a larger Last-Event-ID names no event.
      const named = Number.isInteger(header) && header <= 2_147_483_647 ? header : 0;
      let last = Math.max(named, request.query.after);

      let stopListening = () => {};
      const stream = await eventStreams.open(request, reply, {
        retryMs: 1000,
        name: 'table stream',
        onEnd: () => stopListening(),
      });
      if (!stream) return;

      // One read at a time: a ring during a read asks for one more read after it.
      let reading = false;
      let again = false;
      const send = async () => {
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        try {
          do {
            again = false;
            for (const event of await tables.eventsAfter(tableId, last)) {
              if (stream.closed) return;
              stream.send({ id: event.seq, event: 'table', data: event });
              last = event.seq;
            }
          } while (again && !stream.closed);
        } catch (err) {
          request.log.warn({ err }, 'table stream: read failed');
        } finally {
          reading = false;
        }
      };
      // The table closed or resumed: its devices are told (`event: status`), and read it again.
      const tellStatus = (now: Table['status'] | null) => {
        if (now === null || now === status || stream.closed) return;
        status = now;
        stream.send({ event: 'status', data: { status } });
      };
      const sendStatus = async () => {
        try {
          tellStatus(await tables.statusOf(tableId));
        } catch (err) {
          request.log.warn({ err }, 'table stream: status read failed');
        }
      };
      stopListening = bell.listen(tableId, (seq) => {
        if (seq > last) void send();
        else if (seq === STATUS_RING) void sendStatus();
      });

      // Lifetime and re-checks on the app's clock; the keep-alive comment for proxies on real time (sse.ts).
      const openedAt = deps.now().getTime();
      let checkedAt = openedAt;
      let seenAt = openedAt;
      await tables.markSeen(asker, tableId);
      await send();
      stream.every(pollMs, async () => {
        const at = deps.now().getTime();
        if (at - openedAt >= TABLE_STREAM_MAX_LIFETIME_MS) return stream.end(PLANNED_RECONNECT);
        let seq: number | null;
        if (at - checkedAt >= TABLE_STREAM_RECHECK_MS) {
          checkedAt = at;
          // Signed out, deactivated, deleted, without the role, or no longer at the table: end
          // without a reconnect hint. One read of the table gives its seq as well.
          const seen = await tables.visibleSeq(asker, family, tableId);
          if (seen === null) {
            // A guest's invite ends with the game: the game's last events reach them first.
            if ('guest' in asker && (await tables.statusOf(tableId)) === 'finished') await send();
            return stream.end();
          }
          seq = seen.seq;
          // A close or resume whose ring was lost (or an idle close no sweep has written yet).
          tellStatus(seen.status);
          if (at - seenAt >= TABLE_PRESENCE_MS / 2) {
            seenAt = at;
            await tables.markSeen(asker, tableId);
          }
        } else {
          seq = await tables.seqOf(tableId);
        }
        if (seq > last) await send();
      });
    },
  });

  r.get('/api/cashflow/tables/', {
    onRequest: gameHosts,
    schema: {
      tags,
      security,
      summary: 'The tables you host or sit at, newest first, paged',
      description:
        `Each with its players' names and status: an open table idle for ${TABLE_IDLE_CLOSE_HOURS} hours is ` +
        'closed. A page past the last answers 404 {"detail": "Invalid page."}.',
      querystring: TableListQuery,
      response: { 200: TableSummaryPage, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const { count, results } = await tables.list(userId(request), request.query);
      return pageAnswer(request, request.query, count, results);
    },
  });

  r.get('/api/cashflow/tables/:id/export/', {
    onRequest: gameHosts,
    schema: {
      tags,
      security,
      summary: 'The host downloads the whole table as JSON: setup, seats, every event of its log, the state',
      description:
        'Open, finished or closed. Sent as an attachment (cashflow-table-<code>-<YYYY-MM-DD>.json). The ' +
        'events are the log in seq order (actions, pending ones, approvals, rejections); actions the engine ' +
        'refused were never in the log and are not exported. A seated player gets 403, anyone else 404.',
      params: TablePathParams,
      response: { 200: TableExport, ...errorAnswers(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { filename, body } = await tables.exportTable(userId(request), request.params.id);
      return reply.header('content-disposition', `attachment; filename="${filename}"`).send(body);
    },
  });

  r.post('/api/cashflow/tables/:id/resume/', {
    onRequest: gameHosts,
    schema: {
      tags,
      security,
      summary: 'The host resumes a closed table: open again from now, its devices told',
      description:
        'An open table is answered as it is; a finished game cannot be resumed (409, code table_finished). ' +
        'A seated player gets 403, anyone else 404.',
      params: TablePathParams,
      response: { 200: Table, ...errorAnswers(400, 401, 403, 404, 409) },
    },
    handler: async (request) => tables.resume(userId(request), request.params.id),
  });
}
