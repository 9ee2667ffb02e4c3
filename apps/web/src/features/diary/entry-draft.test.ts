import { afterEach, describe, expect, it } from 'vitest';
import {
  autosaveEntryForm,
  clearEntryDrafts,
  discardEntryDraftsExcept,
  ENTRY_DRAFT_KEY,
  isBlankEntry,
  openEntryForm,
  readAutosavedEntryForm,
  readEntryDraft,
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
    autosaveEntryForm('form-1', DRAFT);
    saveEntryDraft(DRAFT);
    expect(readAutosavedEntryForm()).toEqual({ formId: 'form-1', values: DRAFT });
    clearEntryDrafts();
    expect(readAutosavedEntryForm()).toBeNull();
    expect(takeEntryDraft()).toBeNull();
  });
});

describe('openEntryForm', () => {
  afterEach(() => localStorage.clear());
  const OLD = { ...EMPTY_ENTRY_VALUES, title: 'Kiểm tra máy ép', place: 'Xưởng 2', note: 'Áp suất' };
  const fresh = () => 'new-form';

  it('takes the flagged draft first, then the initial data, each without an offer', () => {
    autosaveEntryForm('old-form', OLD);
    saveEntryDraft(DRAFT);
    expect(openEntryForm({ restoreDraft: true, initialData: { title: 'Given' } }, fresh)).toEqual({
      formId: 'new-form',
      values: DRAFT,
      offer: null,
    });
    expect(openEntryForm({ initialData: { title: 'Given' } }, fresh)).toEqual({
      formId: 'new-form',
      values: { ...EMPTY_ENTRY_VALUES, title: 'Given' },
      offer: null,
    });
  });

  it('gives a reload (the same form) its autosave back as it was', () => {
    autosaveEntryForm('form-1', OLD);
    expect(openEntryForm({ entryFormId: 'form-1' }, fresh)).toEqual({
      formId: 'form-1',
      values: OLD,
      offer: null,
    });
  });

  it('opens a new form empty and only offers the autosave of a form left unsaved', () => {
    autosaveEntryForm('form-1', OLD);
    expect(openEntryForm({}, fresh)).toEqual({ formId: 'new-form', values: EMPTY_ENTRY_VALUES, offer: OLD });
    // Another form (Back/Forward to an older one) is not this one either.
    expect(openEntryForm({ entryFormId: 'form-2' }, fresh).offer).toEqual(OLD);
  });

  it('offers a draft whose trip to category management never came back', () => {
    saveEntryDraft(DRAFT);
    expect(openEntryForm({}, fresh)).toMatchObject({ values: EMPTY_ENTRY_VALUES, offer: DRAFT });
  });

  it('offers nothing when what was kept is blank, and falls back when the flagged draft is gone', () => {
    autosaveEntryForm('form-1', { ...EMPTY_ENTRY_VALUES, feeling: 'sad', title: '  ' });
    expect(openEntryForm({}, fresh).offer).toBeNull();
    expect(isBlankEntry(EMPTY_ENTRY_VALUES)).toBe(true);
    expect(isBlankEntry({ ...EMPTY_ENTRY_VALUES, category: ['1'] })).toBe(false);
    autosaveEntryForm('form-1', OLD);
    expect(openEntryForm({ restoreDraft: true, initialData: { title: 'Given' } }, fresh).values.title).toBe(
      'Given',
    );
    expect(openEntryForm({ restoreDraft: true }, fresh)).toMatchObject({
      values: EMPTY_ENTRY_VALUES,
      offer: OLD,
    });
  });

  it('discarding drops the kept drafts but not what the current form autosaved', () => {
    saveEntryDraft(DRAFT);
    autosaveEntryForm('old-form', OLD);
    discardEntryDraftsExcept('new-form');
    expect(readEntryDraft()).toBeNull();
    expect(readAutosavedEntryForm()).toBeNull();
    autosaveEntryForm('new-form', DRAFT);
    discardEntryDraftsExcept('new-form');
    expect(readAutosavedEntryForm()?.values).toEqual(DRAFT);
  });
});
