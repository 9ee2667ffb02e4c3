// The daily time diary: jars, categories, diaries, entries and the jar
// analysis. The server validates and serialises with these schemas; the web
// builds its forms and screens on them (spec sections 3, 5, 7 and 9).
import { z } from 'zod';
// zod speaks the API's (DRF's) words before any schema here is used, in whatever bundle loads this
// module alone (the web's chunks load only the contracts modules their screens import).
import './errors';

// ---------------------------------------------------------------------------
// Constants (spec section 9)

/** Jars shown on the analysis and setup screens, in this order (unclassified is a holding jar). */
export const JAR_DISPLAY_ORDER = [
  'sleep',
  'essential',
  'investment',
  'development',
  'education',
  'entertainment',
  'sharing',
] as const;

/** Every user owns exactly these eight jars, created on first use: the shown seven and unclassified. */
export const JAR_KEYS = [...JAR_DISPLAY_ORDER, 'unclassified'] as const;
export const JarKey = z.enum(JAR_KEYS);
export type JarKey = z.infer<typeof JarKey>;

/** Vietnamese jar names, as the jar cards and the setup screen show them. */
export const JAR_NAMES: Record<JarKey, string> = {
  sleep: 'Ngủ',
  essential: 'Thiết yếu',
  investment: 'Đầu tư',
  development: 'Phát triển',
  education: 'Giáo dục',
  entertainment: 'Giải trí',
  sharing: 'Cho đi',
  unclassified: 'Chưa phân loại',
};

/**
 * Jars that carry no target ratio: no ratio input, no status, no colour. Their ratio is always 0
 * (spec §3 "ratio (percent 0-100)" on every jar), outside the target sum and the ±10 % checks.
 */
export const JARS_WITHOUT_TARGET = ['sleep', 'unclassified'] as const satisfies readonly JarKey[];
export function jarHasTarget(key: JarKey): boolean {
  return !(JARS_WITHOUT_TARGET as readonly JarKey[]).includes(key);
}

/** Default targets, in percent of waking (non-sleep) time; they add up to 100. */
export const JAR_DEFAULT_RATIOS: Record<JarKey, number> = {
  sleep: 0,
  essential: 35,
  investment: 10,
  development: 15,
  education: 15,
  entertainment: 15,
  sharing: 10,
  unclassified: 0,
};

export const FEELINGS = ['excited', 'happy', 'neutral', 'sad', 'tired', 'angry', 'anxious'] as const;
export const Feeling = z.enum(FEELINGS);
export type Feeling = z.infer<typeof Feeling>;
export const DEFAULT_FEELING: Feeling = 'happy';
export const FEELING_EMOJI: Record<Feeling, string> = {
  excited: '🤩',
  happy: '😊',
  neutral: '😐',
  sad: '😢',
  tired: '😴',
  angry: '😠',
  anxious: '😰',
};

/** Time zone of an entry when the browser does not send one. */
export const DEFAULT_TIME_ZONE = 'Asia/Ho_Chi_Minh';
/** Longest entry the server accepts; also bounds the window queries. */
export const ENTRY_MAX_DAYS = 7;

/** Entries list defaults: from 5 days before today to 1 day after (local), reloaded 350 ms after a change. */
export const ENTRY_FILTER_DAYS_BEFORE = 5;
export const ENTRY_FILTER_DAYS_AFTER = 1;
export const ENTRY_FILTER_DEBOUNCE_MS = 350;

export const ANALYSIS_WINDOWS = [7, 30, 365] as const;
export type AnalysisWindow = (typeof ANALYSIS_WINDOWS)[number];
export const ANALYSIS_WINDOW_LABELS: Record<AnalysisWindow, string> = {
  7: '7 ngày qua',
  30: '30 ngày qua',
  365: '365 ngày qua',
};

/** Sleep advice bands, in hours per day: under 7 too little, 7 to 9 (inclusive) reasonable, over 9 too much. */
export const SLEEP_MIN_HOURS = 7;
export const SLEEP_MAX_HOURS = 9;
/** A jar is below target under 90 % of its target and above target over 110 %. */
export const STATUS_LOW_FACTOR = 0.9;
export const STATUS_HIGH_FACTOR = 1.1;
/** Card colour: yellow more than 2 points under the target, red more than 2 over, else green. */
export const COLOUR_MARGIN_POINTS = 2;

export const TITLE_MAX_LENGTH = 200;
export const PLACE_MAX_LENGTH = 200;
export const NOTE_MAX_LENGTH = 5000;
export const CATEGORY_TITLE_MAX_LENGTH = 100;
export const DIARY_TITLE_MAX_LENGTH = 255;
export const ENTRY_MAX_CATEGORIES = 20;

/** Words of the entry form and the server's entry rules. */
export const ENTRY_MESSAGES = {
  title: 'Title is required.',
  start_date: 'Start date is required.',
  start_time: 'Start time is required.',
  end_date: 'End date is required.',
  end_time: 'End time is required.',
  category: 'Please select at least one category.',
  place: 'Place is required.',
  note: 'Note is required.',
  banner: 'Please fill in all required fields before submitting.',
  dateFormat: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  timeFormat: 'Time has wrong format. Use one of these formats instead: hh:mm.',
  timeZone: 'Unknown time zone.',
  endBeforeStart: 'The end must be after the start.',
  tooLong: `An entry can last at most ${ENTRY_MAX_DAYS} days.`,
} as const;

export const CATEGORY_MESSAGES = {
  title: 'Title is required.',
  nothingToChange: 'Send a title or a jar_id.',
} as const;

/** DRF's wording for a related id that does not exist (or is not yours). */
export const invalidPk = (id: number | string) => `Invalid pk "${id}" - object does not exist.`;

// ---------------------------------------------------------------------------
// Small validators shared by both sides

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** HH:MM (seconds, as some time inputs send them, are accepted and cut off). */
export function isTimeOfDay(value: string): boolean {
  const m = /^(\d{2}):(\d{2})(:\d{2}(\.\d+)?)?$/.exec(value);
  return m !== null && Number(m[1]) < 24 && Number(m[2]) < 60;
}

/**
 * Zones already found valid: building an Intl.DateTimeFormat to ask costs ~100 µs, on every entry
 * written (issue 22, decision 0027). There are a few hundred IANA names (with their spellings), and
 * the set is emptied should it ever pass a thousand.
 */
const validTimeZones = new Set<string>();

export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  if (validTimeZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  if (validTimeZones.size >= 1000) validTimeZones.clear();
  validTimeZones.add(zone);
  return true;
}

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { message, abort: true }).max(max);

const LocalDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .refine(isIsoDate, ENTRY_MESSAGES.dateFormat);

const LocalTime = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .refine(isTimeOfDay, ENTRY_MESSAGES.timeFormat)
    .transform((v) => v.slice(0, 5));

export const TimeZone = z.string().trim().refine(isValidTimeZone, ENTRY_MESSAGES.timeZone);

/** Ids are the databases' 32-bit integers; a larger one would fail in PostgreSQL's query instead of here. */
const MAX_ID = 2_147_483_647;
const Id = z.coerce.number().int().positive().max(MAX_ID);

// ---------------------------------------------------------------------------
// Jars

export const Jar = z.object({
  id: z.number().int(),
  key: JarKey,
  name: z.string(),
  /** Target in percent of waking time; always 0 for sleep and unclassified (jars without a target). */
  ratio: z.number().int().min(0).max(100),
});
export type Jar = z.infer<typeof Jar>;
export const JarList = z.array(Jar);

/** PATCH /diaries/jars/{id}/ — sleep and unclassified accept only 0 (400 on ratio otherwise). */
export const JarUpdate = z.object({ ratio: z.number().int().min(0).max(100) });
export type JarUpdate = z.infer<typeof JarUpdate>;
export const JAR_NO_TARGET_MESSAGE = 'This jar has no target ratio; its ratio can only be 0.';

// ---------------------------------------------------------------------------
// Categories

export const Category = z.object({
  id: z.number().int(),
  title: z.string(),
  user: z.number().int(),
  /** Jar id, or null when unclassified. */
  jar: z.number().int().nullable(),
  /** The jar's key; 'unclassified' when jar is null. */
  jar_key: JarKey,
});
export type Category = z.infer<typeof Category>;
export const CategoryList = z.array(Category);

/** `user` lists another user's categories (admins only). */
export const OwnerQuery = z.object({ user: Id.optional() });
export type OwnerQuery = z.infer<typeof OwnerQuery>;

const CategoryTitle = requiredText(CATEGORY_MESSAGES.title, CATEGORY_TITLE_MAX_LENGTH);

/**
 * POST /diaries/categories/. `user`, when sent, must be the signed-in user.
 * jar_id null (or the unclassified jar's id) leaves the category unclassified.
 */
export const CategoryCreate = z.object({
  title: CategoryTitle,
  user: Id.optional(),
  jar_id: Id.nullable().optional(),
});
export type CategoryCreate = z.infer<typeof CategoryCreate>;
export type CategoryCreateInput = z.input<typeof CategoryCreate>;

/** PATCH /diaries/categories/{id}/: title and/or jar_id; jar_id null puts it back to unclassified. */
export const CategoryUpdate = z
  .object({ title: CategoryTitle.optional(), jar_id: Id.nullable().optional() })
  .refine((v) => v.title !== undefined || v.jar_id !== undefined, CATEGORY_MESSAGES.nothingToChange);
export type CategoryUpdate = z.infer<typeof CategoryUpdate>;
export type CategoryUpdateInput = z.input<typeof CategoryUpdate>;

// ---------------------------------------------------------------------------
// Diaries

export const Diary = z.object({ id: z.number().int(), title: z.string(), user: z.number().int() });
export type Diary = z.infer<typeof Diary>;
/** GET /diaries/diaries/?user= answers a plain list (at most one diary per user). */
export const DiaryList = z.array(Diary);

export const DiaryCreate = z.object({
  title: z.string({ error: 'This field is required.' }).trim().min(1).max(DIARY_TITLE_MAX_LENGTH),
  user: Id.optional(),
});
export type DiaryCreate = z.infer<typeof DiaryCreate>;
export const DIARY_EXISTS_MESSAGE = 'This user already has a diary.';

// ---------------------------------------------------------------------------
// Entries

export const EntryCategory = z.object({ id: z.number().int(), title: z.string() });
export type EntryCategory = z.infer<typeof EntryCategory>;

export const Entry = z.object({
  id: z.number().int(),
  diary: z.number().int(),
  title: z.string(),
  feeling: Feeling,
  /** Local date and time as entered, in `time_zone`. */
  start_date: z.string(),
  start_time: z.string(),
  end_date: z.string(),
  end_time: z.string(),
  time_zone: z.string(),
  /** The instants those local times denote, ISO-8601 UTC. */
  start_at: z.string(),
  end_at: z.string(),
  duration_minutes: z.number().int(),
  place: z.string(),
  category: z.array(EntryCategory),
  note: z.string(),
  feedback: z.string(),
  /** True when this entry overlaps another of the same user's entries (totals count both). */
  overlaps: z.boolean(),
});
export type Entry = z.infer<typeof Entry>;
export const EntryList = z.array(Entry);

const CategoryIds = z
  .array(Id, { error: ENTRY_MESSAGES.category })
  .min(1, ENTRY_MESSAGES.category)
  .max(ENTRY_MAX_CATEGORIES)
  .transform((ids) => [...new Set(ids)]);

const entryFields = {
  title: requiredText(ENTRY_MESSAGES.title, TITLE_MAX_LENGTH),
  feeling: Feeling,
  start_date: LocalDate(ENTRY_MESSAGES.start_date),
  start_time: LocalTime(ENTRY_MESSAGES.start_time),
  end_date: LocalDate(ENTRY_MESSAGES.end_date),
  end_time: LocalTime(ENTRY_MESSAGES.end_time),
  category: CategoryIds,
  place: requiredText(ENTRY_MESSAGES.place, PLACE_MAX_LENGTH),
  note: requiredText(ENTRY_MESSAGES.note, NOTE_MAX_LENGTH),
  feedback: z.string().trim().max(NOTE_MAX_LENGTH),
  /** IANA name from the browser (Intl.DateTimeFormat().resolvedOptions().timeZone). */
  time_zone: TimeZone,
};

/**
 * POST /diaries/{diaryId}/entries/. The server adds: the end is after the
 * start, an entry lasts at most 7 days, every category is the owner's.
 */
export const EntryCreate = z.object({
  ...entryFields,
  feeling: Feeling.default(DEFAULT_FEELING),
  feedback: entryFields.feedback.default(''),
  time_zone: TimeZone.default(DEFAULT_TIME_ZONE),
});
export type EntryCreate = z.infer<typeof EntryCreate>;
export type EntryCreateInput = z.input<typeof EntryCreate>;

/** PATCH /diaries/entries/{id}/: any subset; the rules apply to the merged entry. */
export const EntryUpdate = z.object({
  title: entryFields.title.optional(),
  feeling: entryFields.feeling.optional(),
  start_date: entryFields.start_date.optional(),
  start_time: entryFields.start_time.optional(),
  end_date: entryFields.end_date.optional(),
  end_time: entryFields.end_time.optional(),
  category: entryFields.category.optional(),
  place: entryFields.place.optional(),
  note: entryFields.note.optional(),
  feedback: entryFields.feedback.optional(),
  time_zone: entryFields.time_zone.optional(),
});
export type EntryUpdate = z.infer<typeof EntryUpdate>;
export type EntryUpdateInput = z.input<typeof EntryUpdate>;

/**
 * Entries list filters. start_date and end_date are local dates in
 * `time_zone` (both inclusive); an entry is listed when it overlaps the range.
 * `category` is one id or several joined by commas (any of them).
 */
export const EntryListQuery = z.object({
  start_date: z.string().trim().refine(isIsoDate, ENTRY_MESSAGES.dateFormat).optional(),
  end_date: z.string().trim().refine(isIsoDate, ENTRY_MESSAGES.dateFormat).optional(),
  feeling: Feeling.optional(),
  category: z
    .string()
    .trim()
    .regex(/^\d+(,\d+)*$/, 'Enter a category id or ids joined by commas.')
    .refine(
      (v) => v.split(',').every((id) => Number(id) <= MAX_ID),
      'Enter a category id or ids joined by commas.',
    )
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .optional(),
  time_zone: TimeZone.default(DEFAULT_TIME_ZONE),
});
export type EntryListQuery = z.infer<typeof EntryListQuery>;
export type EntryListQueryInput = z.input<typeof EntryListQuery>;

export const DiaryPathParams = z.object({ diaryId: Id });
export const IdPathParams = z.object({ id: Id });

// ---------------------------------------------------------------------------
// Analysis: GET /diaries/analysis/?days=7|30|365

export const AnalysisQuery = z.object({
  days: z.coerce
    .number()
    .refine((n): n is AnalysisWindow => (ANALYSIS_WINDOWS as readonly number[]).includes(n), {
      message: 'Choose 7, 30 or 365 days.',
    })
    .default(7),
});
export type AnalysisQuery = z.infer<typeof AnalysisQuery>;

export const JAR_STATUSES = ['below_target', 'on_target', 'above_target'] as const;
export const JarStatus = z.enum(JAR_STATUSES);
export type JarStatus = z.infer<typeof JarStatus>;
export const JAR_STATUS_LABELS: Record<JarStatus, string> = {
  below_target: 'below target',
  on_target: 'on target',
  above_target: 'above target',
};

export const JAR_COLOURS = ['green', 'yellow', 'red'] as const;
export const JarColour = z.enum(JAR_COLOURS);
export type JarColour = z.infer<typeof JarColour>;

export const SLEEP_ADVICE = ['sleep_more', 'reasonable', 'too_much'] as const;
export const SleepAdvice = z.enum(SLEEP_ADVICE);
export type SleepAdvice = z.infer<typeof SleepAdvice>;
export const SLEEP_ADVICE_LABELS: Record<SleepAdvice, string> = {
  sleep_more: 'should sleep more',
  reasonable: 'reasonable',
  too_much: 'too much',
};

export const JarAnalysis = z.object({
  id: z.number().int(),
  key: JarKey,
  name: z.string(),
  minutes: z.number(),
  /** Share of waking (non-sleep) time in percent, unrounded; null for sleep. */
  percent: z.number().nullable(),
  /** The jar's ratio; null for sleep and unclassified. */
  target: z.number().int().nullable(),
  /** null for sleep and unclassified. */
  status: JarStatus.nullable(),
  colour: JarColour.nullable(),
});
export type JarAnalysis = z.infer<typeof JarAnalysis>;

export const Analysis = z.object({
  days: z.number().int(),
  window_start: z.string(),
  window_end: z.string(),
  /** All diary time in the window, and the part of it that is not sleep. */
  total_minutes: z.number(),
  waking_minutes: z.number(),
  /** Every jar, in display order with unclassified last. */
  jars: z.array(JarAnalysis),
  sleep: z.object({
    minutes: z.number(),
    hours_per_day: z.number(),
    advice: SleepAdvice,
    advice_label: z.string(),
  }),
  /** The user's categories without a jar (the screen warns when any exist). */
  unclassified_categories: z.array(EntryCategory),
});
export type Analysis = z.infer<typeof Analysis>;
