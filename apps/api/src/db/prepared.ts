// Statements PostgreSQL prepares once per connection (issue 22, decision 0027). Sent as text, a
// statement is parsed, analysed and planned by PostgreSQL on every execution: for an entry's
// creation (one statement of CTEs) that was half of the database's time, and for the access check
// every request makes, a third of its round trip. A statement named here is sent by name once it is
// prepared on a connection (node-postgres keeps that per connection), and PostgreSQL keeps its plan.
//
// Only statements chosen for it are named: those compiled once (`compiledOnce`: fixed shapes that
// look rows up by key, run by every write and every access check) and those passed through
// `preparedOnPostgres` by their repository. A kept plan may become PostgreSQL's generic plan, the
// same for every parameter, which suits a lookup by key and could misjudge a search whose best plan
// depends on its words; those stay unnamed. SQLite prepares every statement already (its statement
// cache, db/index.ts). The names are bounded: a statement past MAX_PREPARED is sent as text.
import type { CompiledQuery } from 'kysely';
import pg from 'pg';

/** More than the app has; a builder that made a new text per call would stop being named here. */
export const MAX_PREPARED = 200;

const names = new Map<string, string>();

/** Marks the statement's text as one to prepare on PostgreSQL; answers the statement unchanged. */
export function preparedOnPostgres<Row>(compiled: CompiledQuery<Row>): CompiledQuery<Row> {
  if (!names.has(compiled.sql) && names.size < MAX_PREPARED) names.set(compiled.sql, `staff_${names.size}`);
  return compiled;
}

/** The name a statement's text is prepared under, if it was marked. */
export function preparedName(text: string): string | undefined {
  return names.get(text);
}

/**
 * node-postgres's client, sending a marked statement by name: the first use on a connection
 * prepares it, later ones only bind and execute. Kysely calls `query(text, values)`.
 */
export class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has eight overloads; one signature takes them all.
  override query(...args: any[]): any {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = names.get(text);
      if (name) return super.query({ name, text, values });
    }
    // biome-ignore lint/suspicious/noExplicitAny: passed on as received.
    return (super.query as (...a: any[]) => any)(...args);
  }
}
