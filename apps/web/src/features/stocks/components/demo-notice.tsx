// What the stock screens say about their prices (issue 26, honest demo labels): in demo mode (the
// server's default, MARKET_DATA=demo) the prices are generated, and every stock screen says so in
// the forex board's words; a LIVE badge on a generated quote says that it is demo. In live mode
// nothing here shows. The mode is the server's answer (GET /stocks/status/), never a guess.
import { Alert, Badge } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useStocksStatus } from '../chart-api';
import { marketTime } from '../format';

export const DEMO_WORDS = {
  title: 'Dữ liệu minh hoạ (demo)',
  /** The notice's text: of one ticker's prices, or of every price on the screen. */
  body: (ticker?: string) =>
    `${ticker ? `Giá của ${ticker}` : 'Giá cổ phiếu trên trang này'} là dữ liệu mô phỏng, không phải giá thị trường. Đặt MARKET_DATA=live để lấy giá thật từ VCI và KBS.`,
  badge: 'DEMO',
  badgeLabel: (time: string) => `LIVE ${time}, giá mô phỏng (demo)`,
} as const;

/** True only when the server says its stock prices are generated (false while it has not answered). */
export function useStocksDemo(): boolean {
  return useStocksStatus().data?.demo === true;
}

export interface DemoNoticeProps {
  /** Names the ticker ('Giá của VNM …') on a one-stock screen; without it, every price on the screen. */
  ticker?: string;
}

/** The notice a stock screen shows in demo mode; nothing in live mode or before the server answers. */
export function DemoNotice({ ticker }: DemoNoticeProps) {
  if (!useStocksDemo()) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle />}
      title={DEMO_WORDS.title}
      data-testid="demo-notice"
    >
      {DEMO_WORDS.body(ticker)}
    </Alert>
  );
}

export interface LiveBadgeProps {
  /** The live quote's time (the snapshot's `live_as_of`). */
  asOf: string;
  /** Whether the quote is generated; by default the server's mode (`useStocksDemo`). */
  demo?: boolean;
}

/** The spec's 'LIVE {time}' badge; on a generated quote it also says DEMO, in another colour. */
export function LiveBadge({ asOf, demo }: LiveBadgeProps) {
  const serverDemo = useStocksDemo();
  const time = marketTime(asOf);
  if (!(demo ?? serverDemo)) {
    return (
      <Badge color="red" variant="filled" size="sm" aria-label={`LIVE ${time}`}>
        LIVE {time}
      </Badge>
    );
  }
  return (
    <Badge
      color="orange"
      variant="filled"
      size="sm"
      aria-label={DEMO_WORDS.badgeLabel(time)}
      data-demo="true"
    >
      LIVE {time} · {DEMO_WORDS.badge}
    </Badge>
  );
}
