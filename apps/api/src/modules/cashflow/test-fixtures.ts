// The CashFlow module's own test helpers: finalize bodies and a session count.
// Users and callers come from the one test kit (src/test/users.ts).
// Test-only; nothing in the app imports it.
import type { FinalizeRequestInput } from '@staff/contracts';
import type { TestApp } from '../../test/harness';

let pendingTs = 1_760_000_000_000;
export const nextPendingTs = () => ++pendingTs;

type Player = { user_id: number } | { guest_name: string };

/** A valid finalize body: players in seat order, the one at `winner` winning. */
export function finalizeBody(
  players: Player[],
  options: { winner?: number; start?: string; end?: string; pendingTs?: number } = {},
): FinalizeRequestInput {
  const winner = options.winner ?? 0;
  return {
    num_players: players.length,
    start_time: options.start ?? '2026-03-10T12:00:00.000Z',
    end_time: options.end ?? '2026-03-10T13:30:00.000Z',
    win_type: 'PASSIVE_INCOME_FAST',
    winner_index: winner,
    _pending_ts: options.pendingTs ?? nextPendingTs(),
    results: players.map((p, i) => ({
      career: 'Kỹ sư',
      salary: 4900,
      expenses: 3190 + i,
      passive_income: 1200.5,
      cash_on_hand_end: 15000 - i,
      escaped_ratrace: i === winner,
      is_winner: i === winner,
      ...p,
    })),
  };
}

export async function sessionCount(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('cashflow_sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
