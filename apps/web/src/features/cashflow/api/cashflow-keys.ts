// Paths and query keys of the CashFlow results; every key starts with cashflowKeys.all so a
// stored game refreshes the history and the leaderboard by prefix.
export const CASHFLOW_API = '/api/cashflow/';
export const SESSIONS_PATH = `${CASHFLOW_API}sessions/`;
export const FINALIZE_PATH = `${SESSIONS_PATH}finalize/`;
export const LEADERBOARD_PATH = `${CASHFLOW_API}leaderboard/`;

export const cashflowKeys = {
  all: ['cashflow'] as const,
  sessions: () => [...cashflowKeys.all, 'sessions'] as const,
  sessionPage: (page: number, pageSize: number) => [...cashflowKeys.sessions(), page, pageSize] as const,
  leaderboards: () => [...cashflowKeys.all, 'leaderboard'] as const,
  /** Keyed by the query sent, so a change the query ignores (the year of 'all') fetches nothing. */
  leaderboard: (query: Record<string, string>) => [...cashflowKeys.leaderboards(), query] as const,
};
