// A trigram index over the users' folded search text (issue 17, decision 0023), so the users list
// and the player search find a word inside the text without reading every user.
//
// SQLite: an FTS5 table with the trigram tokenizer over `users.search` (external content: it
// stores only the index, the text stays in `users`), kept in step by triggers on `users`, so every
// writer (the app, the import, the command line, the benchmarks' bulk loaders, later migrations)
// updates it in its own transaction. Filled here from the rows already there.
//
// PostgreSQL: the pg_trgm extension and a GIN index with gin_trgm_ops on `users.search`, which
// serves `search LIKE '%word%'` as it is written today.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
    } catch (err) {
      throw new Error(
        'Migration 0013 needs the PostgreSQL extension pg_trgm (in contrib, trusted since PostgreSQL 13). ' +
          "The database user could not create it. Either grant that user CREATE on the database (then a trusted extension needs no superuser), or have a superuser run 'CREATE EXTENSION pg_trgm;' in this database once, then start the app again. " +
          `PostgreSQL said: ${(err as Error).message}`,
        { cause: err },
      );
    }
    await sql`create index users_search_trgm_idx on users using gin (search gin_trgm_ops)`.execute(db);
    return;
  }

  // case_sensitive 0 so the index can also serve LIKE; the text is folded to lower case already.
  await sql`
    create virtual table users_fts using fts5(
      search,
      content = 'users',
      content_rowid = 'id',
      tokenize = 'trigram case_sensitive 0'
    )
  `.execute(db);
  // External content: the index is told the old text to remove, which is the row's text as it
  // was, since these triggers have kept the index since the table was filled.
  await sql`
    create trigger users_fts_insert after insert on users begin
      insert into users_fts (rowid, search) values (new.id, new.search);
    end
  `.execute(db);
  await sql`
    create trigger users_fts_delete after delete on users begin
      insert into users_fts (users_fts, rowid, search) values ('delete', old.id, old.search);
    end
  `.execute(db);
  await sql`
    create trigger users_fts_update after update of id, search on users begin
      insert into users_fts (users_fts, rowid, search) values ('delete', old.id, old.search);
      insert into users_fts (rowid, search) values (new.id, new.search);
    end
  `.execute(db);
  await sql`insert into users_fts (users_fts) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    // The extension stays: other objects may use it, and dropping it needs more than the index did.
    await sql`drop index if exists users_search_trgm_idx`.execute(db);
    return;
  }
  await sql`drop trigger if exists users_fts_update`.execute(db);
  await sql`drop trigger if exists users_fts_delete`.execute(db);
  await sql`drop trigger if exists users_fts_insert`.execute(db);
  await sql`drop table if exists users_fts`.execute(db);
}
