// The live-quote stream's rules (docs/decisions/0009-stocks.md). Several API processes serve
// streams and share only the database, so every rule is kept there, never in a process:
// - a ticket (signed, 60 s to open) opens one stream, once: its id is recorded under a primary key;
// - a user holds at most MAX_OPEN_STREAMS_PER_USER streams: each open stream claims one numbered
//   slot under a unique (user, slot) key and keeps it with a heartbeat, so the slots of a crashed
//   process free themselves once the heartbeat is stale;
// - an open stream re-checks its user and sign-in every few seconds, and lives at most 15 minutes.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { MODULE_ROLES, type Role } from '@staff/contracts';
import { lockRowForUpdate, toBool, toIso } from '../../db/dialect';
import type { Db } from '../../db/index';
import { ApiError } from '../../http/errors';
import { createAccountsRepo } from '../accounts/repo';

export const STREAM_TICKET_TTL_SECONDS = 60;
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

export interface StreamTicketClaims {
  /** Random; recorded when the ticket is used. */
  id: string;
  userId: number;
  /** The sign-in (sessions.id, the tokens' `fam`) the ticket was asked for under. */
  family: string;
  expiresAtMs: number;
}

/** Where an open stream's user stands: still entitled, signed out (or gone), or without the role. */
export type StreamStanding = 'entitled' | 'signed-out' | 'no-role';

/** Rolls the admission's transaction back. */
class Refused extends Error {
  constructor(readonly reason: 'ticket-used' | 'too-many') {
    super(reason);
  }
}

export interface LiveStreamDeps {
  db: Db;
  now: () => Date;
  /** Signs tickets (a key derived from the server's JWT secret). */
  secret: string;
}

export function createLiveStreams(deps: LiveStreamDeps) {
  const { db, now } = deps;
  const accounts = createAccountsRepo(db);
  const ticketKey = createHmac('sha256', deps.secret).update('stocks-stream-ticket').digest();
  const sign = (payload: string) => createHmac('sha256', ticketKey).update(payload).digest();

  return {
    /** EventSource cannot send a bearer header, so an authenticated POST hands out this ticket. */
    issueTicket(userId: number, family: string): { ticket: string; expires_in: number } {
      const claims = {
        t: randomBytes(16).toString('base64url'),
        u: userId,
        f: family,
        e: now().getTime() + STREAM_TICKET_TTL_SECONDS * 1000,
      };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return {
        ticket: `${payload}.${sign(payload).toString('base64url')}`,
        expires_in: STREAM_TICKET_TTL_SECONDS,
      };
    },

    /** The claims of a genuine, unexpired ticket (used or not), or null. */
    verifyTicket(ticket: string): StreamTicketClaims | null {
      const [payload, sig, ...rest] = ticket.split('.');
      if (!payload || !sig || rest.length > 0) return null;
      const given = Buffer.from(sig, 'base64url');
      const expected = sign(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      } catch {
        return null;
      }
      const { t, u, f, e } = (claims ?? {}) as Record<string, unknown>;
      if (typeof t !== 'string' || typeof f !== 'string' || !Number.isInteger(u) || typeof e !== 'number')
        return null;
      if (e < now().getTime()) return null;
      return { id: t, userId: u as number, family: f, expiresAtMs: e };
    },

    /** One indexed read: the user joined with the sign-in the stream was opened under. */
    async standing(userId: number, family: string): Promise<StreamStanding> {
      const found = await accounts.findUserForSession(userId, family);
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
  };
}

export type LiveStreams = ReturnType<typeof createLiveStreams>;
