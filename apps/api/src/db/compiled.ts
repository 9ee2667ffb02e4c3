// Queries built and compiled once (issue 22, decision 0027). Kysely builds a query's operation tree
// and compiles it to SQL on every call; for the few statements every write request runs (a token
// refresh, an entry's creation, the access check) that was a large share of the request's CPU.
// `compiledOnce` builds such a query the first time on each database kind with placeholders for
// its arguments, keeps the SQL, and afterwards only fills the parameters in. PostgreSQL prepares
// each such statement once per connection (db/prepared.ts).
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import { dialectOf } from './dialect';
import type { Db } from './index';
import { preparedOnPostgres } from './prepared';

/** Stands for argument i while the query is compiled; never a value a caller passes. */
const PLACEHOLDER = '\u0000compiled-once-argument:';

type Slot = { argument: number } | { constant: unknown };

interface Plan {
  compiled: CompiledQuery;
  slots: Slot[];
}

/** Plans kept per query: one per database kind and number of arguments (a list's length). */
const MAX_PLANS = 32;

function plan<Args extends unknown[]>(
  db: Db,
  build: (db: Db, ...args: Args) => Compilable,
  arity: number,
): Plan {
  const placeholders = Array.from({ length: arity }, (_, i) => `${PLACEHOLDER}${i}`) as Args;
  const compiled = build(db, ...placeholders).compile();
  if (compiled.sql.includes(PLACEHOLDER)) {
    throw new Error(`compiledOnce: an argument was written into the SQL itself: ${compiled.sql}`);
  }
  const used = new Set<number>();
  const slots = compiled.parameters.map((value): Slot => {
    if (typeof value === 'string' && value.startsWith(PLACEHOLDER)) {
      const argument = Number(value.slice(PLACEHOLDER.length));
      used.add(argument);
      return { argument };
    }
    return { constant: value };
  });
  if (used.size !== arity) {
    // The builder looked at an argument (a branch, a list) instead of passing it on as a value.
    throw new Error(
      `compiledOnce: ${arity - used.size} argument(s) did not become parameters: ${compiled.sql}`,
    );
  }
  // Fixed shapes that look rows up by key: PostgreSQL prepares them once per connection.
  return { compiled: preparedOnPostgres(compiled), slots };
}

/**
 * A query whose shape depends on nothing but the number of its arguments, compiled on first use
 * per database kind and number of arguments. `build` must pass each argument on as a value (a
 * `where` operand, an inserted value, an `sql` template's `${value}`), never branch on it or write
 * it as a literal: every argument must come out as a parameter, or the first call throws. A list
 * is passed as trailing arguments (`(db, userId, ...ids)`), and each length gets its own SQL.
 * `compiled.test.ts` holds the results equal to the plain builder's on both databases.
 */
export function compiledOnce<Args extends unknown[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<QueryResult<Row>> {
  const plans = new Map<string, Plan>();
  return (db, ...args) => {
    const key = `${dialectOf(db as unknown as Kysely<unknown>)}:${args.length}`;
    let p = plans.get(key);
    if (!p) {
      try {
        p = plan(db, build, args.length);
      } catch (err) {
        return Promise.reject(err);
      }
      if (plans.size < MAX_PLANS) plans.set(key, p);
    }
    const { slots } = p;
    const parameters = new Array<unknown>(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i] as Slot;
      parameters[i] = 'argument' in slot ? args[slot.argument] : slot.constant;
    }
    return db.executeQuery<Row>({ ...p.compiled, parameters } as CompiledQuery<Row>);
  };
}
