// The diary's rules: one diary and eight jars per user, created on first use;
// ownership (another user's object is 404, an admin may read but never write
// into another user's diary); entry validation beyond the form; the analysis.
import {
  type Analysis,
  type AnalysisCharts,
  type AnalysisChartsQuery,
  type AnalysisWindow,
  type Category,
  type CategoryCreate,
  type CategoryUpdate,
  DIARY_EXISTS_MESSAGE,
  type Diary,
  type DiaryCreate,
  ENTRY_MAX_DAYS,
  ENTRY_MESSAGES,
  type Entry,
  type EntryCreate,
  type EntryExportQuery,
  type EntryListQuery,
  type EntryUpdate,
  invalidPk,
  JAR_KEYS,
  JAR_NO_TARGET_MESSAGE,
  type Jar,
  type JarKey,
  jarHasTarget,
  type ValidationErrors,
} from '@staff/contracts';
import { isForeignKeyViolation, lockRowForUpdate } from '../../db/dialect';
import type { Db } from '../../db/index';
import { badRequest, fieldError, notFound, permissionDenied } from '../../http/errors';
import { ifMatchAllows, preconditionFailed, strongEtag } from '../../http/etag';
import { type AuditContext, type AuditEventInput, recordAuditEvent } from '../audit/index';
import type { UserRow } from '../users/index';
import { analyse, analysisWindow, minutesByJar } from './analysis';
import { buildCharts, entryCategoriesInWindow } from './charts';
import { type ExportedFile, exportEntriesFile } from './export';
import { overlappingIds, type Span } from './overlaps';
import { categoryPresenter, type JarRow, presentDiary, presentEntry, presentJar } from './presenter';
import {
  ANY_OWNER,
  createDiaryRepo,
  type DiaryRepo,
  type EntryRow,
  type EntryValues,
  type Owner,
} from './repo';
import { DAY_MS, localDayRange, localToEpochMs } from './time';
import { categoryTimeInWindow, shareUsersWeeks } from './week-totals';

export const WRITE_OTHERS_MESSAGE = "You cannot change another user's diary.";
export const ENTRY_CHANGED_SINCE_READ = 'This entry was changed by someone else since you opened it.';

/**
 * The ETag of an entry: a hash of its stored fields and category ids. Not of the presented entry,
 * whose `overlaps` flag and category titles change when other rows do.
 */
export function entryEtag(row: EntryRow, categoryIds: number[]): string {
  return strongEtag([
    row.id,
    row.diary_id,
    row.title,
    row.feeling,
    row.start_date,
    row.start_time,
    row.end_date,
    row.end_time,
    row.time_zone,
    row.place,
    row.note,
    row.feedback,
    [...categoryIds].sort((a, b) => a - b),
  ]);
}

/** An entry with the ETag of the row it was read from. */
export interface EntryVersion {
  entry: Entry;
  etag: string;
}

/** The signed-in user, as the diary needs it. */
export type DiaryViewer = Pick<UserRow, 'id' | 'email' | 'role'>;

export interface DiaryDeps {
  db: Db;
  now: () => Date;
  /** Looks a user up for the admin read rule (handed in by app.ts: the diary imports no other module's internals). */
  getUser: (id: number) => Promise<Pick<UserRow, 'id' | 'email'> | undefined>;
}

const isAdmin = (viewer: DiaryViewer) => viewer.role === 'admin';
const jarOrder = (key: string) => JAR_KEYS.indexOf(key as JarKey);
/**
 * Whose objects the viewer may find by id: an admin sees every user's (and is then told 403 on a
 * write, or has the read recorded); anyone else only their own, so another user's object is 404.
 */
const visibleTo = (viewer: DiaryViewer): Owner => (isAdmin(viewer) ? ANY_OWNER : viewer.id);

/** The instants an entry's local fields denote, or the field errors the server adds to the form's. */
export function entryInstants(fields: {
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  time_zone: string;
}): { startMs: number; endMs: number } | { errors: ValidationErrors } {
  const startMs = localToEpochMs(fields.start_date, fields.start_time, fields.time_zone);
  const endMs = localToEpochMs(fields.end_date, fields.end_time, fields.time_zone);
  if (endMs <= startMs) {
    const field = fields.end_date < fields.start_date ? 'end_date' : 'end_time';
    return { errors: { [field]: [ENTRY_MESSAGES.endBeforeStart] } };
  }
  if (endMs - startMs > ENTRY_MAX_DAYS * DAY_MS) return { errors: { end_date: [ENTRY_MESSAGES.tooLong] } };
  return { startMs, endMs };
}

/** A diary a viewer was allowed to read, and whose it is. */
export interface OpenedDiary {
  userId: number;
  diaryId: number;
}

export function createDiaryService(deps: DiaryDeps) {
  const { db, now } = deps;
  const repo = createDiaryRepo(db);

  /** The user's eight jars, creating any that are missing, in display order. */
  async function ensureJars(userId: number): Promise<JarRow[]> {
    let rows = await repo.listJars(userId);
    if (rows.length < JAR_KEYS.length) {
      await repo.insertMissingJars(userId, new Set(rows.map((r) => r.key)));
      rows = await repo.listJars(userId);
    }
    return rows
      .map((r) => ({ id: r.id, key: r.key as JarKey, ratio: r.ratio }))
      .sort((a, b) => jarOrder(a.key) - jarOrder(b.key));
  }

  async function ensureDiary(user: { id: number; email: string }) {
    const found = await repo.findDiaryByUser(user.id);
    if (found) return found;
    await repo.insertDiaryIfMissing(user.id, user.email, now());
    const created = await repo.findDiaryByUser(user.id);
    if (!created) throw new Error(`diary of user ${user.id} vanished after it was created`);
    return created;
  }

  /**
   * Records an administrator reading another user's diary data. Written before the data is
   * answered, so a read the log could not keep is not answered either.
   */
  function recordReadOther(context: AuditContext, target: AuditEventInput['target'], read: string) {
    return recordAuditEvent(db, context, { action: 'diary.read_other', target, detail: { read } }, now());
  }

  /** Whose diary a read is about: the viewer's, or (admins only) the `user` asked for. */
  async function readableUser(
    viewer: DiaryViewer,
    requested: number | undefined,
    read: { context: AuditContext; what: string },
  ) {
    if (requested === undefined || requested === viewer.id) return { id: viewer.id, email: viewer.email };
    if (!isAdmin(viewer)) throw notFound();
    const user = await deps.getUser(requested);
    if (!user) throw notFound();
    await recordReadOther(read.context, { type: 'user', id: user.id }, read.what);
    return { id: user.id, email: user.email };
  }

  /** The owner reads; an admin reads too, and the log says so. */
  async function assertReadable(
    viewer: DiaryViewer,
    owner: { userId: number; diaryId: number },
    read: { context: AuditContext; what: string },
  ): Promise<void> {
    if (owner.userId === viewer.id) return;
    if (!isAdmin(viewer)) throw notFound();
    await recordReadOther(read.context, { type: 'diary', id: owner.diaryId }, read.what);
  }

  /** Only the owner writes; an admin, who can see the object, is told so, everyone else gets 404. */
  function assertWritable(viewer: DiaryViewer, ownerId: number): void {
    if (ownerId === viewer.id) return;
    if (isAdmin(viewer)) throw permissionDenied(WRITE_OTHERS_MESSAGE);
    throw notFound();
  }

  /** The jar a category goes into: null for none or the unclassified jar; 400 when not the user's. */
  function resolveJar(jars: JarRow[], jarId: number | null | undefined): number | null {
    if (jarId == null) return null;
    const jar = jars.find((j) => j.id === jarId);
    if (!jar) throw fieldError('jar_id', invalidPk(jarId));
    return jar.key === 'unclassified' ? null : jar.id;
  }

  async function categoryErrors(
    userId: number,
    ids: number[],
    r: DiaryRepo = repo,
  ): Promise<ValidationErrors> {
    const owned = await r.ownedCategoryIds(userId, ids);
    const missing = ids.filter((id) => !owned.has(id));
    return missing.length > 0 ? { category: missing.map(invalidPk) } : {};
  }

  /**
   * Entries with their categories and overlap flags (read through `r`, a transaction's repo in an
   * edit). `whole`: the rows are every entry of the user overlapping [fromMs, toMs) (a window
   * without filters), so only the entries beside the window that may overlap them are read again.
   */
  async function presentEntries(
    userId: number,
    rows: EntryRow[],
    r: DiaryRepo = repo,
    whole?: { fromMs: number; toMs: number },
  ): Promise<Entry[]> {
    if (rows.length === 0) return [];
    let minStart = Number.POSITIVE_INFINITY;
    let maxEnd = Number.NEGATIVE_INFINITY;
    for (const row of rows) {
      minStart = Math.min(minStart, Number(row.start_ms));
      maxEnd = Math.max(maxEnd, Number(row.end_ms));
    }
    // One after the other: in a transaction both share one connection.
    let spans: Span[];
    if (whole) {
      spans = rows.map((row) => ({ id: row.id, startMs: Number(row.start_ms), endMs: Number(row.end_ms) }));
      for (const s of await r.entrySpansBeside(userId, whole, { fromMs: minStart, toMs: maxEnd }))
        spans.push(s);
    } else {
      spans = await r.entrySpans(userId, minStart, maxEnd);
    }
    const categories = await r.categoriesOfEntries(rows.map((row) => row.id));
    const overlapping = overlappingIds(spans);
    return rows.map((row) => presentEntry(row, categories.get(row.id) ?? [], overlapping.has(row.id)));
  }

  async function entryOrThrow(id: number, owner: Owner): Promise<EntryRow> {
    const row = await repo.findEntry(id, owner);
    if (!row) throw notFound();
    return row;
  }

  async function listEntriesOf(userId: number, query: EntryListQuery, diaryId?: number): Promise<Entry[]> {
    const { fromMs, toMs } = localDayRange(query.start_date, query.end_date, query.time_zone);
    const rows = await repo.listEntries({
      userId,
      diaryId,
      fromMs,
      toMs,
      feeling: query.feeling,
      categoryIds: query.category,
    });
    // A window without filters lists every entry of the user in it (one diary per user, so the
    // diary's id filters nothing).
    const filtered = Boolean(query.feeling) || (query.category?.length ?? 0) > 0;
    const whole = fromMs !== null && toMs !== null && !filtered ? { fromMs, toMs } : undefined;
    return presentEntries(userId, rows, repo, whole);
  }

  /** One entry as presented, with the ETag of what is stored (read through `r`). */
  async function entryVersion(row: EntryRow, r: DiaryRepo = repo): Promise<EntryVersion> {
    const [entry] = (await presentEntries(row.user_id, [row], r)) as [Entry];
    return {
      entry,
      etag: entryEtag(
        row,
        entry.category.map((c) => c.id),
      ),
    };
  }

  async function getEntry(viewer: DiaryViewer, id: number, context: AuditContext): Promise<EntryVersion> {
    const row = await entryOrThrow(id, visibleTo(viewer));
    await assertReadable(viewer, { userId: row.user_id, diaryId: row.diary_id }, { context, what: 'entry' });
    return entryVersion(row);
  }

  /**
   * Merges an edit into the locked entry, checks the result and writes it, all through the
   * transaction's repo. Everything is keyed by the row's owner (categories, the write, its week
   * totals), whoever the caller checked may write it.
   */
  async function mergeEntryEdit(txRepo: DiaryRepo, row: EntryRow, body: EntryUpdate): Promise<EntryVersion> {
    const owner = row.user_id;
    const { category, ...patch } = body;
    const merged = {
      title: row.title,
      feeling: row.feeling,
      start_date: row.start_date,
      start_time: row.start_time,
      end_date: row.end_date,
      end_time: row.end_time,
      time_zone: row.time_zone,
      place: row.place,
      note: row.note,
      feedback: row.feedback,
      ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    };
    const instants = entryInstants(merged);
    const errors = {
      ...('errors' in instants ? instants.errors : {}),
      ...(category ? await categoryErrors(owner, category, txRepo) : {}),
    };
    if (Object.keys(errors).length > 0 || 'errors' in instants) throw badRequest(errors);
    const values: EntryValues = { ...merged, start_ms: instants.startMs, end_ms: instants.endMs };
    await txRepo.updateEntry(row.id, owner, values, category, now());
    const updated = await txRepo.findEntry(row.id, owner);
    if (!updated) throw notFound();
    return entryVersion(updated, txRepo);
  }

  /** The jar analysis of a window, with the category-to-jar maps it credited the time by. */
  async function analysisIn(
    userId: number,
    days: AnalysisWindow,
    window: { startMs: number; endMs: number },
  ) {
    const [jars, rows, categories] = await Promise.all([
      ensureJars(userId),
      categoryTimeInWindow(db, userId, window.startMs, window.endMs),
      repo.listCategoryJars(userId),
    ]);
    const jarOfCategory = new Map(categories.map((c) => [c.id, c.jar_id]));
    const jarKeyById = new Map(jars.map((j) => [j.id, j.key]));
    const minutes = minutesByJar(rows, jarOfCategory, jarKeyById);
    const unclassified = categories.filter((c) => c.jar_id === null).map(({ id, title }) => ({ id, title }));
    const analysis = analyse({
      days,
      windowStartMs: window.startMs,
      windowEndMs: window.endMs,
      jars,
      minutes,
      unclassifiedCategories: unclassified,
    });
    return { analysis, jarOfCategory, jarKeyById };
  }

  return {
    ensureJars,
    ensureDiary,

    // --- jars
    async listJars(viewer: DiaryViewer): Promise<Jar[]> {
      return (await ensureJars(viewer.id)).map(presentJar);
    },

    async setJarRatio(viewer: DiaryViewer, id: number, ratio: number): Promise<Jar> {
      await ensureJars(viewer.id);
      const jar = await repo.findJar(id, viewer.id);
      if (!jar) throw notFound();
      if (!jarHasTarget(jar.key as JarKey)) {
        if (ratio !== 0) throw fieldError('ratio', JAR_NO_TARGET_MESSAGE);
        return presentJar({ id: jar.id, key: jar.key as JarKey, ratio: 0 }); // nothing to store
      }
      await repo.setJarRatio(id, viewer.id, ratio);
      return presentJar({ id: jar.id, key: jar.key as JarKey, ratio });
    },

    // --- categories
    async listCategories(
      viewer: DiaryViewer,
      user: number | undefined,
      context: AuditContext,
    ): Promise<Category[]> {
      const owner = await readableUser(viewer, user, { context, what: 'categories' });
      const [jars, rows] = await Promise.all([ensureJars(owner.id), repo.listCategories(owner.id)]);
      return rows.map(categoryPresenter(jars));
    },

    async createCategory(viewer: DiaryViewer, body: CategoryCreate): Promise<Category> {
      if (body.user !== undefined && body.user !== viewer.id) throw permissionDenied(WRITE_OTHERS_MESSAGE);
      const jars = await ensureJars(viewer.id);
      const jarId = resolveJar(jars, body.jar_id);
      const id = await repo.insertCategory({ userId: viewer.id, title: body.title, jarId, now: now() });
      return categoryPresenter(jars)({ id, title: body.title, user_id: viewer.id, jar_id: jarId });
    },

    async updateCategory(viewer: DiaryViewer, id: number, body: CategoryUpdate): Promise<Category> {
      const row = await repo.findCategory(id, visibleTo(viewer));
      if (!row) throw notFound();
      assertWritable(viewer, row.user_id);
      const jars = await ensureJars(row.user_id);
      const patch: { title?: string; jar_id?: number | null } = {};
      if (body.title !== undefined) patch.title = body.title;
      if (body.jar_id !== undefined) patch.jar_id = resolveJar(jars, body.jar_id);
      await repo.updateCategory(id, row.user_id, patch);
      return categoryPresenter(jars)({ ...row, ...patch });
    },

    async deleteCategory(viewer: DiaryViewer, id: number): Promise<void> {
      const row = await repo.findCategory(id, visibleTo(viewer));
      if (!row) throw notFound();
      assertWritable(viewer, row.user_id);
      await repo.deleteCategory(id, row.user_id);
    },

    // --- diaries
    async listDiaries(
      viewer: DiaryViewer,
      user: number | undefined,
      context: AuditContext,
    ): Promise<Diary[]> {
      const owner = await readableUser(viewer, user, { context, what: 'diary' });
      const diary = await ensureDiary(owner);
      return [presentDiary(diary)];
    },

    async createDiary(viewer: DiaryViewer, body: DiaryCreate): Promise<Diary> {
      if (body.user !== undefined && body.user !== viewer.id) throw permissionDenied(WRITE_OTHERS_MESSAGE);
      const inserted = await repo.insertDiaryIfMissing(viewer.id, body.title, now());
      if (!inserted) throw fieldError('user', DIARY_EXISTS_MESSAGE);
      const diary = await repo.findDiaryByUser(viewer.id);
      if (!diary) throw new Error('created diary not found');
      return presentDiary(diary);
    },

    // --- entries
    /** GET /diaries/entries/: the viewer's own entries, newest first. */
    listOwnEntries(viewer: DiaryViewer, query: EntryListQuery): Promise<Entry[]> {
      return listEntriesOf(viewer.id, query);
    },

    /**
     * GET /diaries/entries/export/: the file of the viewer's entries (an admin may name another
     * `user`: the read is recorded as the other reads are) whose start date is in the range.
     */
    async exportEntries(
      viewer: DiaryViewer,
      query: EntryExportQuery,
      context: AuditContext,
    ): Promise<ExportedFile> {
      const owner = await readableUser(viewer, query.user, { context, what: 'export' });
      return exportEntriesFile(repo, owner.id, query);
    },

    /** GET /diaries/{diaryId}/entries/: the owner's, or any diary for an admin. */
    /**
     * GET /diaries/{diaryId}/entries/, first half: the diary if the viewer may read it (404
     * otherwise), an administrator's read of another's diary recorded. Apart from the listing, so
     * that the route may keep the list ready (decision 0021) while every read is still checked.
     */
    async openDiary(viewer: DiaryViewer, diaryId: number, context: AuditContext): Promise<OpenedDiary> {
      const diary = await repo.findDiary(diaryId, visibleTo(viewer));
      if (!diary) throw notFound();
      const opened = { userId: diary.user_id, diaryId: diary.id };
      await assertReadable(viewer, opened, { context, what: 'entries' });
      return opened;
    },

    /** GET /diaries/{diaryId}/entries/, second half: the entries of a diary `openDiary` gave. */
    diaryEntries(diary: OpenedDiary, query: EntryListQuery): Promise<Entry[]> {
      return listEntriesOf(diary.userId, query, diary.diaryId);
    },

    getEntry,

    /**
     * A new entry in the viewer's own diary, answered from what was written (decision 0027). The
     * write checks that the diary and every category are the viewer's as it writes (one statement
     * on PostgreSQL) and brings back the categories' titles, in the order a read gives them, and the
     * overlap flag; only a refused or invalid entry reads them again, to answer 404, 403 or 400 with
     * every field's message.
     */
    async createEntry(viewer: DiaryViewer, diaryId: number, body: EntryCreate, within?: Db): Promise<Entry> {
      // `within`: a caller's transaction (a running entry's stop), through which every read and write goes.
      const r = within ? createDiaryRepo(within) : repo;
      const instants = entryInstants(body);
      const { category, ...fields } = body;
      const write = async (startMs: number, endMs: number) => {
        const values: EntryValues = { ...fields, start_ms: startMs, end_ms: endMs };
        const created = await r
          .insertOwnEntry({ ...values, diaryId, userId: viewer.id, categoryIds: category, now: now() })
          .catch(async (err: unknown) => {
            // A category deleted while the entry was written: answered as the check answers now.
            // In a caller's transaction PostgreSQL has aborted it: the caller's retry answers.
            if (!isForeignKeyViolation(err) || within) throw err;
            const gone = await categoryErrors(viewer.id, category);
            throw Object.keys(gone).length > 0 ? badRequest(gone) : err;
          });
        return (
          created &&
          presentEntry(
            { ...values, id: created.id, diary_id: diaryId, user_id: viewer.id },
            created.categories,
            created.overlaps,
          )
        );
      };
      const written = 'errors' in instants ? undefined : await write(instants.startMs, instants.endMs);
      if (written) return written;
      const diary = await r.findDiary(diaryId, visibleTo(viewer));
      if (!diary) throw notFound();
      assertWritable(viewer, diary.user_id);
      const errors = {
        ...('errors' in instants ? instants.errors : {}),
        ...(await categoryErrors(diary.user_id, category, r)),
      };
      if (Object.keys(errors).length > 0 || 'errors' in instants) throw badRequest(errors);
      // Refused a moment ago and allowed now (a category created in between): written now.
      const retried = await write(instants.startMs, instants.endMs);
      if (!retried) throw new Error(`diary ${diaryId}: an entry its checks allow was refused twice`);
      return retried;
    },

    /**
     * The owner's edit: the lock, the If-Match check, the merge, the checks and the write in one
     * transaction, so two edits at once each merge into what the other wrote.
     */
    async updateEntry(
      viewer: DiaryViewer,
      id: number,
      body: EntryUpdate,
      options: { ifMatch?: string | undefined } = {},
    ): Promise<EntryVersion> {
      return db.transaction().execute(async (tx) => {
        const txRepo = createDiaryRepo(tx);
        // The diary's weeks before the entry's row (the order of locks: week-totals.ts). Only the
        // owner may write an entry, so the viewer's diary is the one; anyone else is refused below.
        await shareUsersWeeks(tx, viewer.id);
        if (!(await lockRowForUpdate(tx, 'diary_entries', id))) throw notFound();
        const row = await txRepo.findEntry(id, visibleTo(viewer));
        if (!row) throw notFound();
        assertWritable(viewer, row.user_id);
        if (options.ifMatch !== undefined) {
          const stored = (await txRepo.categoriesOfEntries([id])).get(id) ?? [];
          if (
            !ifMatchAllows(
              options.ifMatch,
              entryEtag(
                row,
                stored.map((c) => c.id),
              ),
            )
          ) {
            throw preconditionFailed(ENTRY_CHANGED_SINCE_READ);
          }
        }
        return mergeEntryEdit(txRepo, row, body);
      });
    },

    async deleteEntry(viewer: DiaryViewer, id: number): Promise<void> {
      const row = await entryOrThrow(id, visibleTo(viewer));
      assertWritable(viewer, row.user_id);
      await repo.deleteEntry(id, row.user_id);
    },

    // --- analysis
    async analysis(viewer: DiaryViewer, days: AnalysisWindow): Promise<Analysis> {
      return (await analysisIn(viewer.id, days, analysisWindow(now(), days))).analysis;
    },

    /** The dashboard's charts (charts.ts): the analysis of the same window and its entries, read once. */
    async charts(viewer: DiaryViewer, query: AnalysisChartsQuery): Promise<AnalysisCharts> {
      const window = analysisWindow(now(), query.days);
      const [{ analysis, jarOfCategory, jarKeyById }, rows] = await Promise.all([
        analysisIn(viewer.id, query.days, window),
        entryCategoriesInWindow(db, viewer.id, window.startMs, window.endMs),
      ]);
      return buildCharts({
        analysis,
        timeZone: query.time_zone,
        windowStartMs: window.startMs,
        windowEndMs: window.endMs,
        rows,
        jarOfCategory,
        jarKeyById,
      });
    },
  };
}

export type DiaryService = ReturnType<typeof createDiaryService>;
