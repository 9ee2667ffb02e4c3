// A cheap fingerprint of everything a request could change: each table's row count and a hash
// of its rows, and the uploaded files. Two equal fingerprints mean the data did not change.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { DbKind } from '../harness';

/**
 * Tables a refused request may write on purpose: the rate limiter counts sign-in attempts and
 * wrong passwords, and the first refused sign-in of a window records auth.throttled, exactly
 * when it answers 4xx (docs/decisions/0004-rate-limit-tiers.md). And `live_streams`, whose row an
 * earlier stream's server deletes whenever it notices its client went.
 */
const WRITTEN_ON_REFUSAL = new Set(['rate_limit_counters', 'audit_events', 'live_streams']);

export type Fingerprint = Record<string, string>;

export async function tablesOf(db: Db, kind: DbKind): Promise<string[]> {
  const names =
    kind === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db);
  return names.rows
    .map((r) => r.name)
    .filter((n) => !n.startsWith('sqlite_') && !n.startsWith('kysely_') && !WRITTEN_ON_REFUSAL.has(n))
    .sort();
}

export async function fingerprint(
  db: Db,
  kind: DbKind,
  tables: string[],
  mediaDir: string,
): Promise<Fingerprint> {
  const out: Fingerprint = {};
  if (kind === 'postgres') {
    // One round trip: the server hashes each table's rows in a stable order.
    const parts = tables.map(
      (t) =>
        sql`select ${t}::text as name, count(*)::text || ':' || md5(coalesce(string_agg(x::text, E'\n' order by x::text), '')) as hash from ${sql.table(t)} x`,
    );
    const rows = await sql<{ name: string; hash: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
    for (const r of rows.rows) out[r.name] = r.hash;
  } else {
    for (const t of tables) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(db);
      const lines = rows.rows.map((r) => JSON.stringify(r)).sort();
      out[t] = `${lines.length}:${createHash('sha1').update(lines.join('\n')).digest('hex')}`;
    }
  }
  out['media files'] = mediaFiles(mediaDir).join(',');
  return out;
}

function mediaFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((f) => {
      const full = path.join(dir, f);
      const st = fs.statSync(full);
      return st.isFile() ? `${f}:${st.size}` : '';
    })
    .filter(Boolean)
    .sort();
}

/** Names of what differs between two fingerprints. */
export function changedParts(before: Fingerprint, after: Fingerprint): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => before[k] !== after[k]).sort();
}
