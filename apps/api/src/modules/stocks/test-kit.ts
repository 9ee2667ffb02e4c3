// Shared set-up for the stocks API tests: users of each role, a clock at a known market instant,
// and request helpers. Test-only; nothing in the app imports it.
import { bearer, signIn, type TestApp } from '../../test/harness';
import { marketInstant } from './calendar';

export interface TestUser {
  id: number;
  email: string;
  headers: { authorization: string };
}

let counter = 0;

export async function makeUser(t: TestApp, role = 'staff'): Promise<TestUser> {
  const email = `stocks-${role}-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const user = await t.app.accounts.createUser({ email, password: 'password-123', role });
  const { access } = await signIn(t.app, email, 'password-123');
  return { id: user.id, email, headers: bearer(access) };
}

/** Moves the app's clock to a market-local date and time (before signing anyone in). */
export function setMarketClock(t: TestApp, date: string, time: string): void {
  t.clock.advance((marketInstant(date, time).getTime() - t.clock.now().getTime()) / 1000);
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export function caller(t: TestApp) {
  return (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(user ? { headers: user.headers } : {}),
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
}
