// Two indexes every token refresh wrote and only an hourly sweep or nothing read (issue 22,
// decision 0027):
// - refresh_tokens_family_idx (0001) served revoking a sign-in's tokens by family; since 0010 a
//   sign-in is ended on its `sessions` row and no query reads refresh tokens by family. Families are
//   random identifiers, so each rotation wrote one more page at a random place.
// - sessions_expires_idx (0010) served the hourly sweep of expired sign-ins alone, while every
//   refresh moves its sign-in's expires_at: two index entries rewritten per refresh on SQLite and,
//   on PostgreSQL, no heap-only (HOT) update of the row, so every index of `sessions` took a new
//   entry. The sweep reads the table once an hour instead, as it already does for refresh_tokens.
// Down puts them back.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('refresh_tokens_family_idx').execute();
  await db.schema.dropIndex('sessions_expires_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
}
