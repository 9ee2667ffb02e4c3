// The live-quote stream's rules (docs/decisions/0009-stocks.md). Several API processes serve
// streams and share only the database, so every rule is kept there, never in a process:
// - a ticket (signed, 60 s to open; tickets.ts) opens one stream, once: its id is recorded under a
//   primary key;
// - a user holds at most MAX_OPEN_STREAMS_PER_USER streams: each open stream claims one numbered
//   slot under a unique (user, slot) key and keeps it with a heartbeat, so the slots of a crashed
//   process free themselves once the heartbeat is stale;
// - an open stream re-checks its user and sign-in every few seconds, and lives at most 15 minutes.
// It also reads the quotes a stream sends: those written after the last one it sent, by any process.
import { randomUUID } from 'node:crypto';
import { MODULE_ROLES, type Role } from '@staff/contracts';
import { lockRowForUpdate, toBool, toIso } from '../../../db/dialect';
import type { Db } from '../../../db/index';
import { ApiError } from '../../../http/errors';
import { createCatalogueRepo } from '../catalogue/repo';
import { createQuotesRepo } from '../snapshots/repo';
import { presentLiveQuote } from './presenter';
import { createStreamTickets, type StreamTicketClaims } from './tickets';

export { STREAM_TICKET_TTL_SECONDS } from './tickets';

/** Several tabs and a phone stay well under it; a script opening streams in a loop does not. */
export const MAX_OPEN_STREAMS_PER_USER = 5;
/** The server ends every stream after this; the client reconnects with a new ticket. */
export const STREAM_MAX_LIFETIME_MS = 15 * 60_000;
/** How often an open stream re-reads its user and sign-in. */
export const STREAM_RECHECK_MS = 5_000;
/** How often an open stream refreshes its slot's heartbeat. */
export const STREAM_HEARTBEAT_MS = 15_000;
/** A slot whose heartbeat is older than this (its process crashed or hung) no longer counts. */
export const STREAM_STALE_MS = 3 * STREAM_HEARTBEAT_MS;
/** Used-ticket rows outlive the ticket by this much, so a process whose clock runs a little ahead
 * cannot sweep the record of a ticket another process still takes for valid. */
const TICKET_USE_KEPT_MS = 60_000;

export const STREAM_MESSAGES = {
  ticketInvalid: 'Stream ticket is invalid or expired.',
  ticketUsed: 'Stream ticket has already been used.',
  signedOut: 'User is inactive or signed out.',
  tooMany: `Too many live quote streams are open for this account (at most ${MAX_OPEN_STREAMS_PER_USER}). Close the stocks page in another tab or window and try again.`,
} as const;

export const tooManyStreams = () =>
  new ApiError(429, { detail: STREAM_MESSAGES.tooMany, code: 'too_many_streams' });

/** Where an open stream's user stands: still entitled, signed out (or gone), or without the role. */
export type StreamStanding = 'entitled' | 'signed-out' | 'no-role';

/** Rolls the admission's transaction back. */
class Refused extends Error {
  constructor(readonly reason: 'ticket-used' | 'too-many') {
    super(reason);
  }
}

/**
 * The user behind a sign-in, as accounts reads it (handed in by app.ts, so this module does not
 * reach into accounts): undefined when the user is gone; `sessionRevoked` when the sign-in ended.
 */
export type FindSignIn = (
  userId: number,
  family: string,
) => Promise<{ user: { is_active: number | boolean; role: string }; sessionRevoked: boolean } | undefined>;

export interface LiveStreamDeps {
  db: Db;
  now: () => Date;
  /** Signs tickets (a key derived from it). */
  secret: string;
  findSignIn: FindSignIn;
}

export function createLiveStreamService(deps: LiveStreamDeps) {
  const { db, now, findSignIn } = deps;
  const tickets = createStreamTickets(deps.secret, now);
  const catalogue = createCatalogueRepo(db);
  const quotesRepo = createQuotesRepo(db);

  return {
    /** The clock a stream's lifetime, re-check and heartbeat run on (the app's; tests move it). */
    now,
    issueTicket: tickets.issue,
    verifyTicket: tickets.verify,

    /** One indexed read: the user joined with the sign-in the stream was opened under. */
    async standing(userId: number, family: string): Promise<StreamStanding> {
      const found = await findSignIn(userId, family);
      if (!found || !toBool(found.user.is_active) || found.sessionRevoked) return 'signed-out';
      if (!(MODULE_ROLES.stocks as readonly Role[]).includes(found.user.role as Role)) return 'no-role';
      return 'entitled';
    },

    /**
     * Admits a stream: records the ticket as used and claims a free slot of the user, in one
     * transaction, so a refusal changes nothing (the ticket stays unused when the slots are full).
     * The ticket's primary key and the unique (user, slot) key decide between processes admitting
     * at the same moment; a count-then-insert could overrun the cap.
     */
    async admit(claims: StreamTicketClaims): Promise<{ streamId: string } | 'ticket-used' | 'too-many'> {
      const at = now();
      const staleBefore = toIso(new Date(at.getTime() - STREAM_STALE_MS));
      const admitted = await db
        .transaction()
        .execute(async (tx) => {
          // One admission of a user at a time: two of them deleting the same stale slots in
          // different orders could otherwise deadlock on PostgreSQL.
          await lockRowForUpdate(tx, 'users', claims.userId);
          const used = await tx
            .insertInto('stream_ticket_uses')
            .values({ id: claims.id, expires_at: toIso(new Date(claims.expiresAtMs)) })
            .onConflict((oc) => oc.doNothing())
            .executeTakeFirst();
          if (Number(used.numInsertedOrUpdatedRows ?? 0) !== 1) throw new Refused('ticket-used');
          // This user's stale slots (a crashed process's) first, so they do not count.
          await tx
            .deleteFrom('live_streams')
            .where('user_id', '=', claims.userId)
            .where('heartbeat_at', '<', staleBefore)
            .execute();
          const held = await tx
            .selectFrom('live_streams')
            .select('slot')
            .where('user_id', '=', claims.userId)
            .execute();
          const taken = new Set(held.map((r) => r.slot));
          const streamId = randomUUID();
          for (let slot = 0; slot < MAX_OPEN_STREAMS_PER_USER; slot++) {
            if (taken.has(slot)) continue;
            const claimed = await tx
              .insertInto('live_streams')
              .values({
                id: streamId,
                user_id: claims.userId,
                slot,
                session_id: claims.family,
                opened_at: toIso(at),
                heartbeat_at: toIso(at),
              })
              .onConflict((oc) => oc.doNothing())
              .executeTakeFirst();
            if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 1) return { streamId };
          }
          throw new Refused('too-many');
        })
        .catch((err: unknown) => {
          if (err instanceof Refused) return err.reason;
          throw err;
        });
      if (typeof admitted === 'object') {
        // The sweeps ride along with admissions, outside the transaction (two admissions sweeping
        // the same rows at once must not deadlock) and after it (a refusal changes nothing). Best
        // effort: a sweep that fails leaves its rows to the next admission's.
        await Promise.all([
          db.deleteFrom('live_streams').where('heartbeat_at', '<', staleBefore).execute(),
          db
            .deleteFrom('stream_ticket_uses')
            .where('expires_at', '<', toIso(new Date(at.getTime() - TICKET_USE_KEPT_MS)))
            .execute(),
        ]).catch(() => {});
      }
      return admitted;
    },

    /** Keeps the stream's slot; false when the slot is gone (swept as stale), so the stream must end. */
    async heartbeat(streamId: string): Promise<boolean> {
      const result = await db
        .updateTable('live_streams')
        .set({ heartbeat_at: toIso(now()) })
        .where('id', '=', streamId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async close(streamId: string): Promise<void> {
      await db.deleteFrom('live_streams').where('id', '=', streamId).execute();
    },

    /** The ids of the stream's known tickers (unknown ones are ignored). */
    async stockIdsOf(tickers: string[]): Promise<number[]> {
      return (await catalogue.findByTickers(tickers)).map((s) => s.id);
    },

    /** The newest quote's id: a stream opened without `after` starts from now. */
    latestQuoteId(): Promise<number> {
      return quotesRepo.maxQuoteId();
    },

    /** Up to `limit` quotes of the stocks written after the quote id, oldest first, as events. */
    async quotesAfter(stockIds: number[], afterId: number, limit: number) {
      const rows = await quotesRepo.quotesAfter(stockIds, afterId, limit);
      return rows.map((q) => ({ id: q.id, event: presentLiveQuote(q) }));
    },
  };
}

export type LiveStreamService = ReturnType<typeof createLiveStreamService>;
