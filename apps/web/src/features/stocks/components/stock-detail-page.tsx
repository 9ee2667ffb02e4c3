// /stocks/{ticker}: the company, its exchange, the live snapshot and the daily candlestick chart
// (issue 26), with the demo notice when the prices are generated.
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { normaliseTicker } from '@staff/contracts';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageLoader } from '../../../components/page-loader';
import { useSnapshot, useStock } from '../api';
import { usePriceHistory } from '../chart-api';
import { withLiveQuote } from '../format';
import { useLiveQuotes } from '../live';
import { DemoNotice, useStocksDemo } from './demo-notice';
import { PriceChart } from './price-chart';
import { StockCard } from './stock-card';
import { WatchlistsLink } from './watchlists-link';

export function StockDetailPage() {
  const ticker = normaliseTicker(useParams().ticker ?? '');
  useDocumentTitle(ticker);
  const stock = useStock(ticker);
  const snapshot = useSnapshot(ticker);
  const prices = usePriceHistory(ticker);
  const live = useLiveQuotes([ticker])[ticker];
  const demo = useStocksDemo();
  const snap = useMemo(
    () => (snapshot.data && live ? withLiveQuote(snapshot.data, live) : (snapshot.data ?? null)),
    [snapshot.data, live],
  );

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
          <DemoNotice ticker={ticker} />
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
          {prices.isPending ? (
            <PageLoader />
          ) : prices.isError ? (
            <LoadErrorAlert
              title="Không tải được giá đóng cửa."
              error={prices.error}
              onRetry={() => prices.refetch()}
            />
          ) : (
            <PriceChart ticker={ticker} bars={prices.data} snapshot={snap} demo={demo} />
          )}
        </>
      ) : null}
    </Stack>
  );
}
