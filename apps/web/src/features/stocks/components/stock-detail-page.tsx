// /stocks/{ticker}: the company, its exchange, the live snapshot and a daily price chart.
import { Badge, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { normaliseTicker } from '@staff/contracts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageLoader } from '../../../components/page-loader';
import { usePrices, useSnapshot, useStock } from '../api';
import { withLiveQuote } from '../format';
import { useLiveQuotes } from '../live';
import { PriceChart } from './price-chart';
import { StockCard } from './stock-card';
import { WatchlistsLink } from './watchlists-link';

const RANGES = { '3m': 92, '1y': 365, '3y': 3 * 365 } as const;
type Range = keyof typeof RANGES;

function since(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

export function StockDetailPage() {
  const ticker = normaliseTicker(useParams().ticker ?? '');
  useDocumentTitle(ticker);
  const [range, setRange] = useState<Range>('1y');
  const stock = useStock(ticker);
  const snapshot = useSnapshot(ticker);
  const prices = usePrices(ticker, since(RANGES[range]));
  const live = useLiveQuotes([ticker])[ticker];

  if (stock.isPending) return <PageLoader />;
  if (stock.isError) {
    return (
      <Stack>
        <WatchlistsLink size="sm" />
        <Title order={1} size="h2">
          {ticker}
        </Title>
        <LoadErrorAlert
          title={`Không tải được thông tin mã ${ticker}.`}
          error={stock.error}
          onRetry={() => stock.refetch()}
        />
      </Stack>
    );
  }
  const s = stock.data;
  const snap = snapshot.data && live ? withLiveQuote(snapshot.data, live) : (snapshot.data ?? null);
  return (
    <Stack>
      <WatchlistsLink size="sm" />
      <Group gap="sm" align="baseline">
        <Title order={1} size="h2">
          {ticker}
        </Title>
        {s ? <Badge variant="light">{s.exchange.code}</Badge> : null}
      </Group>
      {s ? (
        <Text>
          {s.name}
          {s.sector ? ` · ${s.sector}` : ''} · {s.exchange.name} · lô {s.lot_size}
        </Text>
      ) : (
        <Text c="dimmed">Không tìm thấy mã {ticker}.</Text>
      )}
      {s ? (
        <>
          <div style={{ maxWidth: 420 }}>
            {snapshot.isError ? (
              <LoadErrorAlert
                title={`Không tải được giá của mã ${ticker}.`}
                error={snapshot.error}
                onRetry={() => snapshot.refetch()}
              />
            ) : (
              <StockCard
                ticker={s.ticker}
                name={s.name}
                exchange={s.exchange.code}
                snapshot={snap}
                link={false}
              />
            )}
          </div>
          <Group justify="space-between">
            <Title order={2} size="h4">
              Giá đóng cửa hằng ngày
            </Title>
            <SegmentedControl
              value={range}
              onChange={(v) => setRange(v as Range)}
              data={[
                { value: '3m', label: '3 tháng' },
                { value: '1y', label: '1 năm' },
                { value: '3y', label: '3 năm' },
              ]}
            />
          </Group>
          {prices.isPending ? (
            <PageLoader />
          ) : prices.isError ? (
            <LoadErrorAlert
              title="Không tải được giá đóng cửa."
              error={prices.error}
              onRetry={() => prices.refetch()}
            />
          ) : (
            <PriceChart bars={prices.data} />
          )}
        </>
      ) : null}
    </Stack>
  );
}
