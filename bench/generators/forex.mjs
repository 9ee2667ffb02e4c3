// Forex series for the benches: a point a day for years, then a point every five minutes for the
// last days, on a random walk, inserted straight into `forex_prices` with the symbol's row.

export const DAY = 86_400_000;
export const FIVE_MIN = 300_000;

/** Daily instants from `dailyFrom` until `intradayFrom`, then five-minute ones up to `end` (inclusive). */
export function seriesTimes({ dailyFrom, intradayFrom, end }) {
  const times = [];
  for (let t = dailyFrom; t < intradayFrom; t += DAY) times.push(t);
  for (let t = intradayFrom; t <= end; t += FIVE_MIN) times.push(t);
  return times;
}

/** A random walk from `start`: each call moves it by up to ±`step` / 2 of its value, drawn from `random`. */
export function randomWalk(random, start, step) {
  let value = start;
  return () => {
    value *= 1 + (random() - 0.5) * step;
    return value;
  };
}

/** Inserts one symbol's `points` (2,000 a statement) and its `forex_symbols` row, in one transaction. */
export async function insertSeries(db, points, symbolRow) {
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < points.length; i += 2000)
      await tx
        .insertInto('forex_prices')
        .values(points.slice(i, i + 2000))
        .execute();
    await tx.insertInto('forex_symbols').values(symbolRow).execute();
  });
}
