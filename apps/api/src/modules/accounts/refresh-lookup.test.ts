// The refresh endpoint reads the presented token, its sign-in and its user in one query
// (decision 0027). That read must stay a lookup by the token's hash however stale the database's
// statistics are (SQLite planned the old join as a scan of refresh_tokens once ANALYZE had seen
// the table small), and must answer as the join did: nothing when the sign-in row is gone.
import { type RootOperationNode, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, signIn, type TestApp, testDatabases } from '../../test/harness';
import { createAccountsRepo } from './repo';
import { hashToken } from './tokens';

describe.each(testDatabases())('refresh-token lookup (%s)', (kind) => {
  let t: TestApp;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await signIn(t.app, ADMIN.email, ADMIN.password);
    adminId = (
      await t.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  /** Stores a refresh token of a new sign-in of the administrator; answers its hash and sign-in. */
  async function storeToken(i: number) {
    const repo = createAccountsRepo(t.db);
    const family = `family-${i}-${Date.now()}`;
    const now = new Date();
    const expiresAt = new Date(now.getTime() + 86_400_000);
    await repo.insertSession({ id: family, userId: adminId, now, expiresAt: now });
    const tokenHash = hashToken(`token-${family}`);
    await repo.insertRefreshToken({
      id: family,
      userId: adminId,
      familyId: family,
      tokenHash,
      now,
      expiresAt,
    });
    return { tokenHash, family };
  }

  it('reads the token with its sign-in and its user, and nothing once the sign-in row is gone', async () => {
    const { tokenHash, family } = await storeToken(0);
    const repo = createAccountsRepo(t.db);
    expect(await repo.findRefreshTokenByHash(tokenHash)).toMatchObject({
      user_id: adminId,
      family_id: family,
      rotated_at: null,
      revoked_at: null,
    });
    expect(Boolean((await repo.findRefreshTokenByHash(tokenHash))?.user_active)).toBe(true);
    await repo.revokeFamily(family, new Date());
    expect((await repo.findRefreshTokenByHash(tokenHash))?.revoked_at).not.toBeNull();
    await t.db.deleteFrom('sessions').where('id', '=', family).execute();
    expect(await repo.findRefreshTokenByHash(tokenHash)).toBeUndefined();
    expect(await repo.findRefreshTokenByHash(hashToken('never-issued'))).toBeUndefined();
  });

  it.runIf(kind === 'sqlite')(
    'looks the token up by its hash even with statistics taken while the table was small',
    async () => {
      await sql`analyze`.execute(t.db);
      const stored = [];
      for (let i = 1; i <= 200; i++) stored.push(await storeToken(i));
      // The query the repository runs, captured as Kysely compiles it, then explained.
      let node: RootOperationNode | undefined;
      const capturing = t.db.withPlugin({
        transformQuery: (args) => {
          node ??= args.node;
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      const last = stored.at(-1) as { tokenHash: string };
      expect(await createAccountsRepo(capturing).findRefreshTokenByHash(last.tokenHash)).toBeDefined();
      const compiled = t.db.getExecutor().compileQuery(node as RootOperationNode, { queryId: 'plan' });
      const rows = await t.db.executeQuery<{ detail: string }>({
        ...compiled,
        sql: `explain query plan ${compiled.sql}`,
      });
      const details = rows.rows.map((r) => r.detail);
      expect(
        details.some((d) => /SEARCH t USING INDEX .*\(token_hash=\?\)/.test(d)),
        details.join('\n'),
      ).toBe(true);
      expect(
        details.some((d) => /^SCAN /.test(d)),
        details.join('\n'),
      ).toBe(false);
    },
  );
});
