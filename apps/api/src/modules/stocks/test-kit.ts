// The stocks module's own test helper: a clock at a known market instant.
// Users and callers come from the one test kit (src/test/users.ts).
// Test-only; nothing in the app imports it.
import type { TestApp } from '../../test/harness';
import { marketInstant } from './calendar/calendar';

/** Moves the app's clock to a market-local date and time (before signing anyone in). */
export function setMarketClock(t: TestApp, date: string, time: string): void {
  t.clock.advance((marketInstant(date, time).getTime() - t.clock.now().getTime()) / 1000);
}
