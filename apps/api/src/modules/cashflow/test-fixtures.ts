// Shared set-up for the CashFlow API tests: signed-in users of each role and
// finalize bodies. Test-only; nothing in the app imports it.
import type { FinalizeRequestInput } from '@staff/contracts';
import { bearer, signIn, type TestApp } from '../../test/harness';

export interface TestUser {
  id: number;
  email: string;
  headers: { authorization: string };
}

let counter = 0;

export async function makeUser(
  t: TestApp,
  role = 'ndf',
  names: { firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const email = `cashflow-${role}-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const user = await t.app.accounts.createUser({ email, password: 'password-123', role, ...names });
  const { access } = await signIn(t.app, email, 'password-123');
  return { id: user.id, email, headers: bearer(access) };
}

type Method = 'GET' | 'POST';

export function caller(t: TestApp) {
  return (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(user ? { headers: user.headers } : {}),
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
}

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
