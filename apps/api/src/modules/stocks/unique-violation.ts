// A write refused by a unique index, on either database: the race a check-then-insert can lose.
export const isUniqueViolation = (err: unknown) =>
  /unique|duplicate key/i.test(err instanceof Error ? err.message : String(err));
