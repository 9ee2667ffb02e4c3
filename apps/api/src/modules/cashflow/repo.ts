// Queries for finished CashFlow games. Each stored game also bumps its month's
// roll-ups (games, duration, wins per winner) and its winner's all-time row in
// the same transaction, with upserts both databases run the same way; the
// leaderboard sums the monthly rows over a range of months, or reads the
// all-time rows in rank order, and never scans the games or their results.
import { sql } from 'kysely';
import { dbBool, toIso } from '../../db/dialect';
import type { Db } from '../../db/index';

export interface NewSession {
  submittedBy: number;
  /** year * 100 + month of the end in Asia/Ho_Chi_Minh. */
  period: number;
  pendingTs: number;
  startMs: number;
  endMs: number;
  /** The game's length, rounded to the second (see durationSeconds). */
  durationSeconds: number;
  winType: string;
  winnerIndex: number;
  winnerUserId: number | null;
  winnerGuestName: string | null;
  results: NewResult[];
}

export interface NewResult {
  userId: number | null;
  guestName: string | null;
  displayName: string;
  career: string;
  salary: number;
  expenses: number;
  passiveIncome: number;
  cashOnHandEnd: number;
  escapedRatrace: boolean;
  isWinner: boolean;
}

/** Inclusive range of months (year * 100 + month). */
export interface Periods {
  from: number;
  to: number;
}

const SESSION_COLUMNS = ['id', 'start_ms', 'num_players', 'win_type', 'duration_seconds'] as const;

/** A game's stored length: from start to end, rounded to the second. */
export const durationSeconds = (startMs: number, endMs: number) => Math.round((endMs - startMs) / 1000);

export function createCashflowRepo(db: Db) {
  /**
   * Wins per winner of that column (a registered user or a guest name), most first; ties go to
   * whoever reached their count first, then by the column.
   */
  function winsBy(column: 'winner_user_id' | 'winner_guest_name', periods: Periods | null, limit: number) {
    if (!periods) {
      // All time: the first rows of the roll-up's rank index.
      return db
        .selectFrom('cashflow_alltime_wins')
        .select((eb) => [eb.ref(column).as('winner'), 'wins'])
        .where(column, 'is not', null)
        .orderBy('wins', 'desc')
        .orderBy('last_end_ms', 'asc')
        .orderBy(column, 'asc')
        .limit(limit)
        .execute();
    }
    return db
      .selectFrom('cashflow_monthly_wins')
      .select((eb) => [eb.ref(column).as('winner'), eb.fn.sum<number | string>('wins').as('wins')])
      .where(column, 'is not', null)
      .where('period', '>=', periods.from)
      .where('period', '<=', periods.to)
      .groupBy(column)
      .orderBy(sql`sum(wins)`, 'desc')
      .orderBy(sql`max(last_end_ms)`, 'asc')
      .orderBy(column, 'asc')
      .limit(limit)
      .execute();
  }

  return {
    findByPendingTs(submittedBy: number, pendingTs: number) {
      return db
        .selectFrom('cashflow_sessions')
        .select(SESSION_COLUMNS)
        .where('submitted_by', '=', submittedBy)
        .where('pending_ts', '=', pendingTs)
        .executeTakeFirst();
    },

    findSession(id: number) {
      return db
        .selectFrom('cashflow_sessions')
        .select(SESSION_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The players' accounts, to check they exist and are active and to snapshot their names. */
    findUsers(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users')
        .select(['id', 'first_name', 'middle_name', 'last_name', 'is_active'])
        .where('id', 'in', ids)
        .execute();
    },

    /**
     * Writes the session, its results and its month's roll-ups in one transaction. Answers the new
     * id with the results' ids in seat order (so the answer needs no read of what was just written),
     * or null when this submitter already stored this _pending_ts (the unique constraint decides, so
     * two racing requests cannot both write).
     */
    async insertSession(s: NewSession, now: Date): Promise<{ id: number; resultIds: number[] } | null> {
      const duration = s.durationSeconds;
      return db.transaction().execute(async (tx) => {
        const inserted = await tx
          .insertInto('cashflow_sessions')
          .values({
            submitted_by: s.submittedBy,
            pending_ts: s.pendingTs,
            start_time: toIso(new Date(s.startMs)),
            end_time: toIso(new Date(s.endMs)),
            start_ms: s.startMs,
            end_ms: s.endMs,
            duration_seconds: duration,
            win_type: s.winType,
            num_players: s.results.length,
            winner_index: s.winnerIndex,
            winner_user_id: s.winnerUserId,
            winner_guest_name: s.winnerGuestName,
            created_at: toIso(now),
          })
          .onConflict((oc) => oc.columns(['submitted_by', 'pending_ts']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return null;
        const results = await tx
          .insertInto('cashflow_results')
          .values(
            s.results.map((r, position) => ({
              session_id: inserted.id,
              position,
              user_id: r.userId,
              guest_name: r.guestName,
              display_name: r.displayName,
              career: r.career,
              salary: r.salary,
              expenses: r.expenses,
              passive_income: r.passiveIncome,
              cash_on_hand_end: r.cashOnHandEnd,
              escaped_ratrace: dbBool(r.escapedRatrace),
              is_winner: dbBool(r.isWinner),
            })),
          )
          // RETURNING's order is not promised on either database: the position says whose id it is.
          .returning(['id', 'position'])
          .execute();
        const resultIds: number[] = [];
        for (const r of results) resultIds[r.position] = r.id;
        await tx
          .insertInto('cashflow_monthly_totals')
          .values({ period: s.period, games: 1, duration_seconds: duration })
          .onConflict((oc) =>
            oc.column('period').doUpdateSet({
              games: sql`cashflow_monthly_totals.games + 1`,
              duration_seconds: sql`cashflow_monthly_totals.duration_seconds + excluded.duration_seconds`,
            }),
          )
          .execute();
        const winner = {
          winner_key: s.winnerUserId !== null ? `u:${s.winnerUserId}` : `g:${s.winnerGuestName}`,
          winner_user_id: s.winnerUserId,
          winner_guest_name: s.winnerUserId !== null ? null : s.winnerGuestName,
          wins: 1,
          last_end_ms: s.endMs,
        };
        await tx
          .insertInto('cashflow_monthly_wins')
          .values({ period: s.period, ...winner })
          .onConflict((oc) =>
            oc.columns(['period', 'winner_key']).doUpdateSet({
              wins: sql`cashflow_monthly_wins.wins + 1`,
              // A game sent late may end before the month's latest win; CASE is portable, max/greatest are not.
              last_end_ms: sql`case when excluded.last_end_ms > cashflow_monthly_wins.last_end_ms
                then excluded.last_end_ms else cashflow_monthly_wins.last_end_ms end`,
            }),
          )
          .execute();
        await tx
          .insertInto('cashflow_alltime_wins')
          .values(winner)
          .onConflict((oc) =>
            oc.column('winner_key').doUpdateSet({
              wins: sql`cashflow_alltime_wins.wins + 1`,
              last_end_ms: sql`case when excluded.last_end_ms > cashflow_alltime_wins.last_end_ms
                then excluded.last_end_ms else cashflow_alltime_wins.last_end_ms end`,
            }),
          )
          .execute();
        return { id: inserted.id, resultIds };
      });
    },

    /**
     * One page, newest start first (the last rows of the start index), and the total: the monthly
     * roll-up's games summed (a row a month) rather than a count of every stored game. Games are never
     * deleted (a deleted submitter's stay, decision 0010), so the two are equal; rollups.test.ts and
     * sessions-count.test.ts check it against a recomputation on both databases.
     */
    async listSessions(page: { offset: number; limit: number }) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('cashflow_sessions')
          .select(SESSION_COLUMNS)
          .orderBy('start_ms', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        db
          .selectFrom('cashflow_monthly_totals')
          .select((eb) => eb.fn.sum<number | string | null>('games').as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.count ?? 0) };
    },

    /** The results of several sessions in one query, with the current name of each registered player. */
    resultsOf(sessionIds: number[]) {
      if (sessionIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('cashflow_results as r')
        .leftJoin('users as u', 'u.id', 'r.user_id')
        .select([
          'r.id',
          'r.session_id',
          'r.position',
          'r.user_id',
          'r.display_name',
          'r.career',
          'r.passive_income',
          'r.expenses',
          'r.cash_on_hand_end',
          'r.escaped_ratrace',
          'r.is_winner',
          'u.id as account_id',
          'u.first_name',
          'u.middle_name',
          'u.last_name',
        ])
        .where('r.session_id', 'in', sessionIds)
        .orderBy('r.session_id')
        .orderBy('r.position')
        .execute();
    },

    /** Games and mean duration in seconds over the months (or all time). */
    async totals(periods: Periods | null) {
      let q = db
        .selectFrom('cashflow_monthly_totals')
        .select((eb) => [
          eb.fn.sum<number | string | null>('games').as('games'),
          eb.fn.sum<number | string | null>('duration_seconds').as('seconds'),
        ]);
      if (periods) q = q.where('period', '>=', periods.from).where('period', '<=', periods.to);
      const row = await q.executeTakeFirstOrThrow();
      const games = Number(row.games ?? 0);
      return { games, avgSeconds: games === 0 ? 0 : Number(row.seconds ?? 0) / games };
    },

    /** Wins per registered user, most first; ties go to whoever reached their count first. */
    async userWins(periods: Periods | null, limit: number) {
      const rows = await winsBy('winner_user_id', periods, limit);
      return rows.map((r) => ({ userId: Number(r.winner), wins: Number(r.wins) }));
    },

    /** Wins per guest name, ranked like the users. */
    async guestWins(periods: Periods | null, limit: number) {
      const rows = await winsBy('winner_guest_name', periods, limit);
      return rows.map((r) => ({ name: String(r.winner), wins: Number(r.wins) }));
    },

    namesOf(userIds: number[]) {
      if (userIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users')
        .select(['id', 'first_name', 'middle_name', 'last_name'])
        .where('id', 'in', userIds)
        .execute();
    },
  };
}

export type CashflowRepo = ReturnType<typeof createCashflowRepo>;
