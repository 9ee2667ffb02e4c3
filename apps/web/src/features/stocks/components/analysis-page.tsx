// /watchlists/{id}/analysis: for the list's tickers, the change since the previous close and since
// the week's and the month's open, and each ticker's weight had equal amounts been bought at the
// month's open; below, each ticker's change over the month as a chart (issue 26), and the demo
// notice when the prices are generated.
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import { type CardItem, useCards } from '../api';
import { useBarsSince } from '../chart-api';
import { changePercent, formatNumber, formatPercent, withLiveQuote } from '../format';
import { useLiveQuotes } from '../live';
import { changeLine, monthOf } from '../month-change';
import { DemoNotice } from './demo-notice';
import { MonthChangeChart } from './month-change-chart';
import { WatchlistsLink } from './watchlists-link';

export interface AnalysisRow {
  ticker: string;
  name: string;
  price: number | null;
  day: number | null;
  week: number | null;
  month: number | null;
  /** Share of an equal-amount portfolio bought at each month open, valued now (percent). */
  weight: number | null;
}

/** The analysis table's rows and the equal-weight averages. */
export function analyse(cards: CardItem[]): {
  rows: AnalysisRow[];
  average: Omit<AnalysisRow, 'ticker' | 'name' | 'price' | 'weight'>;
} {
  const growth = cards.map((c) => {
    const s = c.snapshot;
    return s && s.current_price !== null && s.month_open ? s.current_price / s.month_open : null;
  });
  const total = growth.reduce<number>((sum, g) => sum + (g ?? 0), 0);
  const rows = cards.map((c, i) => {
    const s = c.snapshot;
    const price = s?.current_price ?? null;
    const g = growth[i] ?? null;
    return {
      ticker: c.ticker,
      name: c.name,
      price,
      day: changePercent(price, s?.prev_close ?? null),
      week: changePercent(price, s?.week_open ?? null),
      month: changePercent(price, s?.month_open ?? null),
      weight: g === null || total === 0 ? null : (g / total) * 100,
    };
  });
  const mean = (key: 'day' | 'week' | 'month') => {
    const values = rows.map((r) => r[key]).filter((v): v is number => v !== null);
    return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
  };
  return { rows, average: { day: mean('day'), week: mean('week'), month: mean('month') } };
}

export function WatchlistAnalysisPage() {
  const id = Number(useParams().id);
  const cards = useCards(Number.isInteger(id) && id > 0 ? id : null);
  const live = useLiveQuotes((cards.data?.cards ?? []).map((c) => c.ticker));
  useDocumentTitle('Phân tích danh mục');
  const items = useMemo(
    () =>
      (cards.data?.cards ?? []).map((c) => {
        const q = live[c.ticker];
        return { ...c, snapshot: c.snapshot && q ? withLiveQuote(c.snapshot, q) : c.snapshot };
      }),
    [cards.data, live],
  );
  const result = useMemo(() => analyse(items), [items]);
  const month = monthOf(items.map((c) => c.snapshot));
  const bars = useBarsSince(
    items.map((c) => c.ticker),
    month,
  );
  const lines = useMemo(
    () => (month ? items.map((c, i) => changeLine(c.ticker, i, c.snapshot, bars.data[i], month)) : []),
    [items, month, bars.data],
  );

  if (cards.isPending) return <PageLoader />;
  if (cards.isError) {
    return (
      <Stack>
        <Title order={1} size="h2">
          Phân tích
        </Title>
        {cards.error instanceof ApiError && cards.error.status === 404 ? (
          <Text c="dimmed">Không tìm thấy danh mục này.</Text>
        ) : (
          <LoadErrorAlert
            title="Không tải được phân tích."
            error={cards.error}
            onRetry={() => cards.refetch()}
          />
        )}
        <WatchlistsLink />
      </Stack>
    );
  }
  return (
    <Stack>
      <WatchlistsLink size="sm" />
      <Title order={1} size="h2">
        Phân tích — {cards.data.name}
      </Title>
      <DemoNotice />
      <Text size="sm" c="dimmed">
        Tỷ trọng: phần của mỗi mã nếu đầu tháng mua mỗi mã một số tiền bằng nhau, tính theo giá hiện tại.
      </Text>
      {result.rows.length === 0 ? (
        <Text c="dimmed">No items</Text>
      ) : (
        <Table striped withTableBorder aria-label="Phân tích danh mục">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mã</Table.Th>
              <Table.Th>Giá</Table.Th>
              <Table.Th>So với hôm qua</Table.Th>
              <Table.Th>Từ đầu tuần</Table.Th>
              <Table.Th>Từ đầu tháng</Table.Th>
              <Table.Th>Tỷ trọng</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.rows.map((r) => (
              <Table.Tr key={r.ticker}>
                <Table.Td>
                  <Anchor component={Link} to={`/stocks/${r.ticker}`} fw={600}>
                    {r.ticker}
                  </Anchor>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {r.name}
                  </Text>
                </Table.Td>
                <Table.Td>{formatNumber(r.price)}</Table.Td>
                <Table.Td>{formatPercent(r.day)}</Table.Td>
                <Table.Td>{formatPercent(r.week)}</Table.Td>
                <Table.Td>{formatPercent(r.month)}</Table.Td>
                <Table.Td>
                  {r.weight === null ? '—' : `${formatNumber(Math.round(r.weight * 10) / 10)}%`}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Bình quân</Table.Th>
              <Table.Th />
              <Table.Th>{formatPercent(result.average.day)}</Table.Th>
              <Table.Th>{formatPercent(result.average.week)}</Table.Th>
              <Table.Th>{formatPercent(result.average.month)}</Table.Th>
              <Table.Th>100%</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      )}
      {month && result.rows.length > 0 ? (
        bars.error ? (
          <LoadErrorAlert title="Không tải được giá trong tháng." error={bars.error} onRetry={bars.retry} />
        ) : !bars.isPending ? (
          <MonthChangeChart lines={lines} month={month} />
        ) : (
          <PageLoader label="Đang tải giá trong tháng..." />
        )
      ) : null}
    </Stack>
  );
}
