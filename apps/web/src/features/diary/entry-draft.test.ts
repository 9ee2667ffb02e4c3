import { afterEach, describe, expect, it } from 'vitest';
import {
  autosaveEntryForm,
  clearEntryDrafts,
  ENTRY_DRAFT_KEY,
  initialEntryValues,
  readAutosavedEntryForm,
  saveEntryDraft,
  takeEntryDraft,
} from './entry-draft';
import { EMPTY_ENTRY_VALUES, type EntryFormValues } from './entry-form-values';

const DRAFT: EntryFormValues = {
  ...EMPTY_ENTRY_VALUES,
  title: 'Morning run',
  feeling: 'excited',
  start_date: '2024-06-15',
  start_time: '06:00',
  category: ['3', '7'],
  note: 'Lake loop',
};

afterEach(() => sessionStorage.clear());

describe('entry draft', () => {
  it('is restored once, then removed', () => {
    saveEntryDraft(DRAFT);
    expect(takeEntryDraft()).toEqual(DRAFT);
    expect(localStorage.getItem(ENTRY_DRAFT_KEY)).toBeNull();
    expect(takeEntryDraft()).toBeNull();
  });

  it('ignores broken or foreign data, keeping the known fields', () => {
    localStorage.setItem(ENTRY_DRAFT_KEY, '{not json');
    expect(takeEntryDraft()).toBeNull();
    localStorage.setItem(ENTRY_DRAFT_KEY, JSON.stringify({ title: 'A', category: [1, '2'], extra: 1 }));
    expect(takeEntryDraft()).toEqual({ ...EMPTY_ENTRY_VALUES, title: 'A', category: ['2'] });
  });

  it('survives a reload through the per-tab autosave and is cleared after a submit', () => {
    autosaveEntryForm(DRAFT);
    saveEntryDraft(DRAFT);
    expect(readAutosavedEntryForm()).toEqual(DRAFT);
    clearEntryDrafts();
    expect(readAutosavedEntryForm()).toBeNull();
    expect(takeEntryDraft()).toBeNull();
  });
});

describe('initialEntryValues', () => {
  afterEach(() => localStorage.clear());
  const OLD = { ...EMPTY_ENTRY_VALUES, title: 'Old autosave' };

  it('takes the flagged draft first, then the initial data, then the autosave', () => {
    autosaveEntryForm(OLD);
    saveEntryDraft(DRAFT);
    expect(initialEntryValues({ restoreDraft: true, initialData: { title: 'Given' } })).toEqual(DRAFT);
    expect(initialEntryValues({ initialData: { title: 'Given' } })).toEqual({
      ...EMPTY_ENTRY_VALUES,
      title: 'Given',
    });
    expect(initialEntryValues({})).toEqual(OLD);
  });

  it('falls back when the flagged draft is gone, and starts empty without anything', () => {
    autosaveEntryForm(OLD);
    expect(initialEntryValues({ restoreDraft: true, initialData: { title: 'Given' } }).title).toBe('Given');
    expect(initialEntryValues({ restoreDraft: true })).toEqual(OLD);
    sessionStorage.clear();
    expect(initialEntryValues({})).toEqual(EMPTY_ENTRY_VALUES);
  });
});
