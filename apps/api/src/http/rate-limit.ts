// Fixed-window rate limits whose counters live in the database, so every API
// process behind a load balancer counts against the same numbers.
// Tiers are described in docs/decisions/0004-rate-limit-tiers.md.
import { sql } from 'kysely';
import { toIso } from '../db/dialect';
import type { Db } from '../db/index';
import { tooManyRequests } from './errors';

export interface RateLimitTier {
  name: string;
  limit: number;
  windowSeconds: number;
}

export const TIERS = {
  /** Sign-in attempts from one address; generous, because a whole office may share one address. */
  signInPerIp: { name: 'signin-ip', limit: 100, windowSeconds: 5 * 60 },
  /** Failed sign-ins for one e-mail, from anywhere: stops slow, distributed guessing. */
  signInFailuresPerEmail: { name: 'signin-email', limit: 5, windowSeconds: 15 * 60 },
  /** Wrong old passwords for one account. */
  passwordFailuresPerUser: { name: 'password-user', limit: 5, windowSeconds: 15 * 60 },
  /** Token refreshes from one address (several tabs refresh together). */
  refreshPerIp: { name: 'refresh-ip', limit: 600, windowSeconds: 5 * 60 },
} as const satisfies Record<string, RateLimitTier>;

export interface RateLimiter {
  /** Counts one hit; throws 429 once the tier's limit is passed. */
  hit(tier: RateLimitTier, subject: string): Promise<void>;
  /** Throws 429 when the tier's limit is already used up, without counting. */
  check(tier: RateLimitTier, subject: string): Promise<void>;
}

/** The fixed window an instant falls in. */
export function windowOf(tier: RateLimitTier, at: Date) {
  const ms = tier.windowSeconds * 1000;
  const t = at.getTime();
  const start = Math.floor(t / ms) * ms;
  return { start, end: start + ms, retryAfter: Math.max(1, Math.ceil((start + ms - t) / 1000)) };
}

/** The counter row's key for a subject in the window starting at `start`. */
export function counterKey(tier: RateLimitTier, subject: string, start: number): string {
  return `${tier.name}:${subject.toLowerCase().slice(0, 300)}:${start}`;
}

export function createRateLimiter(db: Db, now: () => Date, enabled: boolean): RateLimiter {
  let lastSweep = 0;
  const sweepExpired = async () => {
    const t = now().getTime();
    if (t - lastSweep < 60_000) return;
    lastSweep = t;
    await db.deleteFrom('rate_limit_counters').where('expires_at', '<', toIso(now())).execute();
  };

  return {
    async hit(tier, subject) {
      if (!enabled) return;
      const w = windowOf(tier, now());
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ key: counterKey(tier, subject, w.start), count: 1, expires_at: toIso(new Date(w.end)) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ count: sql`rate_limit_counters.count + 1` }))
        .returning('count')
        .executeTakeFirstOrThrow();
      await sweepExpired();
      if (row.count > tier.limit) throw tooManyRequests(w.retryAfter);
    },
    async check(tier, subject) {
      if (!enabled) return;
      const w = windowOf(tier, now());
      const row = await db
        .selectFrom('rate_limit_counters')
        .select('count')
        .where('key', '=', counterKey(tier, subject, w.start))
        .executeTakeFirst();
      if (row && row.count >= tier.limit) throw tooManyRequests(w.retryAfter);
    },
  };
}
