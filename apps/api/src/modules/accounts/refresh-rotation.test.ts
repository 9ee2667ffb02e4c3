// A refresh is one conditional update of its sign-in's row (decision 0005): it moves the sign-in on
// to the new token only while the presented token is the current one, the sign-in stands and its
// user is active, and on SQLite it finds the row by its primary key and writes no index.
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

/** A new sign-in of the user holding a refresh token; answers its id and the token's hash. */
async function startSession(t: TestApp, userId: number, i: number) {
  const family = `family-${i}-${Date.now()}`;
  const now = new Date();
  const refreshHash = hashToken(`token-${family}`);
  await createAccountsRepo(t.db).insertSession({
    id: family,
    userId,
    refreshHash,
    now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  return { family, refreshHash };
}

const rotation = (familyId: string, oldHash: string, newHash: string) => ({
  familyId,
  oldHash,
  newHash,
  at: new Date(),
  expiresAt: new Date(Date.now() + 2 * 86_400_000),
});

describe.each(testDatabases())('refresh rotation (%s)', (kind) => {
  let t: TestApp;
  let adminId: number;
  beforeAll(async () => {
    ({ t, adminId } = await setUp(kind));
  });
  afterAll(() => t.close());

  it('moves the sign-in on from its current token once, keeping the one it replaced', async () => {
    const { family, refreshHash } = await startSession(t, adminId, 0);
    const repo = createAccountsRepo(t.db);
    const candidates = [hashToken(`next-${family}`), hashToken(`other-${family}`)];
    const won = await Promise.all(
      candidates.map((candidate) => repo.rotateRefreshToken(rotation(family, refreshHash, candidate))),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    const next = candidates[won.indexOf(true)];
    expect(await repo.findSession(family)).toMatchObject({
      user_id: adminId,
      refresh_hash: next,
      previous_hash: refreshHash,
      revoked_at: null,
    });
    // The replaced token no longer rotates; a token never issued never did.
    expect(await repo.rotateRefreshToken(rotation(family, refreshHash, hashToken('again')))).toBe(false);
    expect(await repo.rotateRefreshToken(rotation(family, hashToken('never-issued'), hashToken('x')))).toBe(
      false,
    );
    expect((await repo.findSession(family))?.refresh_hash).toBe(next);
  });

  it('writes nothing for an ended sign-in, an inactive user or a sign-in that is gone', async () => {
    const repo = createAccountsRepo(t.db);
    const ended = await startSession(t, adminId, 1);
    await repo.revokeFamily(ended.family, new Date());
    expect(await repo.rotateRefreshToken(rotation(ended.family, ended.refreshHash, hashToken('n1')))).toBe(
      false,
    );
    expect((await repo.findSession(ended.family))?.refresh_hash).toBe(ended.refreshHash);

    const inactive = await startSession(t, adminId, 2);
    await t.db
      .updateTable('users')
      .set({ is_active: dbBool(false) })
      .where('id', '=', adminId)
      .execute();
    expect(
      await repo.rotateRefreshToken(rotation(inactive.family, inactive.refreshHash, hashToken('n2'))),
    ).toBe(false);
    expect(Boolean((await repo.findSession(inactive.family))?.user_active)).toBe(false);
    await t.db
      .updateTable('users')
      .set({ is_active: dbBool(true) })
      .where('id', '=', adminId)
      .execute();
    expect(
      await repo.rotateRefreshToken(rotation(inactive.family, inactive.refreshHash, hashToken('n2'))),
    ).toBe(true);

    const gone = await startSession(t, adminId, 3);
    await t.db.deleteFrom('sessions').where('id', '=', gone.family).execute();
    expect(await repo.rotateRefreshToken(rotation(gone.family, gone.refreshHash, hashToken('n3')))).toBe(
      false,
    );
    expect(await repo.findSession(gone.family)).toBeUndefined();
  });
});

// SQLite only: the plan of the one statement every refresh runs.
describe('refresh rotation plan (sqlite)', () => {
  let t: TestApp;
  let adminId: number;
  beforeAll(async () => {
    ({ t, adminId } = await setUp('sqlite'));
  });
  afterAll(() => t.close());

  it('finds the sign-in by its primary key, and no index covers a column it writes', async () => {
    await sql`analyze`.execute(t.db);
    const sessions = [];
    for (let i = 1; i <= 200; i++) sessions.push(await startSession(t, adminId, i));
    // The statement the repository runs, captured as it is sent to the database (it is compiled
    // once, decision 0027, so no plugin sees it being built), then explained.
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
    const last = sessions.at(-1) as { family: string; refreshHash: string };
    expect(
      await createAccountsRepo(capturing).rotateRefreshToken(
        rotation(last.family, last.refreshHash, hashToken('z')),
      ),
    ).toBe(true);
    const explained = await t.db.executeQuery<{ detail: string }>({
      ...(compiled as CompiledQuery),
      sql: `explain query plan ${(compiled as CompiledQuery).sql}`,
    });
    const plan = explained.rows.map((r) => r.detail).join('\n');
    expect(plan).toMatch(/SEARCH sessions USING INDEX sqlite_autoindex_sessions_1 \(id=\?\)/);
    expect(plan).not.toMatch(/^SCAN /m);

    const indexed = await sql<{
      name: string;
    }>`select ii.name from sqlite_master m, pragma_index_info(m.name) ii
      where m.type = 'index' and m.tbl_name = 'sessions'`.execute(t.db);
    const written = ['refresh_hash', 'previous_hash', 'rotated_at', 'expires_at'];
    expect(indexed.rows.map((r) => r.name).filter((name) => written.includes(name))).toEqual([]);
  });
});
