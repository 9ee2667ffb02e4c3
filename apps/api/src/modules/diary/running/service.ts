// The running entry's rules (issue 24, decision 0015): one per user, started now by the server's
// clock; a second start answers 409 (the user stops or discards the first, never loses it silently);
// only the owner ever sees it; its categories must be the owner's. Stopping it creates the entry
// through the diary's own createEntry (the same checks, week totals and overlap answer) and deletes
// the running row in the same transaction: a crash leaves either both as they were or the entry
// alone, and a second stop (a double click, another tab) finds nothing and creates nothing.
import {
  type Entry,
  EntryCreate,
  invalidPk,
  RUNNING_MESSAGES,
  RUNNING_OVERDUE_HOURS,
  type RunningEntry,
  type RunningEntryStart,
  type RunningEntryStop,
  toValidationErrors,
} from '@staff/contracts';
import { isForeignKeyViolation } from '../../../db/dialect';
import type { Db } from '../../../db/index';
import { ApiError, badRequest, notFound } from '../../../http/errors';
import type { DiaryService, DiaryViewer } from '../service';
import { isoInstant, localDateTimeAt, MINUTE_MS } from '../time';
import { createRunningRepo, type RunningRow } from './repo';

const OVERDUE_MS = RUNNING_OVERDUE_HOURS * 3_600_000;

export interface RunningEntryDeps {
  db: Db;
  now: () => Date;
  /** The diary's own entry creation and diary look-up (app.ts hands in the diary service). */
  diary: Pick<DiaryService, 'createEntry' | 'ensureDiary'>;
}

export function presentRunning(
  row: RunningRow,
  categories: { id: number; title: string }[],
  nowMs: number,
): RunningEntry {
  const start = localDateTimeAt(row.startedMs, row.time_zone);
  const elapsedMs = Math.max(0, nowMs - row.startedMs);
  return {
    title: row.title,
    category: categories,
    started_at: isoInstant(row.startedMs),
    start_date: start.date,
    start_time: start.time,
    time_zone: row.time_zone,
    elapsed_seconds: Math.floor(elapsedMs / 1000),
    overdue: elapsedMs > OVERDUE_MS,
  };
}

export function createRunningEntryService(deps: RunningEntryDeps) {
  const { db, now, diary } = deps;
  const repo = createRunningRepo(db);

  /** The running entry as the owner sees it, or null when none runs. */
  async function get(viewer: DiaryViewer): Promise<RunningEntry | null> {
    const row = await repo.find(viewer.id);
    if (!row) return null;
    const categories = await repo.ownedCategories(viewer.id, row.categoryIds);
    return presentRunning(row, categories, now().getTime());
  }

  async function start(viewer: DiaryViewer, body: RunningEntryStart): Promise<RunningEntry> {
    const categories = await repo.ownedCategories(viewer.id, body.category);
    const owned = new Set(categories.map((c) => c.id));
    const missing = body.category.filter((id) => !owned.has(id));
    if (missing.length > 0) throw badRequest({ category: missing.map(invalidPk) });
    const at = now();
    const row: RunningRow = {
      user_id: viewer.id,
      title: body.title,
      categoryIds: body.category,
      startedMs: at.getTime(),
      time_zone: body.time_zone,
    };
    if (!(await repo.insertIfNone(row, at))) {
      throw new ApiError(409, { detail: RUNNING_MESSAGES.alreadyRunning, code: 'conflict' });
    }
    return presentRunning(row, categories, at.getTime());
  }

  /** Throws the running entry away without making an entry of it. */
  async function discard(viewer: DiaryViewer): Promise<void> {
    if (!(await repo.remove(viewer.id))) throw notFound(RUNNING_MESSAGES.notRunning);
  }

  /** One try of the stop: the running row's removal and the entry's creation in one transaction. */
  function stopOnce(viewer: DiaryViewer, diaryId: number, body: RunningEntryStop): Promise<Entry> {
    return db.transaction().execute(async (tx) => {
      const txRepo = createRunningRepo(tx);
      const row = await txRepo.remove(viewer.id);
      if (!row) throw notFound(RUNNING_MESSAGES.notRunning);
      const categories = await txRepo.ownedCategories(viewer.id, row.categoryIds);
      // The entry starts at the minute it started (entries keep HH:MM).
      const startMs = row.startedMs - (row.startedMs % MINUTE_MS);
      const local = localDateTimeAt(startMs, row.time_zone);
      const given = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      const merged = EntryCreate.safeParse({
        title: row.title,
        category: categories.map((c) => c.id),
        start_date: local.date,
        start_time: local.time,
        time_zone: row.time_zone,
        ...given,
      });
      // Nothing was written yet: the error rolls the removal back, and the running entry stays.
      if (!merged.success) throw badRequest(toValidationErrors(merged.error));
      return diary.createEntry(viewer, diaryId, merged.data, tx);
    });
  }

  /** Makes the running entry an entry of the owner's diary (201 with the entry), or 404 when none runs. */
  async function stop(viewer: DiaryViewer, body: RunningEntryStop): Promise<Entry> {
    const { id: diaryId } = await diary.ensureDiary(viewer);
    try {
      return await stopOnce(viewer, diaryId, body);
    } catch (err) {
      // A category deleted while the entry was written (PostgreSQL's foreign key): the transaction
      // is undone, the running entry is back, and a second try answers what the checks say now.
      if (!isForeignKeyViolation(err)) throw err;
      return stopOnce(viewer, diaryId, body);
    }
  }

  return { get, start, discard, stop };
}

export type RunningEntryService = ReturnType<typeof createRunningEntryService>;
