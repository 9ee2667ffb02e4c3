// Queries for sign-ins (sessions), each holding the hash of its current refresh token. User rows
// are the users module's (decision 0016): this file only reads them, in the one join every
// protected request makes. The statements of a refresh and of the access check are compiled once
// (`compiledOnce`, decision 0027): they run on every refresh and every authenticated request.
import { compiledOnce } from '../../db/compiled';
import { dbBool, toIso } from '../../db/dialect';
import type { Db } from '../../db/index';
import { USER_COLUMNS } from '../users/index';

/**
 * A refresh (decision 0005): the sign-in moves on to the new token if the presented one is its
 * current token, it was not ended and its user is active. One update of one row by its primary key,
 * touching no index, so a refresh writes one page on SQLite and is a heap-only update on PostgreSQL;
 * the condition on the current hash makes exactly one of several racing refreshes win.
 */
const rotateSession = compiledOnce(
  (db, familyId: string, oldHash: string, newHash: string, at: string, expiresAt: string) =>
    db
      .updateTable('sessions')
      .set({ refresh_hash: newHash, previous_hash: oldHash, rotated_at: at, expires_at: expiresAt })
      .where('id', '=', familyId)
      .where('refresh_hash', '=', oldHash)
      .where('revoked_at', 'is', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('users as u')
            .select('u.id')
            .whereRef('u.id', '=', 'sessions.user_id')
            .where('u.is_active', '=', dbBool(true)),
        ),
      ),
);

/** A sign-in with whether its user is still active (`user_active` null once the user is gone). */
const sessionById = compiledOnce((db, familyId: string) =>
  db
    .selectFrom('sessions as s')
    .select([
      's.user_id',
      's.expires_at',
      's.revoked_at',
      's.refresh_hash',
      's.previous_hash',
      's.rotated_at',
    ])
    .select((eb) =>
      eb.selectFrom('users as u').select('u.is_active').whereRef('u.id', '=', 's.user_id').as('user_active'),
    )
    .where('s.id', '=', familyId),
);

const userForSession = compiledOnce((db, userId: number, sessionId: string) =>
  db
    .selectFrom('users')
    .leftJoin('sessions', (join) =>
      join.onRef('sessions.user_id', '=', 'users.id').on('sessions.id', '=', sessionId),
    )
    .select(USER_COLUMNS.map((c) => `users.${c}` as const))
    .select(['sessions.id as session_id', 'sessions.revoked_at as session_revoked_at'])
    .where('users.id', '=', userId),
);

const revokeSession = compiledOnce((db, familyId: string, at: string) =>
  db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null),
);

/** A refresh: the sign-in, the presented token's hash, the new token's hash and expiry. */
export interface Rotation {
  familyId: string;
  oldHash: string;
  newHash: string;
  at: Date;
  expiresAt: Date;
}

export function createAccountsRepo(db: Db) {
  return {
    /** Starts a sign-in with its first refresh token: every token issued from it carries its id as `fam`. */
    async insertSession(t: {
      id: string;
      userId: number;
      refreshHash: string;
      now: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          id: t.id,
          user_id: t.userId,
          created_at: toIso(t.now),
          expires_at: toIso(t.expiresAt),
          revoked_at: null,
          refresh_hash: t.refreshHash,
          previous_hash: null,
          rotated_at: null,
        })
        .execute();
    },

    /**
     * A sign-in with its tokens' hashes, the previous token's rotation and whether its user is still
     * active (`user_active` null once the user is gone), in one read; undefined once it is gone.
     */
    async findSession(familyId: string) {
      return (await sessionById(db, familyId)).rows[0];
    },

    /**
     * The user behind an access token, read together with its sign-in in one indexed read:
     * undefined when the user is gone, `session_revoked` true when the sign-in was revoked,
     * expired or swept.
     */
    async findUserForSession(userId: number, sessionId: string) {
      const row = (await userForSession(db, userId, sessionId)).rows[0];
      if (!row) return undefined;
      const { session_id, session_revoked_at, ...user } = row;
      return { user, sessionRevoked: session_id === null || session_revoked_at !== null };
    },

    /**
     * A refresh token's rotation (see rotateSession): true when this call moved the sign-in on to
     * the new token; false, with nothing written, when the presented token is not the current one,
     * the sign-in was ended or is gone, or its user is inactive or gone.
     */
    async rotateRefreshToken(r: Rotation): Promise<boolean> {
      const result = await rotateSession(
        db,
        r.familyId,
        r.oldHash,
        r.newHash,
        toIso(r.at),
        toIso(r.expiresAt),
      );
      return Number(result.numAffectedRows) === 1;
    },

    /**
     * Ends one sign-in: its refresh and access tokens stop working at once. True when this
     * call ended it, false when it had already ended (so two callers racing cannot both win).
     */
    async revokeFamily(familyId: string, now: Date): Promise<boolean> {
      const result = await revokeSession(db, familyId, toIso(now));
      return Number(result.numAffectedRows) === 1;
    },

    /** Ends every live sign-in of the user, except one when given. */
    async revokeUserTokens(userId: number, now: Date, exceptFamily?: string): Promise<void> {
      let q = db
        .updateTable('sessions')
        .set({ revoked_at: toIso(now) })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (exceptFamily) q = q.where('id', '!=', exceptFamily);
      await q.execute();
    },

    /** Deletes the sign-ins whose current refresh token has expired. */
    async deleteExpiredSessions(now: Date): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<', toIso(now)).execute();
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
