// `npm run manage -- import-forex <file>`: the CSV import against the server's database.
import fs from 'node:fs';
import { loadConfig } from '../../config';
import { createDb, migrateToLatest } from '../../db/index';
import { importForexCsv } from './import';

export const IMPORT_FOREX_USAGE = `  import-forex  <file.csv>
                Imports forex/gold history: header symbol,time,last[,bid,ask,source]; time ISO-8601 or YYYY-MM-DD.
`;

export async function importForexCommand(args: string[]): Promise<number> {
  const [file, ...extra] = args;
  if (!file || extra.length > 0) {
    process.stderr.write(`Usage: npm run manage -- import-forex <file.csv>\n`);
    return 2;
  }
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    process.stderr.write(`Cannot read ${file}: ${(err as Error).message}\n`);
    return 1;
  }
  const db = createDb(loadConfig());
  try {
    await migrateToLatest(db);
    const result = await importForexCsv(db, text, new Date());
    if (result.errors.length > 0) {
      const shown = result.errors.slice(0, 50);
      const more = result.errors.length - shown.length;
      process.stderr.write(
        `Nothing imported: ${result.errors.length} problem(s) in ${file}\n${shown.join('\n')}\n` +
          (more > 0 ? `... and ${more} more\n` : ''),
      );
      return 1;
    }
    process.stdout.write(
      `Imported ${result.inserted} new point(s) from ${result.rows} row(s) of ${file}` +
        (result.inserted < result.rows ? ` (${result.rows - result.inserted} already stored)` : '') +
        '\n',
    );
    return 0;
  } finally {
    await db.destroy();
  }
}
