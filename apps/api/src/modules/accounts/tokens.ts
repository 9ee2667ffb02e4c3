// JWT access and refresh tokens, SimpleJWT style: a token_type claim tells
// them apart, user_id names the user, jti names the token.
//
// HS256 signed and checked with node:crypto's HMAC, synchronously, with the key made once: jose
// (which signed these before, and which the tests still use to check that the two agree) goes
// through WebCrypto, which imports the key again on every call and runs each HMAC as a job on the
// thread pool, about ten times the CPU of the HMAC itself (decision 0027).
import { createHash, createHmac, createSecretKey, randomUUID, timingSafeEqual } from 'node:crypto';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  token_type: TokenType;
  user_id: number;
  jti: string;
  /** Refresh-token family the token belongs to (the sign-in it came from). */
  fam: string;
  exp: number;
  iat: number;
}

export interface TokenSigner {
  sign(
    type: TokenType,
    userId: number,
    family: string,
    now: Date,
    jti?: string,
  ): Promise<{ token: string; jti: string; expiresAt: Date }>;
  /** Returns the claims, or null when the token is malformed, forged, expired or of another type. */
  verify(token: string, expected: TokenType, now: Date): Promise<TokenClaims | null>;
}

/** The protected header of every token this server signs (the one jose wrote, byte for byte). */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** A JSON object from a base64url segment, or null. */
function decodeSegment(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function createTokenSigner(secret: string, ttl: Record<TokenType, number>): TokenSigner {
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const mac = (signingInput: string) => createHmac('sha256', key).update(signingInput).digest('base64url');

  return {
    async sign(type, userId, family, now, jti = randomUUID()) {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + ttl[type];
      const claims = { token_type: type, user_id: userId, fam: family, jti, iat, exp };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      const token = `${HEADER}.${payload}.${mac(`${HEADER}.${payload}`)}`;
      return { token, jti, expiresAt: new Date(exp * 1000) };
    },
    async verify(token, expected, now) {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [header, payload, signature] = parts as [string, string, string];
      // The signature first, compared in constant time as the exact text it must be (no other
      // spelling of the same bytes), so nothing an attacker wrote is parsed unless we signed it.
      const want = Buffer.from(mac(`${header}.${payload}`));
      const given = Buffer.from(signature);
      if (given.length !== want.length || !timingSafeEqual(given, want)) return null;
      const head = decodeSegment(header);
      if (head?.alg !== 'HS256' || head.crit !== undefined) return null;
      const claims = decodeSegment(payload);
      if (!claims) return null;
      // The registered claims as jose checked them, without tolerance: expired once exp is reached.
      const at = Math.floor(now.getTime() / 1000);
      if (typeof claims.exp !== 'number' || claims.exp <= at) return null;
      if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > at)) return null;
      if (claims.iat !== undefined && typeof claims.iat !== 'number') return null;
      if (claims.token_type !== expected) return null;
      if (typeof claims.user_id !== 'number' || typeof claims.jti !== 'string') return null;
      if (typeof claims.fam !== 'string') return null;
      return claims as unknown as TokenClaims;
    },
  };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
