// The stock page's daily chart (issue 26): range buttons, the read-out of the day under the crosshair
// (or picked with the session slider, or the last day), the candlesticks with volume (drawn by
// candlestick-canvas.tsx, the chart library loaded on demand), the session's reference, ceiling and
// floor in words, and the days' numbers as a table. Everything but the drawing is in the DOM, for
// keyboards and screen readers.
import { Badge, Box, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import type { PriceRecord, Snapshot } from '@staff/contracts';
import { useId, useMemo, useState } from 'react';
import { ChartAttribution } from '../../../components/charts/chart-attribution';
import { ChartFrame } from '../../../components/charts/chart-frame';
import { chartClasses, DataDisclosure } from '../../../components/charts/data-disclosure';
import { changeTone } from '../../../components/charts/text-tones';
import {
  type Candle,
  CHART_RANGES,
  type ChartRange,
  chartSummary,
  DEFAULT_CHART_RANGE,
  formatDay,
  RANGE_LABELS,
  RANGE_NAMES,
  type ReadOut,
  rangeWindow,
  readOut,
  readOutText,
  sessionCandle,
  sessionLevels,
  toCandles,
  withSessionCandle,
} from '../candles';
import { formatNumber, formatPercent } from '../format';
import { CandlestickCanvas } from './candlestick-canvas';

/** The drawing's height: candles over a volume pane a third of theirs. */
export const CANDLE_CHART_HEIGHT = 420;

export const CHART_WORDS = {
  title: 'Giá hằng ngày',
  ranges: 'Khoảng thời gian',
  chart: (ticker: string) => `Biểu đồ nến ${ticker}`,
  session: 'Phiên',
  hint: 'Rê chuột lên biểu đồ, hoặc kéo thanh Phiên (phím ← → Home End), để xem từng phiên; kéo biểu đồ để dời, cuộn hoặc chụm hai ngón để phóng to.',
  live: 'Đang giao dịch',
  table: 'Xem số liệu dạng bảng',
  noBars: 'Chưa có dữ liệu giá để vẽ biểu đồ.',
} as const;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Text size="sm" component="span">
      <Text span size="xs" c="dimmed">
        {label}{' '}
      </Text>
      <Text span fw={600} data-testid={testId}>
        {value}
      </Text>
    </Text>
  );
}

/** The day's open, high, low, close (with its change) and volume, beside the chart. */
function ReadOutLine({ day, demo }: { day: ReadOut; demo: boolean }) {
  const tone = day.change === null || day.change === 0 ? undefined : changeTone(day.change);
  return (
    <Box data-testid="ohlc-readout" data-date={day.date}>
      <Group gap="md" wrap="wrap">
        <Text size="sm" fw={700} data-testid="readout-date">
          {formatDay(day.date)}
        </Text>
        {day.live ? (
          <Badge size="sm" color={demo ? 'orange' : 'red'} variant="light">
            {CHART_WORDS.live}
            {demo ? ' · DEMO' : ''}
          </Badge>
        ) : null}
        <Figure label="Open" value={formatNumber(day.open)} testId="readout-open" />
        <Figure label="High" value={formatNumber(day.high)} testId="readout-high" />
        <Figure label="Low" value={formatNumber(day.low)} testId="readout-low" />
        <Text size="sm" component="span">
          <Text span size="xs" c="dimmed">
            Close{' '}
          </Text>
          <Text span fw={600} c={tone} data-testid="readout-close">
            {formatNumber(day.close)}
          </Text>
          {day.changePercent !== null ? (
            <Text span size="xs" c={tone}>
              {' '}
              {formatPercent(day.changePercent)}
            </Text>
          ) : null}
        </Text>
        <Figure label="Volume" value={formatNumber(day.volume)} testId="readout-volume" />
      </Group>
    </Box>
  );
}

function DaysTable({ ticker, days }: { ticker: string; days: readonly Candle[] }) {
  return (
    <Table striped withTableBorder stickyHeader aria-label={`Giá hằng ngày ${ticker}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Ngày</Table.Th>
          <Table.Th scope="col">Open</Table.Th>
          <Table.Th scope="col">High</Table.Th>
          <Table.Th scope="col">Low</Table.Th>
          <Table.Th scope="col">Close</Table.Th>
          <Table.Th scope="col">Volume</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...days].reverse().map((d) => (
          <Table.Tr key={d.date}>
            <Table.Th scope="row">{formatDay(d.date)}</Table.Th>
            <Table.Td>{formatNumber(d.open)}</Table.Td>
            <Table.Td>{formatNumber(d.high)}</Table.Td>
            <Table.Td>{formatNumber(d.low)}</Table.Td>
            <Table.Td>{formatNumber(d.close)}</Table.Td>
            <Table.Td>{formatNumber(d.volume)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The session's lines in words, under the chart. */
function levelsText(snapshot: Snapshot | null): string | null {
  const { reference, ceiling, floor } = sessionLevels(snapshot);
  if (reference === null && ceiling === null && floor === null) return null;
  const day = snapshot?.trading_date ? ` phiên ${formatDay(snapshot.trading_date)}` : '';
  return `Đường kẻ ngang${day}: trần ${formatNumber(ceiling)}, tham chiếu (TC) ${formatNumber(reference)}, sàn ${formatNumber(floor)}.`;
}

export interface PriceChartProps {
  ticker: string;
  /** The daily bars, oldest first. */
  bars: PriceRecord[];
  /** The snapshot moved on by the live quotes: today's candle, and the session's lines. */
  snapshot: Snapshot | null;
  /** The prices are generated (demo mode): today's candle says so. */
  demo?: boolean;
}

export function PriceChart({ ticker, bars, snapshot, demo = false }: PriceChartProps) {
  const [range, setRange] = useState<ChartRange>(DEFAULT_CHART_RANGE);
  const [hovered, setHovered] = useState<number | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const hintId = useId();
  const sliderId = useId();
  const live = useMemo(() => sessionCandle(snapshot), [snapshot]);
  const candles = useMemo(() => withSessionCandle(toCandles(bars), live), [bars, live]);
  const window = useMemo(() => rangeWindow(candles, range), [candles, range]);
  const shown = useMemo(() => (window ? candles.slice(window.from, window.to + 1) : []), [candles, window]);
  const { reference, ceiling, floor } = sessionLevels(snapshot);
  const levels = useMemo(() => ({ reference, ceiling, floor }), [reference, ceiling, floor]);
  const day = readOut(candles, hovered ?? picked);
  const summary = chartSummary(ticker, shown, range);
  const lines = levelsText(snapshot);

  if (candles.length === 0) return <Text c="dimmed">{CHART_WORDS.noBars}</Text>;

  const sliderMin = window?.from ?? 0;
  const sliderMax = window?.to ?? candles.length - 1;
  const sliderValue = Math.min(sliderMax, Math.max(sliderMin, picked ?? sliderMax));

  return (
    <Stack gap="xs" data-testid="stock-price-chart">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {CHART_WORDS.title}
        </Title>
        <SegmentedControl
          aria-label={CHART_WORDS.ranges}
          value={range}
          onChange={(value) => {
            setRange(value as ChartRange);
            setPicked(null);
          }}
          data={CHART_RANGES.map((r) => ({
            value: r,
            label: (
              <span title={RANGE_NAMES[r]} data-range={r}>
                {RANGE_LABELS[r]}
              </span>
            ),
          }))}
        />
      </Group>
      {day ? <ReadOutLine day={day} demo={demo} /> : null}
      <Box
        role="img"
        aria-label={summary}
        style={{ height: CANDLE_CHART_HEIGHT }}
        className={chartClasses.chart}
        data-testid="candlestick-chart"
      >
        <ChartFrame height={CANDLE_CHART_HEIGHT}>
          <CandlestickCanvas
            candles={candles}
            window={window}
            range={range}
            levels={levels}
            selected={picked}
            onHover={setHovered}
          />
        </ChartFrame>
      </Box>
      {/* The days by keyboard (or by dragging): a native slider over the range's sessions, which moves
          the crosshair and the read-out and says the day's figures as its value. */}
      <Group gap="sm" wrap="nowrap">
        <Text component="label" htmlFor={sliderId} size="sm" fw={500}>
          {CHART_WORDS.session}
        </Text>
        <input
          id={sliderId}
          type="range"
          className={chartClasses.slider}
          min={sliderMin}
          max={sliderMax}
          step={1}
          value={sliderValue}
          aria-valuetext={day ? readOutText(day) : undefined}
          aria-describedby={hintId}
          onChange={(event) => setPicked(Number(event.currentTarget.value))}
          onBlur={() => setPicked(null)}
          data-testid="session-slider"
        />
      </Group>
      <Text size="xs" c="dimmed" id={hintId}>
        {CHART_WORDS.hint}
      </Text>
      <Text size="sm" data-testid="chart-summary">
        {summary}
      </Text>
      {lines ? (
        <Text size="sm" c="dimmed" data-testid="session-levels">
          {lines}
        </Text>
      ) : null}
      <DataDisclosure label={CHART_WORDS.table} testId="days-table">
        <DaysTable ticker={ticker} days={shown} />
      </DataDisclosure>
      <ChartAttribution />
    </Stack>
  );
}
