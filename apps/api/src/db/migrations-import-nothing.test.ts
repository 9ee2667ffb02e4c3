// Migrations are frozen history (docs: DESIGN "One way of doing each thing"): a migration carries
// its own copy of whatever it needs, as it was when it shipped, and imports nothing from the live
// code. A plain text check of every import in db/migrations/, so the rule cannot drift again.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dbDir = path.dirname(fileURLToPath(import.meta.url));
const migrationsDir = path.join(dbDir, 'migrations');

// Packages a migration may use. Not the workspace packages (@staff/*): those are live code too.
const allowedPackages = new Set(['kysely']);

/** Every module specifier in a source: static imports and re-exports (one or more lines), import(), require(). */
function importedSpecifiers(source: string): string[] {
  const patterns = [
    /^\s*(?:import|export)\s[^;]*?\sfrom\s*['"]([^'"]+)['"]/gms,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((re) => [...source.matchAll(re)].map((m) => m[1] as string));
}

/** Why a specifier imported by a file in db/migrations/ breaks the rule, or null when it does not. */
function violation(specifier: string): string | null {
  if (specifier.startsWith('.')) {
    const target = path.resolve(migrationsDir, specifier);
    return target.startsWith(dbDir + path.sep) ? null : `reaches outside db/ (${specifier})`;
  }
  return allowedPackages.has(specifier)
    ? null
    : `imports a package other than ${[...allowedPackages]} (${specifier})`;
}

describe('migrations import nothing from outside db/', () => {
  const files = fs.readdirSync(migrationsDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

  it('reads every migration file', () => {
    expect(files.length).toBeGreaterThan(1);
    expect(files).toContain('index.ts');
  });

  it.each(files)('%s', (file) => {
    const source = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
    const problems = importedSpecifiers(source)
      .map((spec) => violation(spec))
      .filter((p): p is string => p !== null);
    expect(problems).toEqual([]);
  });

  it('catches the imports it is meant to catch', () => {
    const source = [
      "import type { Kysely } from 'kysely';",
      "import { userSearchText } from '../../modules/accounts/repo';",
      'import {',
      '  HOLIDAY_SEED,',
      "} from '../../modules/stocks/holidays';",
      "import { foldForSearch } from '@staff/contracts';",
      "import { addIdColumn } from '../dialect';",
      "export { x } from '../../config';",
      "const late = await import('../../modules/diary/repo');",
    ].join('\n');
    const found = importedSpecifiers(source);
    expect(found).toHaveLength(7);
    expect(found.filter((spec) => violation(spec) !== null).sort()).toEqual(
      [
        '../../config',
        '../../modules/accounts/repo',
        '../../modules/diary/repo',
        '../../modules/stocks/holidays',
        '@staff/contracts',
      ].sort(),
    );
  });
});
