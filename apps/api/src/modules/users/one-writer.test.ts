// One module writes the users table (docs/decisions/0016-one-writer-of-users.md): the users
// module, which keeps the search text in step with every write. A plain text check of every
// source file of the API, so a second writer cannot creep back in unnoticed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const usersDir = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.resolve(usersDir, '..', '..');

/**
 * What the rule does not cover, each for a reason:
 * - db/migrations/: frozen history, which creates and backfills the table;
 * - test code (`*.test.ts`, the test kit and its fuzz, test fixtures): tests put the database in
 *   a state behind the app's back (a user deactivated or deleted by "someone else").
 */
function exempt(relative: string): boolean {
  const parts = relative.split(path.sep);
  const name = parts.at(-1) ?? '';
  return (
    relative.startsWith(path.join('db', 'migrations') + path.sep) ||
    parts[0] === 'test' ||
    parts[0] === 'fuzz' ||
    /\.test\.tsx?$/.test(name) ||
    /^(test-fixtures|test-kit|zip-fixtures)\.ts$/.test(name)
  );
}

/** The writes to users a source makes: Kysely's builders (an alias too) and raw SQL. */
function usersWrites(source: string): string[] {
  const patterns = [
    /\.(?:updateTable|insertInto|deleteFrom|replaceInto|mergeInto)\(\s*(['"`])users(?:\s+as\s+\w+)?\1/g,
    /\b(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+"?users"?(?=[\s(]|$)/gi,
  ];
  return patterns.flatMap((re) => [...source.matchAll(re)].map((m) => m[0].replace(/\s+/g, ' ')));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) ? [full] : [];
  });
}

describe('only the users module writes the users table', () => {
  const files = sourceFiles(srcDir).map((file) => path.relative(srcDir, file));
  const owned = (relative: string) => relative.startsWith(path.join('modules', 'users') + path.sep);

  it('reads the whole API source', () => {
    expect(files).toContain(path.join('app.ts'));
    expect(files).toContain(path.join('modules', 'accounts', 'service.ts'));
    expect(files.length).toBeGreaterThan(50);
  });

  it('no file outside modules/users writes it', () => {
    const writers = files
      .filter((relative) => !owned(relative) && !exempt(relative))
      .flatMap((relative) =>
        usersWrites(fs.readFileSync(path.join(srcDir, relative), 'utf8')).map((w) => `${relative}: ${w}`),
      );
    expect(writers).toEqual([]);
  });

  it('inside modules/users, only repo.ts writes it', () => {
    const writers = files
      .filter((relative) => owned(relative) && !exempt(relative))
      .filter((relative) => usersWrites(fs.readFileSync(path.join(srcDir, relative), 'utf8')).length > 0);
    expect(writers).toEqual([path.join('modules', 'users', 'repo.ts')]);
  });

  it('catches the writes it is meant to catch, and nothing else', () => {
    const source = [
      "await db.updateTable('users').set({ is_active: 0 })",
      'await tx.insertInto("users").values(row)',
      'db.deleteFrom(`users`)',
      "db.updateTable('users as u')",
      "  .updateTable(\n    'users'\n  )",
      'await sql`UPDATE users SET role = $1`.execute(db)',
      'sql`insert into "users" (email) values (?)`',
      'sql`delete from users where id = $1`',
      // Not writes to users:
      "db.selectFrom('users')",
      "db.updateTable('users_archive')",
      "db.insertInto('sessions')",
      "lockRowForUpdate(tx, 'users', id)",
      '// the admin may update users_by_role later',
    ].join('\n');
    expect(usersWrites(source)).toHaveLength(8);
  });
});
