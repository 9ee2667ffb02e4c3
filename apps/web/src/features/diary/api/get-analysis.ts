// GET /api/diaries/analysis/?days=7|30|365: time per jar against the targets.
import { Analysis, type AnalysisWindow } from '@staff/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ANALYSIS_PATH, diaryKeys } from './diary-keys';

export function fetchAnalysis(days: AnalysisWindow, signal?: AbortSignal) {
  return api.get(`${ANALYSIS_PATH}?days=${days}`, { schema: Analysis, signal });
}

export function analysisQueryOptions(days: AnalysisWindow) {
  return queryOptions({
    queryKey: diaryKeys.analysis(days),
    queryFn: ({ signal }) => fetchAnalysis(days, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAnalysis(days: AnalysisWindow) {
  return useQuery(analysisQueryOptions(days));
}
