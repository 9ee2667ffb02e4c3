// Answers kept ready (issue 17, decision 0021). A read that many requests make the same way is
// computed once and kept, serialised, in this process, stamped with the versions of the data it
// was built from (`data_versions`, bumped by triggers in the transaction of every write). A request
// reads those versions (one indexed read) and, when they are the stamp's, sends the kept bytes
// without touching the data: never stale, since a write anywhere — in this process or another —
// moves a version before it commits.
//
// Order matters: the versions are read BEFORE the answer is computed, so an answer can only be
// newer than its stamp, never older (a write committing in between bumps the version past the
// stamp, and the next request computes again).
//
// Shared answers (the same for every reader: forex, stocks, the CashFlow board) also carry a strong
// ETag and `Cache-Control: private, no-cache`, and an `If-None-Match` naming the current answer is
// answered 304 without a body. Answers with personal data keep the API's `no-store` and no ETag.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db';

export interface AnswerSpec {
  /** What the answer is, apart from the data: the route and everything the request chose. */
  key: string;
  /** The data versions it is built from ('users', 'forex', 'stocks', 'cashflow', 'diary:<id>', …). */
  scopes: readonly string[];
  /**
   * The same for every reader and free of personal data: sent with an ETag and
   * `private, no-cache` so a browser revalidates instead of downloading it again.
   */
  shared: boolean;
  /**
   * For answers that also depend on the clock (a window ending now, a market session) and cannot
   * tell when they change: kept for at most this many milliseconds of the app's clock, on boundaries
   * of that length. An answer that can tell says so through `keepUntil` instead.
   */
  clockMs?: number;
}

/**
 * Given to a computation: an answer that depends on the clock calls it with the first instant
 * (epoch ms, the app's clock) at which it could differ without any write.
 */
export type KeepUntil = (epochMs: number) => void;

interface Kept {
  stamp: string;
  /** The serialised answer, encoded once: a hit sends these bytes as they are. */
  body: Buffer;
  etag: string;
  /** The app's clock from which the answer may differ without a write. */
  untilMs: number;
}

export interface AnswerCacheOptions {
  db: Db;
  now: () => Date;
  /** Upper bound of the kept answers' size in this process (bytes of JSON). */
  maxBytes?: number;
}

export const ANSWER_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export function createAnswerCache({ db, now, maxBytes = ANSWER_CACHE_MAX_BYTES }: AnswerCacheOptions) {
  // A Map iterates in insertion order: a hit moves its entry to the end, so the first is the least
  // recently used.
  const kept = new Map<string, Kept>();
  const computing = new Map<string, Promise<Kept>>();
  let bytes = 0;
  const counts = { hits: 0, misses: 0, joined: 0 };

  async function stampOf(spec: AnswerSpec): Promise<string> {
    const rows = await db
      .selectFrom('data_versions')
      .select(['scope', 'version'])
      .where('scope', 'in', [...spec.scopes])
      .execute();
    const versions = new Map(rows.map((row) => [row.scope, String(row.version)]));
    const parts = spec.scopes.map((scope) => `${scope}=${versions.get(scope) ?? '0'}`);
    if (spec.clockMs) parts.push(`@${Math.floor(now().getTime() / spec.clockMs)}`);
    return parts.join(';');
  }

  function keep(key: string, entry: Kept): void {
    const old = kept.get(key);
    if (old) {
      bytes -= old.body.length;
      kept.delete(key);
    }
    if (entry.body.length > maxBytes / 4) return; // one answer never pushes out most of the others
    kept.set(key, entry);
    bytes += entry.body.length;
    for (const [oldest, value] of kept) {
      if (bytes <= maxBytes) break;
      kept.delete(oldest);
      bytes -= value.body.length;
    }
  }

  async function answer<T>(
    reply: FastifyReply,
    spec: AnswerSpec,
    compute: (keepUntil: KeepUntil) => Promise<T>,
  ): Promise<Kept> {
    const stamp = await stampOf(spec);
    const hit = kept.get(spec.key);
    if (hit && hit.stamp === stamp && now().getTime() < hit.untilMs) {
      counts.hits += 1;
      kept.delete(spec.key);
      kept.set(spec.key, hit);
      return hit;
    }
    // Requests arriving while the answer is computed wait for that computation.
    const flight = `${spec.key}\n${stamp}`;
    const pending = computing.get(flight);
    if (pending) {
      counts.joined += 1;
      return pending;
    }
    counts.misses += 1;
    const made = (async () => {
      // The route's own serialiser (its response schema for 200), as if the handler had returned it.
      let untilMs = Number.POSITIVE_INFINITY;
      const value = await compute((epochMs) => {
        untilMs = Math.min(untilMs, epochMs);
      });
      const body = Buffer.from(reply.serialize(value) as string);
      const entry: Kept = { stamp, body, etag: strongTag(body), untilMs };
      keep(spec.key, entry);
      return entry;
    })();
    computing.set(flight, made);
    try {
      return await made;
    } finally {
      computing.delete(flight);
    }
  }

  return {
    /**
     * Sends the answer `compute` gives (computing it only when the data changed since it was kept),
     * or 304 when the request already holds it. Errors `compute` throws are answered as usual and
     * nothing is kept.
     */
    async send<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      spec: AnswerSpec,
      compute: (keepUntil: KeepUntil) => Promise<T>,
    ): Promise<FastifyReply> {
      const entry = await answer(reply, spec, compute);
      reply.type('application/json; charset=utf-8');
      if (!spec.shared) return reply.send(entry.body);
      reply.header('etag', entry.etag).header('cache-control', 'private, no-cache');
      if (noneMatch(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
      return reply.send(entry.body);
    },
    /** What this process keeps (answers, bytes) and how requests fared since it started. */
    stats: () => ({ answers: kept.size, bytes, ...counts }),
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;

function strongTag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** RFC 9110 13.1.2: If-None-Match compares weakly; `*` matches any current answer. */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const tags = header.match(/(W\/)?"[^"]*"/g) ?? [];
  return tags.some((tag) => tag.replace(/^W\//, '') === etag);
}
