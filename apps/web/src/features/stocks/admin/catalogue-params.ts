// The stock catalogue list's state lives in the URL query (page, page_size, search, exchange,
// is_active), so a reload and the browser's Back button keep it. Each parameter is read with the
// contracts' rule for it (StockCatalogueQuery, the one the server validates with), leniently: a
// value the rule refuses falls back to its default instead of failing the page.
import {
  type ExchangeCode,
  STOCK_CATALOGUE_DEFAULT_PAGE_SIZE,
  STOCK_CATALOGUE_SEARCH_MAX_LENGTH,
  StockCatalogueQuery,
} from '@staff/contracts';
import { readListParam as read, type UrlListParams } from '../../../lib/url-list-params';

export interface CatalogueParams {
  page: number;
  page_size: number;
  /** Trimmed; '' for no search. */
  search: string;
  exchange: ExchangeCode | null;
  is_active: boolean | null;
}

export const DEFAULT_CATALOGUE_PARAMS: CatalogueParams = {
  page: 1,
  page_size: STOCK_CATALOGUE_DEFAULT_PAGE_SIZE,
  search: '',
  exchange: null,
  is_active: null,
};

const QUERY = StockCatalogueQuery.shape;

export function parseCatalogueParams(query: URLSearchParams): CatalogueParams {
  return {
    page: read(QUERY.page, query.get('page'), DEFAULT_CATALOGUE_PARAMS.page),
    page_size: read(QUERY.page_size, query.get('page_size'), DEFAULT_CATALOGUE_PARAMS.page_size),
    search: (query.get('search') ?? '').trim().slice(0, STOCK_CATALOGUE_SEARCH_MAX_LENGTH),
    exchange: read(QUERY.exchange, query.get('exchange'), null),
    is_active: read(QUERY.is_active, query.get('is_active'), null),
  };
}

/**
 * The list's query, for the address bar (defaults left out, so the plain list is /stocks/admin) and
 * for the API call (page and page size spelt out, so the rows are the ones the pager counts).
 */
export function catalogueQuery(state: CatalogueParams, { omitDefaults }: { omitDefaults: boolean }) {
  const query = new URLSearchParams();
  if (state.search) query.set('search', state.search);
  if (state.exchange) query.set('exchange', state.exchange);
  if (state.is_active !== null) query.set('is_active', String(state.is_active));
  if (!omitDefaults || state.page !== DEFAULT_CATALOGUE_PARAMS.page) query.set('page', String(state.page));
  if (!omitDefaults || state.page_size !== DEFAULT_CATALOGUE_PARAMS.page_size)
    query.set('page_size', String(state.page_size));
  return query;
}

/** A new search, exchange, status or page size starts again at page 1. */
export function changeCatalogueParams(
  state: CatalogueParams,
  change: Partial<CatalogueParams>,
): CatalogueParams {
  const next = { ...state, ...change };
  const filtersChanged =
    next.search !== state.search ||
    next.exchange !== state.exchange ||
    next.is_active !== state.is_active ||
    next.page_size !== state.page_size;
  if (filtersChanged && change.page === undefined) next.page = 1;
  return next;
}

/** For useUrlListParams: a module-level constant. */
export const CATALOGUE_URL: UrlListParams<CatalogueParams> = {
  parse: parseCatalogueParams,
  queryAfter: (state, change) => catalogueQuery(changeCatalogueParams(state, change), { omitDefaults: true }),
};
