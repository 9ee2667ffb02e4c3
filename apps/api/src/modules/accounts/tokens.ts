// JWT access and refresh tokens, SimpleJWT style: a token_type claim tells
// them apart, user_id names the user, jti names the token.
//
// HS256, signed and checked by fast-jwt (synchronous node:crypto HMAC, the key prepared once). jose,
// which signed these before and which the tests keep as the reference, goes through WebCrypto: it
// imports the key again on every call and runs each HMAC as a job on the thread pool, about ten
// times the CPU of the HMAC itself (decision 0027).
import { createHash, randomUUID } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';

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
  // fast-jwt signs and checks synchronously with node:crypto, the key prepared once. It checks the
  // signature, the algorithm (HS256 only, so never `none`) and any `crit` header; the claims are
  // checked here against the app's clock, which tests move.
  const signSync = createSigner({ key: secret, algorithm: 'HS256' });
  const verifySync = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    ignoreExpiration: true,
    ignoreNotBefore: true,
    cache: false,
  });

  return {
    async sign(type, userId, family, now, jti = randomUUID()) {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + ttl[type];
      const token = signSync({ token_type: type, user_id: userId, fam: family, jti, iat, exp });
      return { token, jti, expiresAt: new Date(exp * 1000) };
    },
    async verify(token, expected, now) {
      // One spelling of the signature only (base64url's last character has unused bits): a token
      // is looked up by the hash of its text, so another spelling of a valid one must not pass.
      const signature = token.slice(token.lastIndexOf('.') + 1);
      if (Buffer.from(signature, 'base64url').toString('base64url') !== signature) return null;
      let claims: Record<string, unknown>;
      try {
        claims = verifySync(token);
      } catch (err) {
        if (err instanceof TokenError) return null;
        throw err;
      }
      // Expired once exp is reached, not yet valid before nbf, as jose (which signed these before)
      // checked them, without tolerance.
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
