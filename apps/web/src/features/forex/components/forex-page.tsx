// /forex: the Forex & Gold Dashboard (spec: Forex and gold dashboard; section 9). The selected
// symbol and range live in the URL (?symbol=SJC&range=monthly), so a reload or a shared link keeps them.
import {
  Alert,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import {
  FOREX_CHART_HEIGHT,
  FOREX_DEFAULT_RANGE,
  FOREX_DEFAULT_SYMBOL,
  FOREX_RANGES,
  type ForexRange,
} from '@staff/contracts';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { ChartAttribution } from '../../../components/charts/chart-attribution';
import { RequireModule } from '../../../components/require-module';
import { ApiError } from '../../../lib/api-client';
import { useLatestSearchParams } from '../../../lib/latest-search-params';
import { useLatest } from '../api/get-latest';
import { useSeries } from '../api/get-series';
import { useSymbols } from '../api/get-symbols';
import { displayUnit } from '../format';
import { symbolLabel } from '../symbols';
import { LatestQuoteCard } from './latest-quote-card';
import { SourceNotices } from './notices';
import { PointsDisclosure, PriceChart } from './price-chart';
import { SymbolPanel } from './symbol-panel';

export const TITLE = 'Forex & Gold Dashboard';
export const SYMBOLS_ERROR = 'Failed to load symbols';
const RANGE_LABELS: Record<ForexRange, string> = { daily: 'Day', monthly: 'Month', yearly: 'Year' };
/** Below Mantine's md breakpoint (62em) the panel and the chart no longer sit side by side. */
const PHONE_QUERY = '(max-width: 61.99em)';

/** Read before the first paint, so a phone never draws the desktop layout first. */
function matchesNow(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query).matches
    : false;
}

export function rangeFrom(value: string | null): ForexRange {
  return (FOREX_RANGES as readonly string[]).includes(value ?? '')
    ? (value as ForexRange)
    : FOREX_DEFAULT_RANGE;
}

export function chartTitle(symbol: string, range: ForexRange): string {
  return `${symbol} - ${range.toUpperCase()}`;
}

function ChartCard({ symbol, range }: { symbol: string; range: ForexRange }) {
  const series = useSeries(symbol, range);
  const unit = displayUnit(symbol);
  const title = chartTitle(symbol, range);
  let body: ReactNode;
  if (series.isPending) {
    body = (
      <Center h={FOREX_CHART_HEIGHT}>
        <Loader role="status" aria-label={`Loading ${title}`} />
      </Center>
    );
  } else if (series.isError) {
    const detail = series.error instanceof ApiError ? series.error.detail : undefined;
    body = (
      <Center h={FOREX_CHART_HEIGHT}>
        <Stack align="center" gap="xs" role="alert" data-testid="chart-error">
          <Text c="red" fw={600}>
            Could not load the {RANGE_LABELS[range].toLowerCase()} prices for {symbol}.
          </Text>
          {detail && (
            <Text size="sm" c="dimmed">
              {detail}
            </Text>
          )}
          <Button size="xs" variant="light" onClick={() => void series.refetch()}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  } else if (series.data.data.length === 0) {
    body = (
      <Center h={FOREX_CHART_HEIGHT}>
        <Text c="dimmed" data-testid="chart-empty">
          No prices for {symbol} in this range yet.
        </Text>
      </Center>
    );
  } else {
    body = <PriceChart points={series.data.data} range={range} unit={unit} label={title} />;
  }
  const points = series.data?.data ?? [];
  return (
    <Stack gap={4}>
      <Card withBorder radius="md" padding="md" aria-labelledby="forex-chart-title" data-testid="chart-card">
        <Group justify="space-between" mb="xs" wrap="nowrap">
          <Title order={3} id="forex-chart-title" data-testid="chart-title">
            {title}
          </Title>
          <Text size="sm" c="dimmed" data-testid="chart-caption">
            {symbolLabel(symbol).long} · đơn vị: {unit.unit} đồng
          </Text>
        </Group>
        {body}
      </Card>
      {/* Under the card: the chart's points in words, and the drawing library's attribution. */}
      {points.length > 0 ? <PointsDisclosure points={points} unit={unit} label={title} /> : null}
      <ChartAttribution />
    </Stack>
  );
}

export function ForexPage() {
  useDocumentTitle(TITLE);
  const [params, updateParams] = useLatestSearchParams();
  const symbol = params.get('symbol')?.trim() || FOREX_DEFAULT_SYMBOL;
  const range = rangeFrom(params.get('range'));
  const symbols = useSymbols();
  const latest = useLatest(symbol);
  const [widgetError, setWidgetError] = useState<string | null>(null);
  const setError = useCallback((message: string | null) => setWidgetError(message), []);

  // A new selection starts without the previous symbol's widget error.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on symbol change only
  useEffect(() => setWidgetError(null), [symbol]);

  // From the latest query, so a symbol and a range tapped before a re-render both stay.
  const select = (next: { symbol?: string; range?: ForexRange }) => {
    updateParams((latest) => {
      latest.set('symbol', next.symbol ?? (latest.get('symbol')?.trim() || FOREX_DEFAULT_SYMBOL));
      latest.set('range', next.range ?? rangeFrom(latest.get('range')));
      return latest;
    });
  };

  const error = symbols.isError ? SYMBOLS_ERROR : widgetError;
  const phone = useMediaQuery(PHONE_QUERY, matchesNow(PHONE_QUERY), { getInitialValueInEffect: false });
  const panel = (
    <SymbolPanel
      symbols={symbols.data?.symbols}
      loading={symbols.isPending}
      selected={symbol}
      onSelect={(s) => select({ symbol: s })}
      compact={phone}
    />
  );
  const rangeSwitch = (
    <SegmentedControl
      aria-label="Range"
      value={range}
      onChange={(value) => select({ range: rangeFrom(value) })}
      data={FOREX_RANGES.map((r) => ({ value: r, label: RANGE_LABELS[r] }))}
      fullWidth={phone}
      style={phone ? undefined : { alignSelf: 'flex-start' }}
    />
  );
  return (
    <Stack gap="md">
      <Title order={2}>{TITLE}</Title>
      {error && (
        <Alert color="red" variant="filled" role="alert" data-testid="forex-error">
          Error: {error}
        </Alert>
      )}
      {phone ? (
        // A phone shows what a tap changes first: the price, the range switch over the chart, the
        // chart; the symbols (with their last prices) right below it.
        <Stack gap="sm" data-testid="forex-phone">
          <LatestQuoteCard symbol={symbol} setError={setError} />
          {rangeSwitch}
          <ChartCard symbol={symbol} range={range} />
          {panel}
          <SourceNotices latest={latest.data} />
        </Stack>
      ) : (
        <Grid gutter="md">
          <Grid.Col span={3}>{panel}</Grid.Col>
          <Grid.Col span={9}>
            <Stack gap="md">
              {rangeSwitch}
              <SourceNotices latest={latest.data} />
              <ChartCard symbol={symbol} range={range} />
              <LatestQuoteCard symbol={symbol} setError={setError} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

/** The route's component: the module guard around the page. */
export function ForexRoute() {
  return (
    <RequireModule module="forex">
      <ForexPage />
    </RequireModule>
  );
}
