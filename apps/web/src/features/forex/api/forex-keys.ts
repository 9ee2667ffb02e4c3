// Paths and query keys of the forex board; every key starts with forexKeys.all.
import type { ForexRange } from '@staff/contracts';

export const FOREX_API = '/api/forex/';
export const SYMBOLS_PATH = `${FOREX_API}symbols/`;
export const LATEST_PATH = `${FOREX_API}latest/`;
export const rangePath = (range: ForexRange) => `${FOREX_API}${range}/`;

export const forexKeys = {
  all: ['forex'] as const,
  symbols: () => [...forexKeys.all, 'symbols'] as const,
  series: (symbol: string, range: ForexRange) => [...forexKeys.all, 'series', symbol, range] as const,
  latest: (symbol: string) => [...forexKeys.all, 'latest', symbol] as const,
};
