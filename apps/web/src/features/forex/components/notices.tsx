// What the board says about where its prices come from: demo data, and a source gone quiet.
import { Alert } from '@mantine/core';
import type { ForexLatest } from '@staff/contracts';
import { IconClockExclamation, IconInfoCircle } from '@tabler/icons-react';
import { formatQuoteTime } from '../format';

const SOURCE_NAMES: Record<string, string> = {
  demo: 'dữ liệu minh hoạ',
  vcb: 'Vietcombank',
  sjc: 'SJC',
  phuquy: 'Phú Quý',
  pnj: 'PNJ',
  import: 'tệp nhập (CSV)',
};

export function sourceName(source: string): string {
  return SOURCE_NAMES[source] ?? source;
}

export function SourceNotices({ latest }: { latest: ForexLatest | undefined }) {
  if (!latest) return null;
  return (
    <>
      {latest.demo && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle />}
          title="Dữ liệu minh hoạ (demo)"
          data-testid="demo-notice"
        >
          Giá của {latest.symbol} là dữ liệu mô phỏng, không phải giá thị trường. Đặt MARKET_DATA=live để lấy
          giá thật từ Vietcombank, SJC và Phú Quý.
        </Alert>
      )}
      {latest.stale && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconClockExclamation />}
          title="Giá có thể đã cũ"
          data-testid="stale-notice"
        >
          {sourceName(latest.source)} chưa gửi giá mới cho {latest.symbol} từ{' '}
          {formatQuoteTime(latest.arrived_at)}.
        </Alert>
      )}
    </>
  );
}
