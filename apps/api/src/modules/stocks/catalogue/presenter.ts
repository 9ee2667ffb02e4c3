// Decides how a stock leaves the server: with its exchange.
import type { Stock } from '@staff/contracts';
import type { StockRow } from './repo';

export function presentStock(r: StockRow): Stock {
  return {
    id: r.id,
    ticker: r.ticker,
    name: r.name,
    exchange_id: r.exchange_id,
    exchange: { id: r.exchange_id, code: r.exchange_code, name: r.exchange_name, board: r.exchange_board },
    lot_size: r.lot_size,
    sector: r.sector,
    is_active: r.is_active,
  };
}
