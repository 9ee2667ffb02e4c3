// The diary's rules: one diary and eight jars per user, created on first use;
// ownership (another user's object is 404, an admin may read but never write
// into another user's diary); entry validation beyond the form; the analysis.
import {
  type Analysis,
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
  type EntryListQuery,
  type EntryUpdate,
  invalidPk,
  JAR_KEYS,
  JAR_NAMES,
  JAR_NO_TARGET_MESSAGE,
  type Jar,
  type JarKey,
  jarHasTarget,
  type ValidationErrors,
} from '@staff/contracts';
import type { Db } from '../../db/index';
import { badRequest, fieldError, notFound, permissionDenied } from '../../http/errors';
import type { UserRow } from '../accounts/repo';
import { analyse, analysisWindow, minutesByJar } from './analysis';
import { overlappingIds } from './overlaps';
import { createDiaryRepo, type EntryRow, type EntryValues } from './repo';
import { DAY_MS, localDayRange, localToEpochMs, MINUTE_MS } from './time';

export const WRITE_OTHERS_MESSAGE = "You cannot change another user's diary.";

/** The signed-in user, as the diary needs it. */
export type DiaryViewer = Pick<UserRow, 'id' | 'email' | 'role'>;

export interface DiaryDeps {
  db: Db;
  now: () => Date;
  /** Looks a user up for the admin read rule (the accounts module owns users). */
  getUser: (id: number) => Promise<Pick<UserRow, 'id' | 'email'> | undefined>;
}

interface JarRow {
  id: number;
  key: JarKey;
  ratio: number | null;
}

const isAdmin = (viewer: DiaryViewer) => viewer.role === 'admin';
const jarOrder = (key: string) => JAR_KEYS.indexOf(key as JarKey);

function presentJar(row: JarRow): Jar {
  return {
    id: row.id,
    key: row.key,
    name: JAR_NAMES[row.key],
    ratio: jarHasTarget(row.key) ? row.ratio : null,
  };
}

function presentEntry(row: EntryRow, categories: { id: number; title: string }[], overlaps: boolean): Entry {
  const startMs = Number(row.start_ms);
  const endMs = Number(row.end_ms);
  return {
    id: row.id,
    diary: row.diary_id,
    title: row.title,
    feeling: row.feeling as Entry['feeling'],
    start_date: row.start_date,
    start_time: row.start_time,
    end_date: row.end_date,
    end_time: row.end_time,
    time_zone: row.time_zone,
    start_at: new Date(startMs).toISOString(),
    end_at: new Date(endMs).toISOString(),
    duration_minutes: Math.round((endMs - startMs) / MINUTE_MS),
    place: row.place,
    category: categories,
    note: row.note,
    feedback: row.feedback,
    overlaps,
  };
}

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

  /** Whose diary a read is about: the viewer's, or (admins only) the `user` asked for. */
  async function readableUser(viewer: DiaryViewer, requested: number | undefined) {
    if (requested === undefined || requested === viewer.id) return { id: viewer.id, email: viewer.email };
    if (!isAdmin(viewer)) throw notFound();
    const user = await deps.getUser(requested);
    if (!user) throw notFound();
    return { id: user.id, email: user.email };
  }

  function assertReadable(viewer: DiaryViewer, ownerId: number): void {
    if (ownerId !== viewer.id && !isAdmin(viewer)) throw notFound();
  }

  /** Only the owner writes; an admin, who can see the object, is told so, everyone else gets 404. */
  function assertWritable(viewer: DiaryViewer, ownerId: number): void {
    if (ownerId === viewer.id) return;
    if (isAdmin(viewer)) throw permissionDenied(WRITE_OTHERS_MESSAGE);
    throw notFound();
  }

  function categoryPresenter(jars: JarRow[]) {
    const keyOf = new Map(jars.map((j) => [j.id, j.key]));
    return (row: { id: number; title: string; user_id: number; jar_id: number | null }): Category => ({
      id: row.id,
      title: row.title,
      user: row.user_id,
      jar: row.jar_id,
      jar_key: (row.jar_id !== null ? keyOf.get(row.jar_id) : undefined) ?? 'unclassified',
    });
  }

  /** The jar a category goes into: null for none or the unclassified jar; 400 when not the user's. */
  function resolveJar(jars: JarRow[], jarId: number | null | undefined): number | null {
    if (jarId == null) return null;
    const jar = jars.find((j) => j.id === jarId);
    if (!jar) throw fieldError('jar_id', invalidPk(jarId));
    return jar.key === 'unclassified' ? null : jar.id;
  }

  async function categoryErrors(userId: number, ids: number[]): Promise<ValidationErrors> {
    const owned = await repo.ownedCategoryIds(userId, ids);
    const missing = ids.filter((id) => !owned.has(id));
    return missing.length > 0 ? { category: missing.map(invalidPk) } : {};
  }

  /** Entries with their categories and overlap flags. */
  async function presentEntries(userId: number, rows: EntryRow[]): Promise<Entry[]> {
    if (rows.length === 0) return [];
    let minStart = Number.POSITIVE_INFINITY;
    let maxEnd = Number.NEGATIVE_INFINITY;
    for (const r of rows) {
      minStart = Math.min(minStart, Number(r.start_ms));
      maxEnd = Math.max(maxEnd, Number(r.end_ms));
    }
    const [spans, categories] = await Promise.all([
      repo.entrySpans(userId, minStart, maxEnd),
      repo.categoriesOfEntries(rows.map((r) => r.id)),
    ]);
    const overlapping = overlappingIds(spans);
    return rows.map((r) => presentEntry(r, categories.get(r.id) ?? [], overlapping.has(r.id)));
  }

  async function entryOrThrow(id: number): Promise<EntryRow> {
    const row = await repo.findEntry(id);
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
    return presentEntries(userId, rows);
  }

  async function getEntry(viewer: DiaryViewer, id: number): Promise<Entry> {
    const row = await entryOrThrow(id);
    assertReadable(viewer, row.user_id);
    const [entry] = await presentEntries(row.user_id, [row]);
    return entry as Entry;
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
      const jar = await repo.findJar(id);
      if (!jar || jar.user_id !== viewer.id) throw notFound();
      if (!jarHasTarget(jar.key as JarKey)) throw fieldError('ratio', JAR_NO_TARGET_MESSAGE);
      await repo.setJarRatio(id, viewer.id, ratio);
      return presentJar({ id: jar.id, key: jar.key as JarKey, ratio });
    },

    // --- categories
    async listCategories(viewer: DiaryViewer, user?: number): Promise<Category[]> {
      const owner = await readableUser(viewer, user);
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
      const row = await repo.findCategory(id);
      if (!row) throw notFound();
      assertWritable(viewer, row.user_id);
      const jars = await ensureJars(viewer.id);
      const patch: { title?: string; jar_id?: number | null } = {};
      if (body.title !== undefined) patch.title = body.title;
      if (body.jar_id !== undefined) patch.jar_id = resolveJar(jars, body.jar_id);
      await repo.updateCategory(id, viewer.id, patch);
      return categoryPresenter(jars)({ ...row, ...patch });
    },

    async deleteCategory(viewer: DiaryViewer, id: number): Promise<void> {
      const row = await repo.findCategory(id);
      if (!row) throw notFound();
      assertWritable(viewer, row.user_id);
      await repo.deleteCategory(id, viewer.id);
    },

    // --- diaries
    async listDiaries(viewer: DiaryViewer, user?: number): Promise<Diary[]> {
      const owner = await readableUser(viewer, user);
      const diary = await ensureDiary(owner);
      return [{ id: diary.id, title: diary.title, user: diary.user_id }];
    },

    async createDiary(viewer: DiaryViewer, body: DiaryCreate): Promise<Diary> {
      if (body.user !== undefined && body.user !== viewer.id) throw permissionDenied(WRITE_OTHERS_MESSAGE);
      const inserted = await repo.insertDiaryIfMissing(viewer.id, body.title, now());
      if (!inserted) throw fieldError('user', DIARY_EXISTS_MESSAGE);
      const diary = await repo.findDiaryByUser(viewer.id);
      if (!diary) throw new Error('created diary not found');
      return { id: diary.id, title: diary.title, user: diary.user_id };
    },

    // --- entries
    /** GET /diaries/entries/: the viewer's own entries, newest first. */
    listOwnEntries(viewer: DiaryViewer, query: EntryListQuery): Promise<Entry[]> {
      return listEntriesOf(viewer.id, query);
    },

    /** GET /diaries/{diaryId}/entries/: the owner's, or any diary for an admin. */
    async listDiaryEntries(viewer: DiaryViewer, diaryId: number, query: EntryListQuery): Promise<Entry[]> {
      const diary = await repo.findDiary(diaryId);
      if (!diary) throw notFound();
      assertReadable(viewer, diary.user_id);
      return listEntriesOf(diary.user_id, query, diary.id);
    },

    getEntry,

    async createEntry(viewer: DiaryViewer, diaryId: number, body: EntryCreate): Promise<Entry> {
      const diary = await repo.findDiary(diaryId);
      if (!diary) throw notFound();
      assertWritable(viewer, diary.user_id);
      const instants = entryInstants(body);
      const errors = {
        ...('errors' in instants ? instants.errors : {}),
        ...(await categoryErrors(viewer.id, body.category)),
      };
      if (Object.keys(errors).length > 0 || 'errors' in instants) throw badRequest(errors);
      const { category, ...fields } = body;
      const id = await repo.insertEntry({
        ...fields,
        start_ms: instants.startMs,
        end_ms: instants.endMs,
        diaryId: diary.id,
        userId: viewer.id,
        categoryIds: category,
        now: now(),
      });
      return getEntry(viewer, id);
    },

    async updateEntry(viewer: DiaryViewer, id: number, body: EntryUpdate): Promise<Entry> {
      const row = await entryOrThrow(id);
      assertWritable(viewer, row.user_id);
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
        ...(category ? await categoryErrors(viewer.id, category) : {}),
      };
      if (Object.keys(errors).length > 0 || 'errors' in instants) throw badRequest(errors);
      const values: EntryValues = { ...merged, start_ms: instants.startMs, end_ms: instants.endMs };
      await repo.updateEntry(id, viewer.id, values, category, now());
      return getEntry(viewer, id);
    },

    async deleteEntry(viewer: DiaryViewer, id: number): Promise<void> {
      const row = await entryOrThrow(id);
      assertWritable(viewer, row.user_id);
      await repo.deleteEntry(id, viewer.id);
    },

    // --- analysis
    async analysis(viewer: DiaryViewer, days: AnalysisWindow): Promise<Analysis> {
      const window = analysisWindow(now(), days);
      const [jars, rows, unclassified] = await Promise.all([
        ensureJars(viewer.id),
        repo.jarTimeInWindow(viewer.id, window.startMs, window.endMs),
        repo.listUnclassifiedCategories(viewer.id),
      ]);
      const minutes = minutesByJar(rows, new Map(jars.map((j) => [j.id, j.key])));
      return analyse({
        days,
        windowStartMs: window.startMs,
        windowEndMs: window.endMs,
        jars,
        minutes,
        unclassifiedCategories: unclassified,
      });
    },
  };
}

export type DiaryService = ReturnType<typeof createDiaryService>;
