// What a form does when its save answers 412 (someone saved the same record since the form loaded):
// a three-way merge of what the form started from, what was typed and what is stored now. Fields
// the user left alone take the newer stored values; fields only the user changed keep what was
// typed; fields both changed keep what was typed, and the form names them with the stored value,
// so nothing anyone typed is lost and nothing newer is silently overwritten on the next save.
import { ApiError } from './api-client';

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return JSON.stringify([...a].map(String).sort()) === JSON.stringify([...b].map(String).sort());
  }
  return a === b;
}

export interface ConflictMerge<T> {
  /** The values to put in the form. */
  values: T;
  /** Fields both changed, differently: the typed value is kept, `theirs` holds the stored one. */
  conflicts: { field: keyof T; theirs: T[keyof T] }[];
}

export function mergeAfterConflict<T extends object>(base: T, mine: T, theirs: T): ConflictMerge<T> {
  const values = { ...mine };
  const conflicts: ConflictMerge<T>['conflicts'] = [];
  for (const field of Object.keys(base) as (keyof T)[]) {
    const typedChange = !same(mine[field], base[field]);
    const storedChange = !same(theirs[field], base[field]);
    if (!typedChange) values[field] = theirs[field];
    else if (storedChange && !same(mine[field], theirs[field])) {
      conflicts.push({ field, theirs: theirs[field] });
    }
  }
  return { values, conflicts };
}

/** Thrown by a page's save after a 412: the form shows `message` and `notes` and takes `values`. */
export class EditConflict<T> extends Error {
  constructor(
    message: string,
    readonly values: T,
    /** One line per field both changed, naming the stored value. */
    readonly notes: string[],
  ) {
    super(message);
    this.name = 'EditConflict';
  }
}

/** The save was refused because the record changed since the form loaded it. */
export const isPreconditionFailed = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 412;
