// Finished CashFlow games: finalize (validated, written once per submitter and
// _pending_ts, in one transaction), the history and the leaderboard.
import {
  CASHFLOW_CLOCK_MARGIN_HOURS,
  FINALIZE_MESSAGES,
  type FinalizeRequest,
  type FinishedSession,
  type FinishedSessionListQuery,
  invalidPk,
  LEADERBOARD_LIMIT,
  type LeaderboardQuery,
  type LeaderboardResponse,
  type ValidationErrors,
} from '@staff/contracts';
import { toBool } from '../../db/dialect';
import type { Db } from '../../db/index';
import { badRequest } from '../../http/errors';
import { pageWindow, refusePastLastPage } from '../../http/pages';
import { leaderboardPeriods, periodOf } from './period';
import {
  accountName,
  presentLeaderboard,
  presentNewResult,
  presentResult,
  presentSession,
} from './presenter';
import { createCashflowRepo, durationSeconds, type NewResult } from './repo';

export interface CashflowDeps {
  db: Db;
  now: () => Date;
}

export function createCashflowService(deps: CashflowDeps) {
  const { db, now } = deps;
  const repo = createCashflowRepo(db);

  async function present(
    sessions: {
      id: number;
      start_ms: number;
      num_players: number;
      win_type: string;
      duration_seconds: number;
    }[],
  ): Promise<FinishedSession[]> {
    const results = await repo.resultsOf(sessions.map((s) => s.id));
    const bySession = new Map<number, FinishedSession['results']>();
    for (const r of results) {
      const list = bySession.get(r.session_id) ?? [];
      list.push(presentResult(r));
      bySession.set(r.session_id, list);
    }
    return sessions.map((s) => presentSession(s, bySession.get(s.id) ?? []));
  }

  async function presentOne(id: number): Promise<FinishedSession> {
    const row = await repo.findSession(id);
    if (!row) throw new Error(`cashflow session ${id} vanished after it was stored`);
    const [session] = await present([row]);
    return session as FinishedSession;
  }

  /** Player names and the account rules: each user exists, is active and plays at most once. */
  async function resolvePlayers(body: FinalizeRequest): Promise<NewResult[]> {
    const ids = body.results.flatMap((r) => (r.user_id ? [r.user_id] : []));
    const accounts = new Map((await repo.findUsers([...new Set(ids)])).map((u) => [u.id, u]));
    const errors: ValidationErrors = {};
    const seen = new Set<number>();
    const players = body.results.map((r, i): NewResult => {
      let displayName = r.guest_name ?? '';
      if (r.user_id) {
        const account = accounts.get(r.user_id);
        const key = `results.${i}.user_id`;
        if (!account) errors[key] = [invalidPk(r.user_id)];
        else if (!toBool(account.is_active)) errors[key] = [FINALIZE_MESSAGES.inactiveUser];
        else if (seen.has(r.user_id)) errors[key] = [FINALIZE_MESSAGES.duplicateUser];
        seen.add(r.user_id);
        displayName = account ? (accountName(account) ?? '') : '';
      }
      return {
        userId: r.user_id ?? null,
        guestName: r.user_id ? null : (r.guest_name ?? null),
        displayName,
        career: r.career,
        salary: r.salary,
        expenses: r.expenses,
        passiveIncome: r.passive_income,
        cashOnHandEnd: r.cash_on_hand_end,
        escapedRatrace: r.escaped_ratrace,
        isWinner: r.is_winner,
      };
    });
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    return players;
  }

  return {
    /**
     * Stores a finished game once. A resend (same submitter, same _pending_ts)
     * answers the stored game with created false, before any account check, so
     * a result whose first answer was lost can always be confirmed.
     */
    async finalize(
      submitterId: number,
      body: FinalizeRequest,
    ): Promise<{ created: boolean; session: FinishedSession }> {
      const stored = await repo.findByPendingTs(submitterId, body._pending_ts);
      if (stored) return { created: false, session: await presentOne(stored.id) };
      const startMs = Date.parse(body.start_time);
      const endMs = Date.parse(body.end_time);
      // A game in the future is a wrong device clock; it would sit in a period yet to come.
      const latest = now().getTime() + CASHFLOW_CLOCK_MARGIN_HOURS * 3600 * 1000;
      const future: ValidationErrors = {};
      if (startMs > latest) future.start_time = [FINALIZE_MESSAGES.startInFuture];
      if (endMs > latest) future.end_time = [FINALIZE_MESSAGES.endInFuture];
      if (Object.keys(future).length > 0) throw badRequest(future);
      const players = await resolvePlayers(body);
      const winner = players[body.winner_index] as NewResult;
      const duration = durationSeconds(startMs, endMs);
      const written = await repo.insertSession(
        {
          submittedBy: submitterId,
          period: periodOf(endMs),
          pendingTs: body._pending_ts,
          startMs,
          endMs,
          durationSeconds: duration,
          winType: body.win_type,
          winnerIndex: body.winner_index,
          winnerUserId: winner.userId,
          winnerGuestName: winner.guestName,
          results: players,
        },
        now(),
      );
      if (written !== null) {
        // Answered from what was written, as a read of it would present it (the names are the
        // accounts' as resolvePlayers just read them): no second trip for rows we hold.
        const session = presentSession(
          {
            id: written.id,
            start_ms: startMs,
            num_players: players.length,
            win_type: body.win_type,
            duration_seconds: duration,
          },
          players.map((p, position) => presentNewResult(written.resultIds[position] as number, p)),
        );
        return { created: true, session };
      }
      // Another request with the same key won the race; answer what it stored.
      const raced = await repo.findByPendingTs(submitterId, body._pending_ts);
      if (!raced) throw new Error('cashflow session conflict without a stored session');
      return { created: false, session: await presentOne(raced.id) };
    },

    async list(query: FinishedSessionListQuery): Promise<{ count: number; results: FinishedSession[] }> {
      const { rows, count } = await repo.listSessions(pageWindow(query));
      refusePastLastPage(rows.length, query);
      return { count, results: await present(rows) };
    },

    async leaderboard(query: LeaderboardQuery): Promise<LeaderboardResponse> {
      const periods = leaderboardPeriods(query);
      const [totals, userWins, guestWins] = await Promise.all([
        repo.totals(periods),
        repo.userWins(periods, LEADERBOARD_LIMIT),
        query.include_guests ? repo.guestWins(periods, LEADERBOARD_LIMIT) : Promise.resolve([]),
      ]);
      const names = new Map(
        (await repo.namesOf(userWins.map((w) => w.userId))).map((u) => [u.id, accountName(u)]),
      );
      return presentLeaderboard(totals, userWins, guestWins, names);
    },
  };
}

export type CashflowService = ReturnType<typeof createCashflowService>;
