// What the stock screens must say about their prices (issue 26, honest demo labels): the market-data
// mode the server runs in (MARKET_DATA, read once by config.ts) and the quote sources it writes.
import type { MarketDataMode, StocksStatus } from '@staff/contracts';
import { DEMO } from '../providers/demo';
import { KBS } from '../providers/kbs';
import { VCI } from '../providers/vci';

/** The quote sources each mode writes: the demo generator, or VCI's board and KBS's daily bars. */
const MODE_SOURCES: Record<MarketDataMode, string[]> = { demo: [DEMO], live: [VCI, KBS] };

export function createStatusService({ marketData }: { marketData: MarketDataMode }) {
  const status: StocksStatus = {
    market_data: marketData,
    demo: marketData === 'demo',
    sources: MODE_SOURCES[marketData],
  };
  return {
    status(): StocksStatus {
      return status;
    },
  };
}

export type StatusService = ReturnType<typeof createStatusService>;
