// The entry form's values, their validation against the contract, and the payload sent to the API.
import {
  DEFAULT_FEELING,
  type Entry,
  EntryCreate,
  type EntryCreateInput,
  type Feeling,
} from '@staff/contracts';
import { toHhMm } from './entry-format';

export interface EntryFormValues {
  title: string;
  feeling: Feeling;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  /** Category ids as strings (what MultiSelect holds). */
  category: string[];
  place: string;
  note: string;
  feedback: string;
}

export const EMPTY_ENTRY_VALUES: EntryFormValues = {
  title: '',
  feeling: DEFAULT_FEELING,
  start_date: '',
  start_time: '',
  end_date: '',
  end_time: '',
  category: [],
  place: '',
  note: '',
  feedback: '',
};

export const ENTRY_FIELDS = Object.keys(EMPTY_ENTRY_VALUES) as (keyof EntryFormValues)[];

export function entryValuesOf(entry: Entry): EntryFormValues {
  return {
    title: entry.title,
    feeling: entry.feeling,
    start_date: entry.start_date,
    start_time: toHhMm(entry.start_time),
    end_date: entry.end_date,
    end_time: toHhMm(entry.end_time),
    category: entry.category.map((c) => String(c.id)),
    place: entry.place,
    note: entry.note,
    feedback: entry.feedback,
  };
}

export function entryPayload(values: EntryFormValues, timeZone: string): EntryCreateInput {
  return {
    ...values,
    start_time: toHhMm(values.start_time),
    end_time: toHhMm(values.end_time),
    category: values.category.map(Number),
    time_zone: timeZone,
  };
}

/** The first message per field, from the same schema the server validates with (spec section 5). */
export function validateEntryValues(values: EntryFormValues): Partial<Record<keyof EntryFormValues, string>> {
  const result = EntryCreate.safeParse(entryPayload(values, 'UTC'));
  const errors: Partial<Record<keyof EntryFormValues, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof EntryFormValues | undefined;
    if (field && ENTRY_FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Values read back from storage, keeping only known fields of the right type. */
export function parseEntryValues(raw: unknown): EntryFormValues | null {
  if (!raw || typeof raw !== 'object') return null;
  const source = raw as Record<string, unknown>;
  const values: EntryFormValues = { ...EMPTY_ENTRY_VALUES };
  for (const field of ENTRY_FIELDS) {
    const value = source[field];
    if (field === 'category') {
      if (Array.isArray(value)) values.category = value.filter((v): v is string => typeof v === 'string');
    } else if (typeof value === 'string') {
      (values as unknown as Record<string, string>)[field] = value;
    }
  }
  return values;
}

/** The place and feeling of the latest entry (by its start): what a new entry most likely shares. */
export function lastUsedPlaceAndFeeling(entries: readonly Entry[]): { place: string; feeling: Feeling } {
  let latest: Entry | undefined;
  for (const entry of entries) {
    if (!latest || Date.parse(entry.start_at) > Date.parse(latest.start_at)) latest = entry;
  }
  return latest ? { place: latest.place, feeling: latest.feeling } : { place: '', feeling: DEFAULT_FEELING };
}
