// The create-entry draft (spec section 4): saved before the trip to category management and restored
// once on return (localStorage); also kept per tab while typing (sessionStorage) so a reload loses nothing.
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
}

function read(storage: Storage, key: string): EntryFormValues | null {
  try {
    const raw = storage.getItem(key);
    return raw ? parseEntryValues(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, values: EntryFormValues): void {
  try {
    storage.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full or disabled: the draft is a convenience, the form still works.
  }
}

export function saveEntryDraft(values: EntryFormValues): void {
  write(localStorage, ENTRY_DRAFT_KEY, values);
}

export function readEntryDraft(): EntryFormValues | null {
  return read(localStorage, ENTRY_DRAFT_KEY);
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

export function autosaveEntryForm(values: EntryFormValues): void {
  write(sessionStorage, ENTRY_AUTOSAVE_KEY, values);
}

export function readAutosavedEntryForm(): EntryFormValues | null {
  return read(sessionStorage, ENTRY_AUTOSAVE_KEY);
}

/** After a successful submit nothing of the entry is kept. */
export function clearEntryDrafts(): void {
  localStorage.removeItem(ENTRY_DRAFT_KEY);
  sessionStorage.removeItem(ENTRY_AUTOSAVE_KEY);
}

/**
 * What the create form opens with. The flagged draft (spec §4) and initial data in navigation state
 * (spec §2) are what the user just asked for, so they win over the per-tab autosave, which is only
 * for a reload; the autosave is used when neither is given.
 */
export function initialEntryValues(state: {
  restoreDraft?: boolean;
  initialData?: Partial<EntryFormValues>;
}): EntryFormValues {
  const draft = state.restoreDraft ? readEntryDraft() : null;
  if (draft) return draft;
  const given = state.initialData ? parseEntryValues({ ...EMPTY_ENTRY_VALUES, ...state.initialData }) : null;
  if (given) return given;
  return readAutosavedEntryForm() ?? EMPTY_ENTRY_VALUES;
}
