import { randomBytes, scryptSync } from 'node:crypto';
import { parseOptions } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp, testDatabases } from '../../test/harness';
import { ARGON2_PARAMS, hashPassword, isCommonPassword, needsRehash, verifyPassword } from './passwords';

/** A hash as the scrypt version stored it (N=2^14 here only to keep the test quick). */
function legacyScryptHash(password: string, N = 2 ** 14): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N, r: 8, p: 1, maxmem: 256 * N * 8 });
  return `scrypt$${N}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

describe('password hashing', () => {
  it('stores an Argon2id PHC string with the current parameters and a salt, never the password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    const options = parseOptions(hash);
    expect(options).toMatchObject({
      memoryCost: ARGON2_PARAMS.memoryCost,
      timeCost: ARGON2_PARAMS.timeCost,
      parallelism: ARGON2_PARAMS.parallelism,
    });
    expect(hash).not.toContain('correct horse');
    expect(needsRehash(hash)).toBe(false);
  });

  it('salts every hash differently and verifies only the right password', async () => {
    const [a, b] = await Promise.all([hashPassword('same-password'), hashPassword('same-password')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same-password', a)).toBe(true);
    expect(await verifyPassword('same-password', b)).toBe(true);
    expect(await verifyPassword('Same-password', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('matches the same visible password typed in another Unicode form (NFKC)', async () => {
    const hash = await hashPassword('mật-khẩu-ｆｕｌｌ');
    expect(await verifyPassword('mật-khẩu-full'.normalize('NFD'), hash)).toBe(true);
  });

  it('still verifies scrypt hashes and asks for them to be re-hashed', async () => {
    const old = legacyScryptHash('p@ss-word');
    expect(await verifyPassword('p@ss-word', old)).toBe(true);
    expect(await verifyPassword('p@ss-Word', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it('asks for a re-hash when the stored Argon2 parameters are below the current ones', async () => {
    const hash = await hashPassword('p@ss-word');
    expect(needsRehash(hash.replace('m=19456,t=2', 'm=19456,t=1'))).toBe(true);
    expect(needsRehash(hash.replace('m=19456', 'm=8192'))).toBe(true);
  });

  it('refuses malformed stored hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$4$5')).toBe(false);
    expect(await verifyPassword('x', '$argon2id$v=19$m=19456,t=2,p=1$broken')).toBe(false);
    // A tampered row cannot ask scrypt for gigabytes.
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$c2FsdA==$a2V5')).toBe(false);
    expect(needsRehash('not-a-hash')).toBe(true);
  });
});

describe('common passwords', () => {
  it('are found trimmed and case-insensitively; uncommon ones pass', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('  PassWord1 ')).toBe(true);
    expect(isCommonPassword('iloveyou')).toBe(true);
    expect(isCommonPassword('Roster-pass-2024')).toBe(false);
    expect(isCommonPassword('')).toBe(false);
  });
});

describe.each(testDatabases())('re-hashing at sign-in (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const storedHash = async (email: string) =>
    (
      await t.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).password_hash;

  it('replaces a scrypt hash with an Argon2id one at the next good sign-in, and both passwords behave', async () => {
    const email = 'legacy@example.com';
    const user = await t.app.accounts.createUser({ email, password: 'Legacy-pass-2019', role: 'staff' });
    const old = legacyScryptHash('Legacy-pass-2019');
    await t.db.updateTable('users').set({ password_hash: old }).where('id', '=', user.id).execute();
    const before = await t.db
      .selectFrom('users')
      .select('updated_at')
      .where('id', '=', user.id)
      .executeTakeFirst();

    // A wrong password changes nothing.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/token/',
      payload: { email, password: 'Legacy-pass-2020' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await storedHash(email)).toBe(old);

    await signIn(t.app, email, 'Legacy-pass-2019');
    const rehashed = await storedHash(email);
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(rehashed)).toBe(false);
    // Re-hashing is not an edit someone made.
    expect(
      await t.db.selectFrom('users').select('updated_at').where('id', '=', user.id).executeTakeFirst(),
    ).toEqual(before);

    // The same password still signs in (now against Argon2id); a wrong one still does not.
    await signIn(t.app, email, 'Legacy-pass-2019');
    expect(await storedHash(email)).toBe(rehashed);
    const stillWrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/token/',
      payload: { email, password: 'legacy-pass-2019' },
    });
    expect(stillWrong.statusCode).toBe(401);
  });
});
