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
// Shared answers (the same for every reader and free of personal data: forex, stocks, the CashFlow
// history and board) also carry a strong ETag and `Cache-Control: private, no-cache`, and an
// `If-None-Match` naming the current answer is answered 304 without a body. Answers with personal
// data (lists of people, one user's diary or watchlist) keep the API's `no-store` and no ETag.
//
// Memory is bounded whatever clients send (issue 22): keys come from the route's validated query,
// never the raw URL, and the budget counts keys and each entry's overhead, with a cap on entries.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import type { AppMetrics } from '../metrics/app-metrics';

export interface AnswerSpec {
  /**
   * Whose answer it is when it is one user's data (the diary's or watchlists' owner): part of the
   * key. The rest of the key is the route and its validated parameters and query (`keyOf`).
   */
  owner?: number;
  /** The data versions it is built from ('users', 'forex', 'stocks', 'cashflow', 'diary:<id>', …). */
  scopes: readonly string[];
  /**
   * The same for every reader and free of personal data (no e-mail, nothing one user owns): sent
   * with an ETag and `private, no-cache` so a browser revalidates instead of downloading it again.
   * Otherwise the answer keeps the API's `no-store` and carries no ETag.
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
  key: string;
  stamp: string;
  /** The serialised answer, encoded once: a hit sends these bytes as they are. */
  body: Buffer;
  /** The strong ETag of a shared answer; empty for a per-user one, which carries none. */
  etag: string;
  /** The app's clock from which the answer may differ without a write. */
  untilMs: number;
  /** What the entry costs this process, as the budget counts it (`sizeOf`). */
  size: number;
}

export interface AnswerCacheOptions {
  db: Db;
  now: () => Date;
  /** Upper bound of what the kept answers cost this process: bodies, keys, stamps and each entry's overhead. */
  maxBytes?: number;
  /** Upper bound of the number of kept answers. */
  maxEntries?: number;
  /** Counts hits and misses (answer_cache_hits_total, answer_cache_misses_total) when metrics are on. */
  metrics?: Pick<AppMetrics, 'answerCacheHits' | 'answerCacheMisses'> | undefined;
}

export const ANSWER_CACHE_MAX_BYTES = 32 * 1024 * 1024;
export const ANSWER_CACHE_MAX_ENTRIES = 10_000;
/**
 * What an entry costs besides its bytes and strings: the map's slot, the entry object, the Buffer
 * object and its own backing store. Measured at about 300 bytes on Node 22 (answer-cache-limits.test.ts
 * checks the heap against the count); counted generously.
 */
export const ANSWER_ENTRY_OVERHEAD = 512;
/** A key longer than this is not kept: no route's validated query legitimately needs more. */
export const ANSWER_KEY_MAX_CHARS = 2048;

/**
 * The key of an answer: the route (its pattern, not the URL), the owner, and the route's validated
 * path parameters and query, their names in a canonical order. So what a request adds that the
 * route does not read — an unknown parameter, another order, another percent-encoding, a padded
 * number (`page=0001`) — gives the same key, and a client cannot make new entries by varying it.
 * A route without a querystring schema reads no query, so none is part of its key. Null: not kept.
 */
export function keyOf(request: FastifyRequest, owner?: number): string | null {
  const route = request.routeOptions;
  const query = route.schema?.querystring ? canonical(request.query) : '';
  const key = `${route.url}\n${owner ?? ''}\n${canonical(request.params)}\n${query}`;
  return key.length <= ANSWER_KEY_MAX_CHARS ? key : null;
}

/** JSON with every object's keys sorted and undefined values left out. */
function canonical(value: unknown): string {
  return (
    JSON.stringify(value ?? {}, (_name, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((name) => [name, (v as Record<string, unknown>)[name]]),
          )
        : v,
    ) ?? ''
  );
}

/** Strings count two bytes a character (V8 keeps some of them so). */
function sizeOf(entry: Omit<Kept, 'size'>): number {
  return (
    entry.body.length +
    2 * (entry.key.length + entry.stamp.length + entry.etag.length) +
    ANSWER_ENTRY_OVERHEAD
  );
}

export function createAnswerCache({
  db,
  now,
  maxBytes = ANSWER_CACHE_MAX_BYTES,
  maxEntries = ANSWER_CACHE_MAX_ENTRIES,
  metrics,
}: AnswerCacheOptions) {
  // A Map iterates in insertion order: a hit moves its entry to the end, so the first is the least
  // recently used.
  const kept = new Map<string, Kept>();
  const computing = new Map<string, Promise<Kept>>();
  // With no room (ANSWER_CACHE_MB=0) nothing is kept: a request neither reads the versions nor
  // hashes an answer that no one will revalidate, and pays only for its own computation.
  const keeping = maxBytes > 0 && maxEntries > 0;
  let bytes = 0;
  const counts = { hits: 0, misses: 0, joined: 0, stale: 0 };

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

  function drop(entry: Kept): void {
    if (kept.get(entry.key) !== entry) return;
    kept.delete(entry.key);
    bytes -= entry.size;
  }

  function keep(entry: Kept): void {
    const old = kept.get(entry.key);
    if (old) drop(old);
    // One answer never pushes out most of the others.
    if (entry.size > maxBytes / 4 || maxEntries < 1) return;
    kept.set(entry.key, entry);
    bytes += entry.size;
    for (const oldest of kept.values()) {
      if (bytes <= maxBytes && kept.size <= maxEntries) break;
      drop(oldest);
    }
  }

  async function answer<T>(
    reply: FastifyReply,
    key: string | null,
    spec: AnswerSpec,
    compute: (keepUntil: KeepUntil) => Promise<T>,
  ): Promise<Omit<Kept, 'size'>> {
    const stamp = await stampOf(spec);
    const hit = key === null ? undefined : kept.get(key);
    if (hit) {
      if (hit.stamp === stamp && now().getTime() < hit.untilMs) {
        counts.hits += 1;
        metrics?.answerCacheHits.inc();
        kept.delete(hit.key);
        kept.set(hit.key, hit);
        return hit;
      }
      // Out of date for good: versions only move forward, and so does the clock.
      counts.stale += 1;
      drop(hit);
    }
    // Requests arriving while the answer is computed wait for that computation.
    const flight = key === null ? null : `${key}\n${stamp}`;
    const pending = flight === null ? undefined : computing.get(flight);
    metrics?.answerCacheMisses.inc();
    if (pending) {
      counts.joined += 1;
      return pending;
    }
    counts.misses += 1;
    const made = (async () => {
      let untilMs = Number.POSITIVE_INFINITY;
      const value = await compute((epochMs) => {
        untilMs = Math.min(untilMs, epochMs);
      });
      // The route's own serialiser (its response schema for 200), as if the handler had returned it.
      const json = reply.serialize(value) as string;
      // A Buffer of its own: a small one cut from Node's shared pool would hold the whole 8 KB slab.
      const body = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
      body.write(json);
      const made = { key: key ?? '', stamp, body, etag: spec.shared ? strongTag(body) : '', untilMs };
      const entry = { ...made, size: sizeOf(made) };
      if (key !== null) keep(entry);
      return entry;
    })();
    if (flight === null) return made;
    computing.set(flight, made);
    try {
      return await made;
    } finally {
      computing.delete(flight);
    }
  }

  /**
   * Nothing kept: compute, serialise and send; a shared answer still carries its ETag. The JSON is
   * encoded once, here: sent as a string, Fastify measures its UTF-8 length for Content-Length and
   * the socket then encodes it again, two passes over a 137 KB diary window (about 1 ms of CPU).
   */
  async function sendComputed<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    spec: AnswerSpec,
    compute: (keepUntil: KeepUntil) => Promise<T>,
  ): Promise<FastifyReply> {
    counts.misses += 1;
    metrics?.answerCacheMisses.inc();
    const json = reply.serialize(await compute(() => {})) as string;
    reply.type('application/json; charset=utf-8');
    const body = Buffer.from(json);
    if (!spec.shared) return reply.send(body);
    const etag = strongTag(body);
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.send(body);
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
      if (!keeping) return sendComputed(request, reply, spec, compute);
      const entry = await answer(reply, keyOf(request, spec.owner), spec, compute);
      reply.type('application/json; charset=utf-8');
      if (!spec.shared) return reply.send(entry.body);
      reply.header('etag', entry.etag).header('cache-control', 'private, no-cache');
      if (noneMatch(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
      return reply.send(entry.body);
    },
    /** What this process keeps (answers, bytes as counted) and how requests fared since it started. */
    stats: () => ({ answers: kept.size, bytes, ...counts }),
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's answers kept ready (app.ts), for its stats. */
    answers: AnswerCache;
  }
}

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
