// The HS256 tokens are signed and checked by fast-jwt (decision 0027). jose, which did it before,
// is the reference: each side accepts what the other signs, tokens issued before the change
// keep working, and everything either should refuse is refused.
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './tokens';

const SECRET = 'a-test-secret-of-a-reasonable-length-0123456789';
const TTL = { access: 900, refresh: 86_400 };
const NOW = new Date('2026-11-26T08:00:00.000Z');
const signer = createTokenSigner(SECRET, TTL);
const key = new TextEncoder().encode(SECRET);
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token as the server signed it with jose before decision 0027. */
function joseToken(claims: Record<string, unknown>, header: Record<string, unknown> = {}, secret = key) {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header }).sign(secret);
}

describe('HS256 tokens', () => {
  it('signs what jose verifies, with the claims the server reads', async () => {
    const { token, jti, expiresAt } = await signer.sign('refresh', 7, 'fam-1', NOW);
    const { payload, protectedHeader } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      currentDate: NOW,
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    const iat = NOW.getTime() / 1000;
    expect(payload).toEqual({ token_type: 'refresh', user_id: 7, fam: 'fam-1', jti, iat, exp: iat + 86_400 });
    expect(expiresAt).toEqual(new Date((iat + 86_400) * 1000));
    expect(await signer.verify(token, 'refresh', NOW)).toEqual(payload);
  });

  it('verifies a token jose signed the way the server did before, and it is byte for byte the same', async () => {
    const iat = NOW.getTime() / 1000;
    const jti = randomUUID();
    const old = await new SignJWT({ token_type: 'access', user_id: 3, fam: 'fam-2' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 900)
      .sign(key);
    expect(await signer.verify(old, 'access', NOW)).toMatchObject({ user_id: 3, fam: 'fam-2', jti });
    expect((await signer.sign('access', 3, 'fam-2', NOW, jti)).token).toBe(old);
  });

  it('refuses a token of the other type, an expired one (from its exp on) and one not yet valid', async () => {
    const { token } = await signer.sign('access', 1, 'f', NOW);
    expect(await signer.verify(token, 'refresh', NOW)).toBeNull();
    const exp = new Date(NOW.getTime() + 900_000);
    expect(await signer.verify(token, 'access', new Date(exp.getTime() - 1000))).not.toBeNull();
    expect(await signer.verify(token, 'access', exp)).toBeNull();
    const iat = NOW.getTime() / 1000;
    const early = await joseToken({
      token_type: 'access',
      user_id: 1,
      fam: 'f',
      jti: 'j',
      exp: iat + 60,
      nbf: iat + 30,
    });
    expect(await signer.verify(early, 'access', NOW)).toBeNull();
    expect(await signer.verify(early, 'access', new Date(NOW.getTime() + 30_000))).not.toBeNull();
  });

  it('refuses forged, altered, unsigned and malformed tokens', async () => {
    const { token } = await signer.sign('access', 1, 'f', NOW);
    const [h, p, s] = token.split('.') as [string, string, string];
    const iat = NOW.getTime() / 1000;
    const claims = { token_type: 'access', user_id: 1, fam: 'f', jti: 'j', iat, exp: iat + 60 };
    const refused = [
      '',
      'not-a-jwt',
      `${h}.${p}`,
      `${h}.${p}.${s}.x`,
      `${h}.${p}.${'A'.repeat(43)}`,
      // Another user in the payload under the original signature.
      `${h}.${b64({ ...claims, user_id: 2 })}.${s}`,
      // The same signature bytes spelled otherwise (the last character's unused bits set).
      `${h}.${p}.${s.slice(0, -1)}${B64URL[(B64URL.indexOf(s.at(-1) as string) ^ 1) as number]}`,
      // alg none, and an unsigned token.
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      // Signed with another secret.
      await joseToken(claims, {}, new TextEncoder().encode('another-secret-another-secret-123')),
      // Correctly signed, but with an extension the server does not understand, or claims of the wrong kind.
      await joseToken(claims, { crit: ['b64'], b64: true }),
      await joseToken({ ...claims, exp: String(iat + 60) }),
      await joseToken({ ...claims, iat: 'now' }),
      await joseToken({ ...claims, user_id: '1' }),
      await joseToken({ ...claims, fam: undefined }),
      await joseToken({ ...claims, jti: 5 }),
    ];
    for (const bad of refused) expect(await signer.verify(bad, 'access', NOW), bad).toBeNull();
    expect(await signer.verify(await joseToken(claims), 'access', NOW)).toMatchObject({ user_id: 1 });
  });
});
