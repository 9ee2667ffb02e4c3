// refresh_tokens_family_idx (0001) served revoking a sign-in's tokens by family; since 0010 a sign-in
// is ended on its `sessions` row and no query reads refresh tokens by family (issue 22, decision 0027).
// Every refresh still wrote it: one more page of the log per rotation, at a random place, since
// families are random identifiers. Down puts it back.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('refresh_tokens_family_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
}
