// The create-entry draft (spec section 4): saved before the trip to category management and restored
// once on return (localStorage); also kept per tab while typing (sessionStorage) so a reload loses
// nothing. The autosave belongs to one opening of the form (an id kept in that history entry's
// state): a reload or Back/Forward to that same form gets it back as it was, but a new entry opened
// later ('+ Add New Entry') starts empty and only *offers* a kept draft, never fills it in silently
// (decision 0015).
import { EMPTY_ENTRY_VALUES, type EntryFormValues, parseEntryValues } from './entry-form-values';

export const ENTRY_DRAFT_KEY = 'diary.entryDraft';
export const ENTRY_AUTOSAVE_KEY = 'diary.entryForm';

/** Navigation state of the trip: sent to /diary/categories, and back to the form. */
export interface CategoryTripState {
  returnTo?: string;
  fromEntryForm?: boolean;
}
export interface EntryFormReturnState {
  restoreDraft?: boolean;
  /** Which opening of the form this history entry shows (set by the form itself). */
  entryFormId?: string;
}

interface Autosave {
  formId: string | null;
  values: EntryFormValues;
}

function readRaw(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the draft is a convenience, the form still works.
  }
}

export function saveEntryDraft(values: EntryFormValues): void {
  write(localStorage, ENTRY_DRAFT_KEY, values);
}

export function readEntryDraft(): EntryFormValues | null {
  return parseEntryValues(readRaw(localStorage, ENTRY_DRAFT_KEY));
}

export function removeEntryDraft(): void {
  localStorage.removeItem(ENTRY_DRAFT_KEY);
}

/** Reads the draft and removes it: it is restored once. */
export function takeEntryDraft(): EntryFormValues | null {
  const values = readEntryDraft();
  removeEntryDraft();
  return values;
}

/** Keeps what the form `formId` holds, for a reload of that same form. */
export function autosaveEntryForm(formId: string, values: EntryFormValues): void {
  write(sessionStorage, ENTRY_AUTOSAVE_KEY, { formId, values } satisfies Autosave);
}

export function readAutosavedEntryForm(): Autosave | null {
  const raw = readRaw(sessionStorage, ENTRY_AUTOSAVE_KEY);
  if (!raw || typeof raw !== 'object') return null;
  const { formId, values } = raw as Record<string, unknown>;
  const parsed = parseEntryValues(values);
  return parsed ? { formId: typeof formId === 'string' ? formId : null, values: parsed } : null;
}

/** After a successful submit, a Cancel or a discarded offer, nothing of the entry is kept. */
export function clearEntryDrafts(): void {
  localStorage.removeItem(ENTRY_DRAFT_KEY);
  sessionStorage.removeItem(ENTRY_AUTOSAVE_KEY);
}

/** Drops the kept drafts but not the autosave of the form `formId` (what is being typed now). */
export function discardEntryDraftsExcept(formId: string): void {
  localStorage.removeItem(ENTRY_DRAFT_KEY);
  if (readAutosavedEntryForm()?.formId !== formId) sessionStorage.removeItem(ENTRY_AUTOSAVE_KEY);
}

/** True when nothing was typed: the values a new form opens with. */
export function isBlankEntry(values: EntryFormValues): boolean {
  return (Object.keys(EMPTY_ENTRY_VALUES) as (keyof EntryFormValues)[]).every((field) =>
    field === 'category' ? values.category.length === 0 : field === 'feeling' || values[field].trim() === '',
  );
}

export function newEntryFormId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export interface EntryFormOpening {
  formId: string;
  /** What the form opens with. */
  values: EntryFormValues;
  /** A draft kept from an earlier, unsaved form: offered with a visible choice, not filled in. */
  offer: EntryFormValues | null;
}

/**
 * What the create form opens with. The flagged draft (spec §4) and initial data in navigation state
 * (spec §2) are what the user just asked for. Otherwise this very form's autosave (a reload, or
 * Back/Forward to it) comes back as it was; any other kept draft — the autosave of a form left
 * without saving, or a draft whose trip to category management never came back — is only offered.
 */
export function openEntryForm(
  state: { restoreDraft?: boolean; initialData?: Partial<EntryFormValues>; entryFormId?: string },
  makeId: () => string = newEntryFormId,
): EntryFormOpening {
  const formId = state.entryFormId ?? makeId();
  const draft = state.restoreDraft ? readEntryDraft() : null;
  if (draft) return { formId, values: draft, offer: null };
  const given = state.initialData ? parseEntryValues({ ...EMPTY_ENTRY_VALUES, ...state.initialData }) : null;
  if (given) return { formId, values: given, offer: null };
  const autosave = readAutosavedEntryForm();
  if (autosave && state.entryFormId && autosave.formId === state.entryFormId) {
    return { formId, values: autosave.values, offer: null };
  }
  const kept = [autosave?.values, readEntryDraft()].find((v) => v && !isBlankEntry(v)) ?? null;
  return { formId, values: EMPTY_ENTRY_VALUES, offer: kept };
}
