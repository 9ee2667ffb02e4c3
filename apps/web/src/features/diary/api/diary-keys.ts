// Paths and query keys of the diary; every key starts with diaryKeys.all so mutations invalidate by prefix.
import type { AnalysisWindow } from '@staff/contracts';

export const DIARY_API = '/api/diaries/';
export const JARS_PATH = `${DIARY_API}jars/`;
export const CATEGORIES_PATH = `${DIARY_API}categories/`;
export const DIARIES_PATH = `${DIARY_API}diaries/`;
export const ENTRIES_PATH = `${DIARY_API}entries/`;
export const ANALYSIS_PATH = `${DIARY_API}analysis/`;

export const jarPath = (id: number) => `${JARS_PATH}${id}/`;
export const categoryPath = (id: number) => `${CATEGORIES_PATH}${id}/`;
export const entryPath = (id: number) => `${ENTRIES_PATH}${id}/`;
export const diaryEntriesPath = (diaryId: number) => `${DIARY_API}${diaryId}/entries/`;

export interface EntryFilters {
  start_date: string;
  end_date: string;
  feeling: string | null;
  category: string | null;
}

export const diaryKeys = {
  all: ['diary'] as const,
  jars: () => [...diaryKeys.all, 'jars'] as const,
  categories: () => [...diaryKeys.all, 'categories'] as const,
  diaries: () => [...diaryKeys.all, 'diaries'] as const,
  entries: () => [...diaryKeys.all, 'entries'] as const,
  entryList: (diaryId: number, filters: EntryFilters) =>
    [...diaryKeys.entries(), 'list', diaryId, filters] as const,
  entry: (id: number) => [...diaryKeys.entries(), 'detail', id] as const,
  analyses: () => [...diaryKeys.all, 'analysis'] as const,
  analysis: (days: AnalysisWindow) => [...diaryKeys.analyses(), days] as const,
};
