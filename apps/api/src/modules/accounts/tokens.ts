// JWT access and refresh tokens, SimpleJWT style: a token_type claim tells
// them apart, user_id names the user, jti names the token.
import { createHash, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

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

export function createTokenSigner(secret: string, ttl: Record<TokenType, number>): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(type, userId, family, now, jti = randomUUID()) {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + ttl[type];
      const token = await new SignJWT({ token_type: type, user_id: userId, fam: family })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setJti(jti)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, jti, expiresAt: new Date(exp * 1000) };
    },
    async verify(token, expected, now) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now });
        if (payload.token_type !== expected) return null;
        if (typeof payload.user_id !== 'number' || typeof payload.jti !== 'string') return null;
        if (typeof payload.fam !== 'string') return null;
        return payload as unknown as TokenClaims;
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
