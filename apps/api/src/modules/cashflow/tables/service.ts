// CashFlow shared tables (issue 25, decision 0033). The server is the authority: a table's game is
// its setup and its numbered events, and every posted action runs through the same engine the
// devices run (packages/cashflow-engine), one at a time per table (the table's row is locked), so
// two racing actions are applied in order, the second checked against the state the first left.
// Each action carries a client id: a resend is answered with the first result, applied or refused,
// and nothing is applied twice. In auditor mode a player's money actions and undos wait as pending
// events until the host approves (then they are checked against the state of that moment) or
// rejects them.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  applyAction,
  applyTableAction,
  compactLog,
  createInitialState,
  type GameState,
  needsApproval,
  type PlayerSetup,
  seatPlayerOf,
  type TableAction,
} from '@staff/cashflow-engine';
import {
  MODULE_ROLES,
  type Role,
  TABLE_CODE_ALPHABET,
  TABLE_CODE_LENGTH,
  TABLE_EXPORT_FORMAT,
  TABLE_IDLE_CLOSE_MS,
  TABLE_MESSAGES,
  TABLE_PRESENCE_MS,
  type Table,
  type TableActionAnswer,
  type TableActionPost,
  type TableCreate,
  type TableEvent,
  type TableEventsPage,
  type TableExport,
  type TableGuestInvite,
  type TableJoin,
  type TableJoinAnswer,
  type TableListQuery,
  type TableSummary,
  tableExportFilename,
} from '@staff/contracts';
import { isUniqueViolation, toBool, toDate } from '../../../db/dialect';
import type { Db } from '../../../db/index';
import { ApiError, notFound } from '../../../http/errors';
import { pageWindow, refusePastLastPage } from '../../../http/pages';
import { type RateLimiter, TIERS } from '../../../http/rate-limit';
import { STATUS_RING } from './bell';
import { createTablesRepo, type EventRow, type NewEvent, type SeatRow, type TableRow } from './repo';

export interface TablesDeps {
  db: Db;
  now: () => Date;
  limiter: RateLimiter;
  /** Told after a table's new event has committed, so that its open streams send it at once. */
  onAdvance?: (tableId: number, seq: number) => void;
  /** The user behind a sign-in, as accounts reads it (handed in by app.ts): a stream's re-check. */
  findSignIn: FindSignIn;
}

/**
 * The user behind a sign-in (accounts' `findSignedInUser`): undefined when the user is gone;
 * `sessionRevoked` when the sign-in ended (logout, expiry, sweep).
 */
export type FindSignIn = (
  userId: number,
  family: string,
) => Promise<{ user: { is_active: number | boolean; role: string }; sessionRevoked: boolean } | undefined>;

/** What a table's setup stored: the players as entered, and when (the events replay from it). */
export type TableSetup = { at: string; players: PlayerSetup[] };

/**
 * Who asks: a signed-in user, or a guest by the SHA-256 of their invite's token (a credential for that
 * one seat of that one table, while the invite stands and the table is open).
 */
export type Who = { user: number } | { guest: string };

/** The SHA-256 of a guest token, as stored: the token itself is never kept. */
export const guestTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const conflict = (detail: string, code: string) => new ApiError(409, { detail, code });
/** A guest token that names no standing invite at an open table: the credential is refused. */
const guestEnded = () =>
  new ApiError(401, { detail: TABLE_MESSAGES.guestEnded, code: 'guest_token_invalid' });
const forbidden = (detail: string) => new ApiError(403, { detail, code: 'permission_denied' });

/** The state a table starts from: the players seated and their careers dealt, as on one phone. */
export function initialTableState(setup: TableSetup): GameState {
  const seated = applyAction(
    createInitialState(),
    { type: 'setupPlayers', players: setup.players },
    setup.at,
  );
  if (!seated.ok) throw new ApiError(400, { players: [seated.reason] });
  const dealt = applyAction(seated.state, { type: 'assignCareers' }, setup.at);
  if (!dealt.ok) throw new ApiError(400, { players: [dealt.reason] });
  return compactLog(dealt.state);
}

/**
 * The state after one event, as the writer computed it: an applied action or an approval runs the
 * engine; a pending or a rejection changes nothing. Null when the engine refuses.
 */
export function stateAfter(
  state: GameState,
  kind: string,
  action: TableAction,
  at: string,
): GameState | null {
  if (kind !== 'action' && kind !== 'approve') return state;
  const result = applyTableAction(state, action, at);
  return result.ok ? compactLog(result.state) : null;
}

/** Replays a table from its setup and events: what its stored state must equal. */
export function replayTable(
  setup: TableSetup,
  events: Pick<EventRow, 'kind' | 'action' | 'at'>[],
): GameState {
  let state = initialTableState(setup);
  for (const event of events) {
    const next = stateAfter(state, event.kind, JSON.parse(event.action), toDate(event.at).toISOString());
    if (!next) throw new Error(`a stored ${event.kind} event no longer applies`);
    state = next;
  }
  return state;
}

function randomCode(): string {
  let code = '';
  for (let i = 0; i < TABLE_CODE_LENGTH; i++)
    code += TABLE_CODE_ALPHABET[randomInt(TABLE_CODE_ALPHABET.length)];
  return code;
}

function presentEvent(row: EventRow): TableEvent {
  return {
    seq: row.seq as number,
    kind: row.kind as TableEvent['kind'],
    action: JSON.parse(row.action),
    at: toDate(row.at).toISOString(),
    seat: row.seat,
    user_id: row.user_id,
    device_id: row.device_id,
    ref_seq: row.ref_seq,
  };
}

const inviteStands = (seat: SeatRow) => seat.guest_token_hash !== null && !toBool(seat.guest_revoked);

/** A seat as devices see it; its state from who took it and when a device of it was last seen. */
function presentSeat(seat: SeatRow, now: Date) {
  const taken = seat.taken_by !== null || (inviteStands(seat) && seat.taken_at !== null);
  const seen = seat.seen_at === null ? null : toDate(seat.seen_at).getTime();
  const online = seen !== null && now.getTime() - seen < TABLE_PRESENCE_MS;
  return {
    seat: seat.seat,
    player_id: seat.player_id,
    name: seat.name,
    user_id: seat.user_id,
    taken_by: seat.taken_by,
    guest_invited: inviteStands(seat),
    state: !taken ? ('waiting' as const) : online ? ('joined' as const) : ('offline' as const),
  };
}

/**
 * A table's status at `at`: an open table whose last change is TABLE_IDLE_CLOSE_MS old is closed from
 * that instant, whether or not the sweep (`closeStale`) has written it yet.
 */
export function statusAt(table: Pick<TableRow, 'status' | 'updated_at'>, at: Date): Table['status'] {
  const idle = at.getTime() - toDate(table.updated_at).getTime() >= TABLE_IDLE_CLOSE_MS;
  return table.status === 'open' && idle ? 'closed' : (table.status as Table['status']);
}

/** 409 unless the table is open at `at`: a closed table says so and that its host can resume it. */
function refuseUnlessOpen(table: TableRow, at: Date): void {
  const status = statusAt(table, at);
  if (status === 'closed') throw conflict(TABLE_MESSAGES.tableClosed, 'table_closed');
  if (status !== 'open') throw conflict(TABLE_MESSAGES.tableNotOpen, 'table_not_open');
}

/** Who is asking, at this table: its host, a seated player (or guest), or nobody it knows (404). */
type Standing = { host: boolean; seat: SeatRow | null };

export function createTablesService(deps: TablesDeps) {
  const { db, now, limiter, onAdvance, findSignIn } = deps;
  const repo = createTablesRepo(db);

  async function standingAt(table: TableRow, who: Who, executor: Db = db) {
    const seats = await repo.seatsOf(table.id, executor);
    if ('guest' in who) {
      // A guest's invite stands only while the game is open at its table (else the credential ended).
      const seat =
        statusAt(table, now()) === 'open'
          ? (seats.find((s) => s.guest_token_hash === who.guest && inviteStands(s)) ?? null)
          : null;
      return { seats, standing: { host: false, seat } as Standing };
    }
    const seat = seats.find((s) => s.taken_by === who.user) ?? null;
    const standing: Standing = { host: table.host_id === who.user, seat };
    return { seats, standing };
  }

  /** Nobody the table knows: 404 for a user (another user's table), 401 for a guest's token. */
  const stranger = (who: Who) => ('guest' in who ? guestEnded() : notFound());

  /** The table, if the user is its host or sits at it (or the guest token is its seat's). */
  async function visibleTable(who: Who, tableId: number) {
    const table = await repo.findTable(tableId);
    if (!table) throw stranger(who);
    const { seats, standing } = await standingAt(table, who);
    if (!standing.host && !standing.seat) throw stranger(who);
    return { table, seats, standing };
  }

  /** The host's own table (404 for anyone else's, 403 for a player seated at it). */
  async function hostedTable(userId: number, tableId: number) {
    const { table, seats, standing } = await visibleTable({ user: userId }, tableId);
    if (!standing.host) throw forbidden(TABLE_MESSAGES.hostOnly);
    return { table, seats };
  }

  async function present(table: TableRow, seats: SeatRow[], standing: Standing): Promise<Table> {
    return {
      id: table.id,
      code: table.code,
      host_id: table.host_id,
      auditor: toBool(table.auditor),
      status: statusAt(table, now()),
      seq: table.seq,
      state: JSON.parse(table.state),
      seats: seats.map((seat) => presentSeat(seat, now())),
      pending: await repo.openPending(table.id),
      your_seat: standing.seat?.seat ?? null,
      created_at: toDate(table.created_at).toISOString(),
      updated_at: toDate(table.updated_at).toISOString(),
    };
  }

  /**
   * Writes one event under a client id, once, in the table's locked transaction, where the table's
   * row is read (once per request): the user's standing there (404 for a table they neither host
   * nor sit at; then `admit`'s own check), a client id already used (a resend, also one racing its
   * first copy) answered with its first result, then `decide`, which sees the current table and
   * state and answers the event to write (or a refusal). The new seq and state are written with it.
   */
  async function once(
    who: Who,
    tableId: number,
    clientId: string,
    admit: ((standing: Standing) => void) | null,
    decide: (
      tx: Db,
      table: TableRow,
      state: GameState,
      standing: Standing,
    ) => Promise<{ event: Omit<NewEvent, 'seq'>; state: GameState } | { refused: NewEvent; reason: string }>,
  ): Promise<TableActionAnswer> {
    const outcome = await db
      .transaction()
      .execute(async (tx) => {
        if (!(await repo.lockTable(tx, tableId))) throw stranger(who);
        const table = await repo.findTable(tableId, tx);
        if (!table) throw stranger(who);
        const { standing } = await standingAt(table, who, tx);
        if (!standing.host && !standing.seat) throw stranger(who);
        admit?.(standing);
        const prior = await repo.eventByClientId(tx, tableId, clientId);
        // Rolls the transaction back (it wrote nothing): the first result is answered after it.
        if (prior) throw new Resent(prior, table.seq);
        const decided = await decide(tx, table, JSON.parse(table.state) as GameState, standing);
        if ('refused' in decided) {
          await repo.insertEvent(tx, tableId, decided.refused);
          return { written: false, reason: decided.reason } as const;
        }
        const seq = table.seq + 1;
        const event: NewEvent = { ...decided.event, seq };
        await repo.insertEvent(tx, tableId, event);
        const status = decided.state.finishedAt !== null ? 'finished' : 'open';
        await repo.advance(tx, tableId, {
          seq,
          state: JSON.stringify(decided.state),
          status,
          at: decided.event.at,
        });
        // Every process's streams of this table, on any machine, wake at the commit (postgres-relay.ts).
        await repo.notifyAdvance(tx, tableId, seq);
        return { written: true, event: { ...event, at: decided.event.at }, seq } as const;
      })
      .catch((err: unknown) => {
        if (err instanceof Resent) return err;
        throw err;
      });
    // The first result of an action already posted under this client id, with the table's seq now.
    if (outcome instanceof Resent) {
      if (outcome.prior.kind === 'refused') throw conflict(outcome.prior.reason ?? '', 'action_refused');
      return { event: presentEvent(outcome.prior), seq: outcome.seq };
    }
    if (!outcome.written) throw conflict(outcome.reason, 'action_refused');
    onAdvance?.(tableId, outcome.seq);
    return { event: presentEvent(outcome.event), seq: outcome.seq };
  }

  return {
    async create(hostId: number, body: TableCreate): Promise<Table> {
      const at = now();
      const setup: TableSetup = {
        at: at.toISOString(),
        players: body.players.map((p) => ({
          name: p.name,
          diceSum: p.dice_sum,
          isGuest: p.user_id === null,
          userId: p.user_id,
        })),
      };
      const state = initialTableState(setup);
      const seats = state.players.map((player, seat) => ({
        seat,
        player_id: player.id,
        name: player.name,
        // Seats follow the game's turn order, which the setup deals from the dice (not entry order).
        user_id: player.userId ?? null,
      }));
      // A clash with an open table's code is retried with another (one in ~887 million per table).
      for (let attempt = 0; ; attempt++) {
        try {
          const id = await repo.insertTable(
            {
              code: randomCode(),
              hostId,
              auditor: body.auditor,
              setup: JSON.stringify(setup),
              state: JSON.stringify(state),
              at,
            },
            seats,
          );
          return this.get({ user: hostId }, id);
        } catch (err) {
          if (!isUniqueViolation(err) || attempt >= 4) throw err;
        }
      }
    },

    async get(who: Who, tableId: number): Promise<Table> {
      let { table, seats, standing } = await visibleTable(who, tableId);
      // A guest's first visit takes their seat (the host's screen shows it joined).
      if ('guest' in who && standing.seat?.taken_at === null) {
        await repo.markGuestArrived(table.id, standing.seat.seat, now());
        ({ table, seats, standing } = await visibleTable(who, tableId));
      }
      return present(table, seats, standing);
    },

    /** Looks a table up by its code, and takes a seat when one is named. Wrong codes are throttled. */
    async join(userId: number, body: TableJoin): Promise<TableJoinAnswer> {
      const counted = await limiter.count(TIERS.tableCodePerUser, String(userId));
      if (counted.count > TIERS.tableCodePerUser.limit)
        throw new ApiError(429, {
          detail: `Request was throttled. Expected available in ${counted.retryAfter} seconds.`,
          code: 'throttled',
        });
      const table = await repo.findOpenTableByCode(body.code);
      if (!table || statusAt(table, now()) !== 'open')
        throw new ApiError(404, { detail: TABLE_MESSAGES.noTable, code: 'not_found' });
      await limiter.giveBack(counted);
      let { seats, standing } = await standingAt(table, { user: userId });
      if (body.seat !== undefined && standing.seat?.seat !== body.seat) {
        const seat = seats.find((s) => s.seat === body.seat);
        if (!seat) throw new ApiError(400, { seat: [TABLE_MESSAGES.noSeat] });
        if (standing.seat) throw conflict(TABLE_MESSAGES.alreadySeated, 'already_seated');
        if (seat.user_id !== null && seat.user_id !== userId)
          throw forbidden(TABLE_MESSAGES.seatReserved(seat.name));
        if (inviteStands(seat)) throw forbidden(TABLE_MESSAGES.guestSeatReserved);
        if (seat.taken_by !== null || !(await repo.takeSeat(table.id, seat.seat, userId, now())))
          throw conflict(TABLE_MESSAGES.seatTaken, 'seat_taken');
        ({ seats, standing } = await standingAt(table, { user: userId }));
      }
      return {
        id: table.id,
        code: table.code,
        seats: seats.map((seat) => presentSeat(seat, now())),
        your_seat: standing.seat?.seat ?? null,
      };
    },

    async postAction(who: Who, tableId: number, body: TableActionPost): Promise<TableActionAnswer> {
      return once(who, tableId, body.client_id, null, (_tx, table, state, standing) => {
        refuseUnlessOpen(table, now());
        const action = body.action;
        if (!standing.host && seatPlayerOf(state, action) !== standing.seat?.player_id)
          throw forbidden(TABLE_MESSAGES.notYourSeat);
        const at = now();
        const base = {
          client_id: body.client_id,
          action: JSON.stringify(action),
          at,
          seat: standing.host ? null : (standing.seat?.seat ?? null),
          user_id: 'user' in who ? who.user : null,
          device_id: body.device_id ?? null,
          ref_seq: null,
        };
        const result = applyTableAction(state, action, at.toISOString());
        if (!result.ok)
          return Promise.resolve({
            refused: { ...base, seq: null, kind: 'refused', reason: result.reason },
            reason: result.reason,
          });
        if (toBool(table.auditor) && !standing.host && needsApproval(action))
          return Promise.resolve({ event: { ...base, kind: 'pending', reason: null }, state });
        return Promise.resolve({
          event: { ...base, kind: 'action', reason: null },
          state: compactLog(result.state),
        });
      });
    },

    /** The host approves a pending action (checked against the state now) or rejects it. */
    async decide(
      userId: number,
      tableId: number,
      pendingSeq: number,
      verdict: 'approve' | 'reject',
      clientId: string,
    ): Promise<TableActionAnswer> {
      const hostOnly = (standing: Standing) => {
        if (!standing.host) throw forbidden(TABLE_MESSAGES.hostOnly);
      };
      return once({ user: userId }, tableId, clientId, hostOnly, async (tx, table, state) => {
        refuseUnlessOpen(table, now());
        const pending = await repo.eventBySeq(tx, tableId, pendingSeq);
        const open = await repo.openPending(tableId, tx);
        if (pending?.kind !== 'pending' || !open.includes(pendingSeq))
          throw conflict(TABLE_MESSAGES.notPending, 'not_pending');
        const at = now();
        const event = {
          client_id: clientId,
          kind: verdict,
          action: pending.action,
          at,
          seat: null,
          user_id: userId,
          device_id: null,
          ref_seq: pendingSeq,
          reason: null,
        };
        if (verdict === 'reject') return { event, state };
        const result = applyTableAction(state, JSON.parse(pending.action), at.toISOString());
        // Refused now (the state moved on): the host can reject it; nothing is written.
        if (!result.ok) throw conflict(result.reason, 'action_refused');
        return { event, state: compactLog(result.state) };
      });
    },

    async events(who: Who, tableId: number, after: number): Promise<TableEventsPage> {
      const { table } = await visibleTable(who, tableId);
      const rows = await repo.eventsAfter(tableId, after);
      return { seq: Math.max(table.seq, rows.at(-1)?.seq ?? 0), events: rows.map(presentEvent) };
    },

    /** For a stream: the events after `after` of a table the user may see (no access check). */
    async eventsAfter(tableId: number, after: number): Promise<TableEvent[]> {
      return (await repo.eventsAfter(tableId, after)).map(presentEvent);
    },

    /**
     * A stream's re-check, in one read of the table: its seq and status (closed once idle, by the
     * clock, whether or not a ring said so) while the sign-in the stream was opened under stands (not
     * ended, its user active and still of a CashFlow role) and the user hosts or sits at the table (a
     * guest: while the invite stands); null once not.
     */
    async visibleSeq(
      who: Who,
      family: string | null,
      tableId: number,
    ): Promise<{ seq: number; status: Table['status'] } | null> {
      if ('user' in who) {
        const found = await findSignIn(who.user, family ?? '');
        if (!found || !toBool(found.user.is_active) || found.sessionRevoked) return null;
        if (!(MODULE_ROLES.cashflow as readonly Role[]).includes(found.user.role as Role)) return null;
      }
      const table = await repo.findTable(tableId);
      if (!table) return null;
      const { standing } = await standingAt(table, who);
      return standing.host || standing.seat !== null
        ? { seq: table.seq, status: statusAt(table, now()) }
        : null;
    },

    /**
     * A stream from a seat says its device is there (the seat's seen_at): as it opens and then every
     * TABLE_PRESENCE_MS / 2 at most. The host's own streams mark no seat.
     */
    async markSeen(who: Who, tableId: number): Promise<void> {
      const table = await repo.findTable(tableId);
      if (!table) return;
      const { standing } = await standingAt(table, who);
      if (standing.seat) await repo.markSeen(tableId, standing.seat.seat, now());
    },

    /**
     * The host opens a guest seat: a new invite (any earlier one for the seat stops working) whose token
     * is answered this once. Only a seat set up for nobody in particular, and not taken by a user.
     */
    async invite(userId: number, tableId: number, seatNo: number): Promise<TableGuestInvite> {
      const { table, seats } = await hostedTable(userId, tableId);
      if (table.status !== 'open') throw conflict(TABLE_MESSAGES.tableNotOpen, 'table_not_open');
      const seat = seats.find((s) => s.seat === seatNo);
      if (!seat) throw notFound();
      if (seat.user_id !== null)
        throw conflict(TABLE_MESSAGES.inviteForGuestSeat(seat.name), 'seat_reserved');
      if (seat.taken_by !== null) throw conflict(TABLE_MESSAGES.seatTaken, 'seat_taken');
      const token = randomBytes(32).toString('base64url');
      // Someone taking the seat meanwhile wins: the invite is then refused as above.
      if (!(await repo.setGuestInvite(tableId, seatNo, guestTokenHash(token))))
        throw conflict(TABLE_MESSAGES.seatTaken, 'seat_taken');
      return { seat: seatNo, token };
    },

    /** The host revokes a seat's guest invite: its token is refused from then on, the seat free again. */
    async revokeInvite(userId: number, tableId: number, seatNo: number): Promise<void> {
      const { seats } = await hostedTable(userId, tableId);
      const seat = seats.find((s) => s.seat === seatNo);
      if (!seat) throw notFound();
      await repo.revokeGuestInvite(tableId, seatNo);
    },

    /** The table's last event's number (a stream's poll for events other processes wrote). */
    async seqOf(tableId: number): Promise<number> {
      return (await repo.seqOf(tableId)) ?? 0;
    },

    /** For a stream told that its table's status changed: the status now (null once the table is gone). */
    async statusOf(tableId: number): Promise<Table['status'] | null> {
      const row = await repo.statusOf(tableId);
      return row ? statusAt(row, now()) : null;
    },

    /**
     * The sweep (main.ts, every 10 minutes): closes every open table idle for TABLE_IDLE_CLOSE_MS at `at`, in one
     * statement, and rings each one's bell so that its devices learn it. Answers the closed tables' ids.
     */
    async closeStale(at: Date = now()): Promise<number[]> {
      const closed = await repo.closeIdle(new Date(at.getTime() - TABLE_IDLE_CLOSE_MS), STATUS_RING);
      for (const id of closed) onAdvance?.(id, STATUS_RING);
      return closed;
    },

    /** The tables the user hosts or sits at, newest first, one page of them. */
    async list(userId: number, query: TableListQuery): Promise<{ count: number; results: TableSummary[] }> {
      const at = now();
      const { rows, count } = await repo.tablesOf(userId, pageWindow(query));
      refusePastLastPage(rows.length, query);
      const seats = await repo.seatsOfTables(rows.map((row) => row.id));
      const results = rows.map((row): TableSummary => {
        const own = seats.filter((seat) => seat.table_id === row.id);
        return {
          id: row.id,
          code: row.code,
          status: statusAt(row, at),
          auditor: toBool(row.auditor),
          players: own.map((seat) => seat.name),
          seq: row.seq,
          is_host: row.host_id === userId,
          your_seat: own.find((seat) => seat.taken_by === userId)?.seat ?? null,
          created_at: toDate(row.created_at).toISOString(),
          updated_at: toDate(row.updated_at).toISOString(),
        };
      });
      return { count, results };
    },

    /**
     * The whole table for its host, whatever its status: the setup, the seats, every event of its log
     * in order (refused actions were never in it) and the state after the last. A seated player 403.
     */
    async exportTable(userId: number, tableId: number): Promise<{ filename: string; body: TableExport }> {
      const { table, seats, standing } = await visibleTable({ user: userId }, tableId);
      if (!standing.host) throw forbidden(TABLE_MESSAGES.hostOnly);
      // Events written after the table was read belong to a later state: left out, so the two agree.
      const events = (await repo.eventsAfter(tableId, 0)).filter(
        (event) => (event.seq as number) <= table.seq,
      );
      const at = now();
      const setup = JSON.parse(table.setup) as TableSetup;
      return {
        filename: tableExportFilename(table.code, at),
        body: {
          format: TABLE_EXPORT_FORMAT,
          version: 1,
          exported_at: at.toISOString(),
          table: {
            id: table.id,
            code: table.code,
            host_id: table.host_id,
            auditor: toBool(table.auditor),
            status: statusAt(table, at),
            seq: table.seq,
            created_at: toDate(table.created_at).toISOString(),
            updated_at: toDate(table.updated_at).toISOString(),
          },
          setup: { at: setup.at, players: setup.players as unknown as Record<string, unknown>[] },
          seats: seats.map((seat) => presentSeat(seat, at)),
          events: events.map(presentEvent),
          state: JSON.parse(table.state),
        },
      };
    },

    /**
     * The host opens a closed table again, its last change now, and its devices are told; an open one
     * is answered as it is; a finished game cannot be resumed (409).
     */
    async resume(userId: number, tableId: number): Promise<Table> {
      const { table, standing } = await visibleTable({ user: userId }, tableId);
      if (!standing.host) throw forbidden(TABLE_MESSAGES.hostOnly);
      const at = now();
      const status = statusAt(table, at);
      if (status === 'closed') {
        if (!(await repo.reopen(tableId, at, STATUS_RING)))
          throw conflict(TABLE_MESSAGES.finishedNoResume, 'table_finished');
        onAdvance?.(tableId, STATUS_RING);
      } else if (status !== 'open') {
        throw conflict(TABLE_MESSAGES.finishedNoResume, 'table_finished');
      }
      return this.get({ user: userId }, tableId);
    },
  };
}

/** A resend found inside the lock: answered with the first copy's result and the table's seq. */
class Resent extends Error {
  constructor(
    readonly prior: EventRow,
    readonly seq: number,
  ) {
    super('resent');
  }
}

export type TablesService = ReturnType<typeof createTablesService>;
