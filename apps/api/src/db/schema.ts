// Row types of every table, as Kysely sees them. Instants are ISO-8601 text on
// SQLite and timestamptz on PostgreSQL (see dialect.ts); booleans are written
// as 0/1, which both databases accept, and read back through toBool().
import type { ColumnType, Generated } from 'kysely';

/** Written as an ISO string; read as a string (SQLite) or a Date (PostgreSQL). */
export type Instant = ColumnType<string | Date, string, string>;
export type NullableInstant = ColumnType<string | Date | null, string | null, string | null>;
export type DbBool = ColumnType<number | boolean, 0 | 1, 0 | 1>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  password_hash: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  phone: string;
  gender: string | null;
  role: string;
  is_active: DbBool;
  avatar: string | null;
  created_at: Instant;
  updated_at: Instant;
  last_login_at: NullableInstant;
}

export interface RefreshTokensTable {
  /** The token's jti. */
  id: string;
  user_id: number;
  /** Every token rotated from one sign-in shares a family; reuse revokes it whole. */
  family_id: string;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  created_at: Instant;
  expires_at: Instant;
  rotated_at: NullableInstant;
  revoked_at: NullableInstant;
}

export interface RateLimitCountersTable {
  /** tier:subject:window-start */
  key: string;
  count: number;
  expires_at: Instant;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  rate_limit_counters: RateLimitCountersTable;
}
