// Stocks and exchanges for the stock administration screens' tests, in the API's shape.
import type { Exchange, Stock } from '@staff/contracts';

export const EXCHANGES: Exchange[] = [
  { id: 1, code: 'HOSE', name: 'Sở Giao dịch Chứng khoán TP.HCM', board: 'HSX' },
  { id: 2, code: 'HNX', name: 'Sở Giao dịch Chứng khoán Hà Nội', board: 'HNX' },
  { id: 3, code: 'UPCOM', name: 'Thị trường UPCoM', board: 'UPCOM' },
];

export function testStock(ticker: string, fields: Partial<Stock> = {}): Stock {
  const exchange = EXCHANGES.find((e) => e.id === (fields.exchange_id ?? 1)) as Exchange;
  return {
    id: ticker.charCodeAt(0) * 100 + ticker.length,
    ticker,
    name: `Công ty ${ticker}`,
    exchange_id: exchange.id,
    exchange,
    lot_size: 100,
    sector: '',
    is_active: true,
    ...fields,
  };
}

/** A catalogue page as GET /api/stocks/catalogue/ answers it. */
export const cataloguePage = (stocks: Stock[]) => ({
  count: stocks.length,
  next: null,
  previous: null,
  results: stocks,
});
