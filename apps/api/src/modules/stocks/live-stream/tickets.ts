// Stream tickets: EventSource cannot send a bearer header, so an authenticated POST hands out a
// signed ticket (60 s to open) carrying the user and the sign-in; the stream checks it. Whether a
// ticket was already used is the database's to say (service.ts), not the signature's.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const STREAM_TICKET_TTL_SECONDS = 60;

export interface StreamTicketClaims {
  /** Random; recorded when the ticket is used. */
  id: string;
  userId: number;
  /** The sign-in (sessions.id, the tokens' `fam`) the ticket was asked for under. */
  family: string;
  expiresAtMs: number;
}

/** Signs tickets with a key derived from the server's JWT secret. */
export function createStreamTickets(secret: string, now: () => Date) {
  const ticketKey = createHmac('sha256', secret).update('stocks-stream-ticket').digest();
  const sign = (payload: string) => createHmac('sha256', ticketKey).update(payload).digest();

  return {
    issue(userId: number, family: string): { ticket: string; expires_in: number } {
      const claims = {
        t: randomBytes(16).toString('base64url'),
        u: userId,
        f: family,
        e: now().getTime() + STREAM_TICKET_TTL_SECONDS * 1000,
      };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return {
        ticket: `${payload}.${sign(payload).toString('base64url')}`,
        expires_in: STREAM_TICKET_TTL_SECONDS,
      };
    },

    /** The claims of a genuine, unexpired ticket (used or not), or null. */
    verify(ticket: string): StreamTicketClaims | null {
      const [payload, sig, ...rest] = ticket.split('.');
      if (!payload || !sig || rest.length > 0) return null;
      // The signature's one canonical spelling, compared as text, as the access-token check does
      // (accounts/tokens.ts): base64url decoding skips padding, spaces and stray characters, takes
      // base64's + and /, and ignores the last character's unused bits, so a decoded comparison let
      // other spellings of a genuine ticket open a stream.
      const given = Buffer.from(sig);
      const expected = Buffer.from(sign(payload).toString('base64url'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      } catch {
        return null;
      }
      const { t, u, f, e } = (claims ?? {}) as Record<string, unknown>;
      if (typeof t !== 'string' || typeof f !== 'string' || !Number.isInteger(u) || typeof e !== 'number')
        return null;
      if (e < now().getTime()) return null;
      return { id: t, userId: u as number, family: f, expiresAtMs: e };
    },
  };
}
