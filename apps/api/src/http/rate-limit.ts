// Fixed-window rate limits whose counters live in the database, so every API
// process behind a load balancer counts against the same numbers.
// Tiers are described in docs/decisions/0004-rate-limit-tiers.md.
import net from 'node:net';
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
  /**
   * Sign-in attempts from one address, counted before verifying; a successful one gives its slot
   * back (as in every sign-in tier), because a whole office may share one address. What is left
   * is failures and attempts in flight: it caps a burst from one address.
   */
  signInPerIp: { name: 'signin-ip', limit: 100, windowSeconds: 5 * 60 },
  /** Passwords tried for one e-mail from one address: the strict tier, counted before verifying. */
  signInFailuresPerAccountAndIp: { name: 'signin-pair', limit: 5, windowSeconds: 15 * 60 },
  /** Passwords tried from one address for any e-mails: stops one client spraying many accounts. */
  signInFailuresPerIp: { name: 'signin-fail-ip', limit: 50, windowSeconds: 15 * 60 },
  /**
   * Passwords tried for one e-mail from anywhere. Never refuses (that would let anyone lock
   * the owner out); it only slows sign-ins down, see signInDelaySeconds.
   */
  signInFailuresPerAccount: { name: 'signin-email', limit: Number.POSITIVE_INFINITY, windowSeconds: 15 * 60 },
  /** Wrong old passwords for one account. */
  passwordFailuresPerUser: { name: 'password-user', limit: 5, windowSeconds: 15 * 60 },
  /** Token refreshes from one address (several tabs refresh together). */
  refreshPerIp: { name: 'refresh-ip', limit: 600, windowSeconds: 5 * 60 },
  /** Avatar uploads by one user, counted before decoding (refused images too): decoding is the cost. */
  avatarPerUser: { name: 'avatar-user', limit: 10, windowSeconds: 15 * 60 },
  /**
   * CashFlow join codes tried by one user that named no open table (a found table gives its slot
   * back): 31^6 codes (about 887 million), so with 50 tables open, 20 guesses every 15 minutes find one
   * about once in 25 years.
   */
  tableCodePerUser: { name: 'table-code-user', limit: 20, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitTier>;

/**
 * The delay before verifying a password, from the account's failures in the window (from any
 * address): none for the first three, then 1, 2, 4 and at most 8 seconds.
 */
export function signInDelaySeconds(failures: number): number {
  if (failures < 3) return 0;
  return Math.min(8, 2 ** (failures - 3));
}

/** One counted hit: the tier's count in this window, including this hit. */
export interface Counted {
  count: number;
  /** Seconds until the window ends, for Retry-After. */
  retryAfter: number;
  /** The counter row, so a hit can be given back in the window it was counted in. */
  key: string;
}

export interface RateLimiter {
  /** Counts one hit; throws 429 once the tier's limit is passed. */
  hit(tier: RateLimitTier, subject: string): Promise<void>;
  /**
   * Counts one hit and answers the new count without refusing (count 0 when limits are off).
   * The upsert is atomic on both databases, so concurrent hits each see a different count.
   */
  count(tier: RateLimitTier, subject: string, executor?: Db): Promise<Counted>;
  /** Gives back a counted hit (a sign-in that succeeded). */
  giveBack(counted: Counted): Promise<void>;
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

/**
 * The subject a client address is limited as: an IPv4 address as is (also when IPv4-mapped),
 * an IPv6 address as its /64 prefix, since one subscriber holds a whole /64.
 */
export function clientAddressSubject(ip: string): string {
  const bare = ip.split('%')[0] ?? ip;
  if (!net.isIPv6(bare)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1] as string;
  const width = (parts: string[]) => parts.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - width(left) - width(right)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export function createRateLimiter(db: Db, now: () => Date, enabled: boolean): RateLimiter {
  let lastSweep = 0;
  const sweepExpired = async () => {
    const t = now().getTime();
    if (t - lastSweep < 60_000) return;
    lastSweep = t;
    await db.deleteFrom('rate_limit_counters').where('expires_at', '<', toIso(now())).execute();
  };

  const count: RateLimiter['count'] = async (tier, subject, executor = db) => {
    const w = windowOf(tier, now());
    const key = counterKey(tier, subject, w.start);
    if (!enabled) return { count: 0, retryAfter: w.retryAfter, key };
    const row = await executor
      .insertInto('rate_limit_counters')
      .values({ key, count: 1, expires_at: toIso(new Date(w.end)) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ count: sql`rate_limit_counters.count + 1` }))
      .returning('count')
      .executeTakeFirstOrThrow();
    // Not inside a caller's transaction: SQLite's one connection is held by it.
    if (executor === db) await sweepExpired();
    return { count: row.count, retryAfter: w.retryAfter, key };
  };

  return {
    count,
    async hit(tier, subject) {
      const counted = await count(tier, subject);
      if (counted.count > tier.limit) throw tooManyRequests(counted.retryAfter);
    },
    async giveBack(counted) {
      if (!enabled || counted.count === 0) return;
      await db
        .updateTable('rate_limit_counters')
        .set({ count: sql`rate_limit_counters.count - 1` })
        .where('key', '=', counted.key)
        .where('count', '>', 0)
        .execute();
    },
  };
}
