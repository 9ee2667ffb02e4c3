import { describe, expect, it } from 'vitest';
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('stores scrypt parameters, a per-user salt and the key, never the password', async () => {
    const hash = await hashPassword('correct horse');
    const [scheme, n, r, p, salt, key] = hash.split('$');
    expect(scheme).toBe('scrypt');
    expect(Number(n)).toBe(SCRYPT_PARAMS.N);
    expect(Number(r)).toBe(SCRYPT_PARAMS.r);
    expect(Number(p)).toBe(SCRYPT_PARAMS.p);
    expect(Buffer.from(salt as string, 'base64')).toHaveLength(16);
    expect(Buffer.from(key as string, 'base64')).toHaveLength(SCRYPT_PARAMS.keyLength);
    expect(hash).not.toContain('correct horse');
  });

  it('salts every hash differently and verifies only the right password', async () => {
    const [a, b] = await Promise.all([hashPassword('same-password'), hashPassword('same-password')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same-password', a)).toBe(true);
    expect(await verifyPassword('same-password', b)).toBe(true);
    expect(await verifyPassword('Same-password', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('verifies hashes made with other parameters, so the cost can be raised later', async () => {
    const hash = await hashPassword('p@ss');
    const weaker = hash.replace(`$${SCRYPT_PARAMS.N}$`, '$16384$');
    expect(await verifyPassword('p@ss', weaker)).toBe(false);
  });

  it('refuses malformed stored hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$4$5')).toBe(false);
  });
});
