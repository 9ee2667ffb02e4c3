// Stock administration (issue 26): the catalogue's paged list with inactive stocks, editing and
// deactivating a stock, for the roles that create stocks and price records (admin, manager); the
// holiday table is the administrator's. The shapes of stocks, price records and holidays themselves
// are in stocks.ts.
import { z } from 'zod';
// zod speaks the API's (DRF's) words before any schema here is used, in whatever bundle loads this
// module alone (the web's chunks load only the contracts modules their screens import).
import './errors';
import { pageQuery, paginated } from './paging';
import { ExchangeCode, Stock, StockCreate } from './stocks';
import { BooleanString } from './users';

export const STOCK_CATALOGUE_PAGE_SIZES = [20, 50, 100] as const;
export const STOCK_CATALOGUE_DEFAULT_PAGE_SIZE = 20;
export const STOCK_CATALOGUE_SEARCH_MAX_LENGTH = 100;

/**
 * GET /api/stocks/catalogue/: every stock, active or not, by ticker; `search` matches a ticker prefix
 * or the name (accents and case ignored), `exchange` and `is_active` filter.
 */
export const StockCatalogueQuery = z.object({
  search: z.string().trim().max(STOCK_CATALOGUE_SEARCH_MAX_LENGTH).optional(),
  exchange: ExchangeCode.optional(),
  is_active: BooleanString.optional(),
  ...pageQuery(STOCK_CATALOGUE_PAGE_SIZES, STOCK_CATALOGUE_DEFAULT_PAGE_SIZE),
});
export type StockCatalogueQuery = z.infer<typeof StockCatalogueQuery>;

export const StockPage = paginated(Stock);
export type StockPage = z.infer<typeof StockPage>;

/**
 * PATCH /api/stocks/stocks/{ticker}/: any of the creation's fields but the ticker, which is the
 * stock's key (its page's address, the watchlists' items); deactivating is `is_active: false`.
 * Each field is checked as on creation, without the creation's defaults.
 */
export const StockUpdate = z.object({
  name: StockCreate.shape.name.optional(),
  exchange_id: StockCreate.shape.exchange_id.optional(),
  lot_size: z.coerce.number().int().positive().max(1_000_000).optional(),
  sector: z.string().trim().max(100).optional(),
  is_active: z.boolean().optional(),
});
export type StockUpdate = z.infer<typeof StockUpdate>;
export type StockUpdateInput = z.input<typeof StockUpdate>;

export const STOCK_ADMIN_MESSAGES = {
  /** 412: the stock was saved by someone else after the form was filled. */
  changedSinceRead: 'This stock was changed by someone else since you opened it.',
} as const;
