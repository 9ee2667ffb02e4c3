// Queries for sign-ins (sessions) and their refresh tokens. User rows are the users module's
// (decision 0016): this file only reads them, in the one join every protected request makes.
// The statements of a refresh and of the access check are compiled once (`compiledOnce`,
// decision 0027): they run on every refresh and every authenticated request.
import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled';
import { dialectOf, toIso } from '../../db/dialect';
import type { Db } from '../../db/index';
import { USER_COLUMNS } from '../users/index';

const insertToken = compiledOnce(
  (
    db,
    id: string,
    userId: number,
    familyId: string,
    tokenHash: string,
    createdAt: string,
    expiresAt: string,
  ) =>
    db.insertInto('refresh_tokens').values({
      id,
      user_id: userId,
      family_id: familyId,
      token_hash: tokenHash,
      created_at: createdAt,
      expires_at: expiresAt,
      rotated_at: null,
    }),
);

/** The sign-in lives as long as its newest refresh token. */
const extendSession = compiledOnce((db, familyId: string, expiresAt: string) =>
  db
    .updateTable('sessions')
    .set({ expires_at: expiresAt })
    .where('id', '=', familyId)
    .where('expires_at', '<', expiresAt),
);

/** A stored refresh token by the hash of its text (see findRefreshTokenByHash). */
const tokenByHash = compiledOnce((db, tokenHash: string) =>
  db
    .selectFrom('refresh_tokens as t')
    .select(['t.id', 't.user_id', 't.family_id', 't.expires_at', 't.rotated_at'])
    .select((eb) => [
      eb.selectFrom('sessions as s').select('s.id').whereRef('s.id', '=', 't.family_id').as('session_id'),
      eb
        .selectFrom('sessions as s')
        .select('s.revoked_at')
        .whereRef('s.id', '=', 't.family_id')
        .as('revoked_at'),
      eb.selectFrom('users as u').select('u.is_active').whereRef('u.id', '=', 't.user_id').as('user_active'),
    ])
    .where('t.token_hash', '=', tokenHash),
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

const markTokenRotated = compiledOnce((db, id: string, at: string) =>
  db
    .updateTable('refresh_tokens')
    .set({ rotated_at: at })
    .where('id', '=', id)
    .where('rotated_at', 'is', null),
);

/**
 * PostgreSQL: a refresh token's rotation as one statement (issue 22, decision 0027). Marks the old
 * token rotated if nobody rotated it first, adds the new token to the same sign-in and raises the
 * sign-in's expiry, all or nothing as a statement is; `rotated` is 1 when this call won. Each round
 * trip to PostgreSQL costs the server more than any of these statements (a loopback socket write
 * and the reply's parse), and the transaction's BEGIN, three statements and COMMIT were five.
 */
const rotateInOneStatement = compiledOnce(
  (db, oldId: string, at: string, newId: string, tokenHash: string, createdAt: string, expiresAt: string) =>
    db
      .with('rotated', (qb) =>
        qb
          .updateTable('refresh_tokens')
          .set({ rotated_at: at })
          .where('id', '=', oldId)
          .where('rotated_at', 'is', null)
          .returning(['user_id', 'family_id']),
      )
      .with('inserted', (qb) =>
        qb
          .insertInto('refresh_tokens')
          .columns(['id', 'user_id', 'family_id', 'token_hash', 'created_at', 'expires_at'])
          .expression((eb) =>
            eb
              .selectFrom('rotated')
              .select([
                eb.val(newId).as('id'),
                'rotated.user_id',
                'rotated.family_id',
                eb.val(tokenHash).as('token_hash'),
                eb.val(createdAt).as('created_at'),
                eb.val(expiresAt).as('expires_at'),
              ]),
          )
          .returning('family_id'),
      )
      .with('extended', (qb) =>
        qb
          .updateTable('sessions')
          .set({ expires_at: expiresAt })
          .where('id', 'in', (eb) => eb.selectFrom('inserted').select('inserted.family_id'))
          .where('expires_at', '<', expiresAt),
      )
      .selectFrom('rotated')
      .select((eb) => eb.fn.countAll<number>().as('rotated')),
);

const revokeSession = compiledOnce((db, familyId: string, at: string) =>
  db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null),
);

/** A refresh token to store: its jti, its user and sign-in, the hash of its text, its times. */
export interface NewRefreshToken {
  id: string;
  userId: number;
  familyId: string;
  tokenHash: string;
  now: Date;
  expiresAt: Date;
}

export function createAccountsRepo(db: Db) {
  return {
    /** Starts a sign-in: every token issued from it carries its id as `fam`. */
    async insertSession(t: { id: string; userId: number; now: Date; expiresAt: Date }): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          id: t.id,
          user_id: t.userId,
          created_at: toIso(t.now),
          expires_at: toIso(t.expiresAt),
          revoked_at: null,
        })
        .execute();
    },

    async insertRefreshToken(t: NewRefreshToken): Promise<void> {
      const expiresAt = toIso(t.expiresAt);
      await insertToken(db, t.id, t.userId, t.familyId, t.tokenHash, toIso(t.now), expiresAt);
      await extendSession(db, t.familyId, expiresAt);
    },

    /**
     * A stored refresh token with its sign-in's revocation and whether its user is still active
     * (`user_active` null once the user is gone), in one read: a refresh needs no other. Undefined
     * when the token is unknown or its sign-in is gone. The sign-in and the user are subqueries, not
     * joins, so SQLite looks the token up by its hash whatever its statistics say: with a join, stats
     * taken while refresh_tokens was small (ANALYZE at load time) make it scan the table instead.
     */
    async findRefreshTokenByHash(tokenHash: string) {
      const row = (await tokenByHash(db, tokenHash)).rows[0];
      if (!row || row.session_id === null) return undefined;
      const { session_id, ...token } = row;
      return token;
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
     * A refresh token's rotation: marks `oldId` rotated if nobody rotated it first, adds the new
     * token to the same sign-in and raises the sign-in's expiry, all or nothing. True when this
     * call won; false (nothing written) when another rotated the token first. One statement on
     * PostgreSQL; on SQLite a transaction, whose statements cost no round trip.
     */
    async rotateRefreshToken(t: NewRefreshToken & { oldId: string; at: Date }): Promise<boolean> {
      if (dialectOf(db as unknown as Kysely<unknown>) === 'postgres') {
        const { rows } = await rotateInOneStatement(
          db,
          t.oldId,
          toIso(t.at),
          t.id,
          t.tokenHash,
          toIso(t.now),
          toIso(t.expiresAt),
        );
        return Number(rows[0]?.rotated) === 1;
      }
      return db.transaction().execute(async (tx) => {
        const rotation = createAccountsRepo(tx);
        if (!(await rotation.markRotated(t.oldId, t.at))) return false;
        await rotation.insertRefreshToken(t);
        return true;
      });
    },

    /** Marks a token rotated only if nobody rotated it first; true when this call won. */
    async markRotated(id: string, now: Date): Promise<boolean> {
      const result = await markTokenRotated(db, id, toIso(now));
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

    async deleteExpiredRefreshTokens(now: Date): Promise<void> {
      await db.deleteFrom('refresh_tokens').where('expires_at', '<', toIso(now)).execute();
      await db.deleteFrom('sessions').where('expires_at', '<', toIso(now)).execute();
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
