// History from a CSV file: `npm run manage -- import-forex <file>`. Columns (header row, any
// order): symbol, time, last, and optionally bid, ask, source (default 'import'). time is an
// ISO-8601 instant with a zone, or a date YYYY-MM-DD (read as midnight in Vietnam). Prices are VND
// (metals per lượng, currencies per unit) with '.' for decimals; '-', '0', '0.00' or empty bid/ask
// mean no quote. Any bad row stops the import and every bad row is reported by line.

import { FOREX_SOURCES } from '@staff/contracts';
import { parse } from 'csv-parse/sync';
import type { Db } from '../../db/index';
import type { ForexQuote } from './providers/quote';
import { storeForexPoints } from './repo';

const REQUIRED = ['symbol', 'time', 'last'] as const;
const KNOWN = new Set(['symbol', 'time', 'last', 'bid', 'ask', 'source']);
/** Imported history is as fresh as its newest point; after two days without more it is stale. */
const IMPORT_STALE_AFTER_MS = 2 * 24 * 3600_000;

export interface ImportResult {
  rows: number;
  inserted: number;
  errors: string[];
}

function parseNumber(text: string): number | null {
  const t = text.trim();
  if (t === '' || t === '-' || /^0+(\.0+)?$/.test(t)) return null;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

function parseTime(text: string): Date | null {
  const t = text.trim();
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (date) {
    const [, y, m, d] = date.map(Number) as [number, number, number, number];
    const ms = Date.UTC(y, m - 1, d) - 7 * 3600_000;
    return new Date(ms + 7 * 3600_000).toISOString().slice(0, 10) === t ? new Date(ms) : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(t)) return null;
  const instant = new Date(t);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** Checks every row; stores nothing unless all are valid. */
export async function importForexCsv(db: Db, text: string, now: Date): Promise<ImportResult> {
  let records: string[][];
  try {
    records = parse(text, { skip_empty_lines: true, trim: true, bom: true, relax_column_count: true });
  } catch (err) {
    return { rows: 0, inserted: 0, errors: [`The file is not valid CSV: ${(err as Error).message}`] };
  }
  const [header, ...rows] = records;
  if (!header)
    return {
      rows: 0,
      inserted: 0,
      errors: ['The file is empty: expected a header row symbol,time,last[,bid,ask,source].'],
    };
  const columns = header.map((h) => h.toLowerCase());
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  const unknown = columns.filter((c) => !KNOWN.has(c));
  if (missing.length > 0 || unknown.length > 0) {
    const problems = [
      ...(missing.length ? [`missing column(s) ${missing.join(', ')}`] : []),
      ...(unknown.length ? [`unknown column(s) ${unknown.join(', ')}`] : []),
    ];
    return {
      rows: 0,
      inserted: 0,
      errors: [`Line 1: ${problems.join('; ')} (expected symbol,time,last[,bid,ask,source]).`],
    };
  }
  const errors: string[] = [];
  const bySource = new Map<string, ForexQuote[]>();
  rows.forEach((cells, index) => {
    const line = index + 2;
    const cell = (name: string) => {
      const i = columns.indexOf(name);
      return i < 0 ? '' : (cells[i] ?? '');
    };
    const problems: string[] = [];
    if (cells.length !== columns.length)
      problems.push(`expected ${columns.length} values, found ${cells.length}`);
    const symbol = cell('symbol').normalize('NFC');
    if (!symbol) problems.push('symbol is empty');
    else if (symbol.length > 40) problems.push('symbol is longer than 40 characters');
    const time = parseTime(cell('time'));
    if (!time)
      problems.push(`time "${cell('time')}" is not an ISO-8601 instant with a zone or a date YYYY-MM-DD`);
    else if (time.getTime() > now.getTime() + 24 * 3600_000)
      problems.push(`time "${cell('time')}" is in the future`);
    const last = parseNumber(cell('last'));
    if (last === null) problems.push('last is empty or zero');
    else if (Number.isNaN(last)) problems.push(`last "${cell('last')}" is not a number (use digits and '.')`);
    const side = (name: 'bid' | 'ask') => {
      const value = parseNumber(cell(name));
      if (Number.isNaN(value)) problems.push(`${name} "${cell(name)}" is not a number`);
      return value === null || Number.isNaN(value) ? null : value;
    };
    const bid = side('bid');
    const ask = side('ask');
    const source = cell('source') || 'import';
    if (!(FOREX_SOURCES as readonly string[]).includes(source))
      problems.push(`source "${source}" is not one of ${FOREX_SOURCES.join(', ')}`);
    if (problems.length > 0) {
      errors.push(`Line ${line}: ${problems.join('; ')}.`);
      return;
    }
    const list = bySource.get(source) ?? [];
    list.push({ symbol, time: time as Date, last: last as number, bid, ask });
    bySource.set(source, list);
  });
  if (rows.length === 0) errors.push('The file has a header but no rows.');
  if (errors.length > 0) return { rows: rows.length, inserted: 0, errors };

  let inserted = 0;
  for (const [source, points] of bySource) {
    const newest = Math.max(...points.map((p) => p.time.getTime()));
    inserted += await storeForexPoints(db, points, {
      source,
      arrivedAt: new Date(Math.min(newest, now.getTime())),
      staleAfterMs: IMPORT_STALE_AFTER_MS,
    });
  }
  return { rows: rows.length, inserted, errors: [] };
}
