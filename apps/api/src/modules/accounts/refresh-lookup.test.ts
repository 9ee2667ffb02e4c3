// The refresh endpoint reads the presented token, its sign-in and its user in one query
// (decision 0027). That read answers as the join before it did (nothing once the sign-in row is
// gone), and on SQLite stays a lookup by the token's hash however stale the statistics are: the join
// was planned as a scan of refresh_tokens once ANALYZE had seen the table small.
import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbBool } from '../../db/dialect';
import { ADMIN, createTestApp, type DbKind, signIn, type TestApp, testDatabases } from '../../test/harness';
import { createAccountsRepo } from './repo';
import { hashToken } from './tokens';

/** A test app with the administrator signed in once; answers the administrator's id. */
async function setUp(kind: DbKind): Promise<{ t: TestApp; adminId: number }> {
  const t = await createTestApp(kind);
  await signIn(t.app, ADMIN.email, ADMIN.password);
  const admin = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', ADMIN.email)
    .executeTakeFirstOrThrow();
  return { t, adminId: admin.id };
}

/** Stores a refresh token of a new sign-in of the user; answers its hash and sign-in. */
async function storeToken(t: TestApp, userId: number, i: number) {
  const repo = createAccountsRepo(t.db);
  const family = `family-${i}-${Date.now()}`;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + 86_400_000);
  await repo.insertSession({ id: family, userId, now, expiresAt: now });
  const tokenHash = hashToken(`token-${family}`);
  await repo.insertRefreshToken({ id: family, userId, familyId: family, tokenHash, now, expiresAt });
  return { tokenHash, family };
}

describe.each(testDatabases())('refresh-token lookup (%s)', (kind) => {
  let t: TestApp;
  let adminId: number;
  beforeAll(async () => {
    ({ t, adminId } = await setUp(kind));
  });
  afterAll(() => t.close());

  it('reads the token with its sign-in and its user, and nothing once the sign-in row is gone', async () => {
    const { tokenHash, family } = await storeToken(t, adminId, 0);
    const repo = createAccountsRepo(t.db);
    expect(await repo.findRefreshTokenByHash(tokenHash)).toMatchObject({
      user_id: adminId,
      family_id: family,
      rotated_at: null,
      revoked_at: null,
    });
    expect(Boolean((await repo.findRefreshTokenByHash(tokenHash))?.user_active)).toBe(true);
    await t.db
      .updateTable('users')
      .set({ is_active: dbBool(false) })
      .where('id', '=', adminId)
      .execute();
    expect(Boolean((await repo.findRefreshTokenByHash(tokenHash))?.user_active)).toBe(false);
    await t.db
      .updateTable('users')
      .set({ is_active: dbBool(true) })
      .where('id', '=', adminId)
      .execute();
    await repo.revokeFamily(family, new Date());
    expect((await repo.findRefreshTokenByHash(tokenHash))?.revoked_at).not.toBeNull();
    await t.db.deleteFrom('sessions').where('id', '=', family).execute();
    expect(await repo.findRefreshTokenByHash(tokenHash)).toBeUndefined();
    expect(await repo.findRefreshTokenByHash(hashToken('never-issued'))).toBeUndefined();
  });
});

// SQLite only: it keeps the statistics ANALYZE took until ANALYZE runs again, where PostgreSQL's
// autovacuum analyzes a table again as it grows (and rightly plans tiny test tables as sequential scans).
describe('refresh-token lookup plan (sqlite)', () => {
  let t: TestApp;
  let adminId: number;
  beforeAll(async () => {
    ({ t, adminId } = await setUp('sqlite'));
  });
  afterAll(() => t.close());

  it('looks the token up by its hash even with statistics taken while the table was small', async () => {
    await sql`analyze`.execute(t.db);
    const stored = [];
    for (let i = 1; i <= 200; i++) stored.push(await storeToken(t, adminId, i));
    // The query the repository runs, captured as it is sent to the database (it is compiled once,
    // decision 0027, so no plugin sees it being built), then explained.
    let compiled: CompiledQuery | undefined;
    const capturing = new Proxy(t.db, {
      get(target, prop) {
        if (prop === 'executeQuery') {
          return (query: CompiledQuery) => {
            compiled ??= query;
            return target.executeQuery(query);
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const last = stored.at(-1) as { tokenHash: string };
    expect(await createAccountsRepo(capturing).findRefreshTokenByHash(last.tokenHash)).toBeDefined();
    expect(compiled?.sql).toMatch(/token_hash/);
    const explained = await t.db.executeQuery<{ detail: string }>({
      ...(compiled as CompiledQuery),
      sql: `explain query plan ${(compiled as CompiledQuery).sql}`,
    });
    const plan = explained.rows.map((r) => r.detail).join('\n');
    expect(plan).toMatch(/SEARCH t USING INDEX .*\(token_hash=\?\)/);
    expect(plan).not.toMatch(/^SCAN /m);
  });
});
