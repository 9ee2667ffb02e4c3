// GET /api/diaries/analysis/charts/?days=7|30|365&time_zone=: the numbers behind the dashboard's charts,
// in the browser's time zone (its local days and weeks), kept under the analysis's query keys so that
// every diary write that refreshes the jar cards refreshes the charts too.
import { AnalysisCharts, type AnalysisWindow } from '@staff/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ANALYSIS_PATH, diaryKeys } from '../api/diary-keys';
import { browserTimeZone } from '../date-range';

export const ANALYSIS_CHARTS_PATH = `${ANALYSIS_PATH}charts/`;

export function analysisChartsQueryOptions(days: AnalysisWindow, timeZone: string = browserTimeZone()) {
  return queryOptions({
    queryKey: [...diaryKeys.analyses(), 'charts', days, timeZone] as const,
    queryFn: ({ signal }) =>
      api.get(`${ANALYSIS_CHARTS_PATH}?days=${days}&time_zone=${encodeURIComponent(timeZone)}`, {
        schema: AnalysisCharts,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAnalysisCharts(days: AnalysisWindow) {
  return useQuery(analysisChartsQueryOptions(days));
}
