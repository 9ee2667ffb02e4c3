// The stock page's drawing (issue 26, decision 0032): TradingView Lightweight Charts' candlesticks of
// the daily bars over a volume pane, the session's reference, ceiling and floor as price lines,
// prices in vi-VN. The library comes on demand (chart-kit.ts), so only a page that draws loads it. It
// tells the page which day the crosshair is on (the read-out is the page's, in the DOM), shows the
// day the keyboard picked, moves today's candle as the quotes come without resetting the view, and
// zooms to a range button's window.
import type { CandlestickData, HistogramData, IChartApi, IPriceLine, ISeriesApi } from 'lightweight-charts';
import { use, useEffect, useRef } from 'react';
import { chartKit } from '../../../components/charts/chart-kit';
import {
  type BarWindow,
  type Candle,
  type ChartRange,
  formatVolumeShort,
  onlyLastDayMoved,
  type SessionLevels,
} from '../candles';
import { formatNumber } from '../format';

export const CANDLE_COLOURS = {
  up: '#2f9e44', // green.8, the board's rise
  down: '#e03131', // red.8, the board's fall
  upVolume: 'rgba(47, 158, 68, 0.45)',
  downVolume: 'rgba(224, 49, 49, 0.45)',
} as const;

/** The session's lines, in the board's colours (reference yellow, ceiling purple, floor cyan). */
const LEVEL_LINES: { key: keyof SessionLevels; title: string; color: string }[] = [
  { key: 'ceiling', title: 'Trần', color: '#ae3ec9' },
  { key: 'reference', title: 'TC', color: '#f08c00' },
  { key: 'floor', title: 'Sàn', color: '#1098ad' },
];

const candleData = (c: Candle): CandlestickData => ({
  time: c.date,
  open: c.open,
  high: c.high,
  low: c.low,
  close: c.close,
});

const volumeData = (c: Candle): HistogramData => ({
  time: c.date,
  value: c.volume,
  color: c.close >= c.open ? CANDLE_COLOURS.upVolume : CANDLE_COLOURS.downVolume,
});

function showWindow(chart: IChartApi, window: BarWindow | null) {
  if (!window) return;
  // Half a bar either side, and room for the price labels after the last day.
  chart.timeScale().setVisibleLogicalRange({ from: window.from - 0.5, to: window.to + 1.5 });
}

interface Drawn {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  lines: IPriceLine[];
}

export interface CandlestickCanvasProps {
  candles: Candle[];
  /** The range button's window, shown when the range changes (and on the first drawing). */
  window: BarWindow | null;
  range: ChartRange;
  levels: SessionLevels;
  /** The day the keyboard picked (an index into `candles`), or null. */
  selected: number | null;
  /** Called with the day under the crosshair (an index into `candles`), or null when it leaves. */
  onHover: (index: number | null) => void;
}

export function CandlestickCanvas({
  candles,
  window,
  range,
  levels,
  selected,
  onHover,
}: CandlestickCanvasProps) {
  const kit = use(chartKit());
  const host = useRef<HTMLDivElement>(null);
  const drawn = useRef<Drawn | null>(null);
  const shown = useRef<Candle[]>([]);
  const hover = useRef(onHover);
  hover.current = onHover;
  const latestWindow = useRef(window);
  latestWindow.current = window;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const chart = kit.createChart(element, {
      ...kit.baseChartOptions(element),
      // A vertical swipe scrolls the page on a phone; a horizontal one pans the chart.
      handleScroll: { vertTouchDrag: false },
    });
    const candleSeries = chart.addSeries(kit.CandlestickSeries, {
      upColor: CANDLE_COLOURS.up,
      downColor: CANDLE_COLOURS.down,
      wickUpColor: CANDLE_COLOURS.up,
      wickDownColor: CANDLE_COLOURS.down,
      borderVisible: false,
      priceLineVisible: false,
      // Whole đồng, vi-VN: 61.982 under the crosshair, never 61.982,46.
      priceFormat: {
        type: 'custom',
        formatter: (price: number) => formatNumber(Math.round(price)),
        minMove: 1,
      },
    });
    const volumeSeries = chart.addSeries(
      kit.HistogramSeries,
      {
        priceFormat: { type: 'custom', formatter: formatVolumeShort, minMove: 1 },
        priceLineVisible: false,
        lastValueVisible: false,
      },
      1,
    );
    const [pricePane, volumePane] = chart.panes();
    pricePane?.setStretchFactor(3);
    volumePane?.setStretchFactor(1);
    chart.subscribeCrosshairMove((param) => {
      const index =
        param.time === undefined || param.logical === undefined ? null : Math.round(param.logical);
      hover.current(index !== null && index >= 0 && index < shown.current.length ? index : null);
    });
    drawn.current = { chart, candles: candleSeries, volume: volumeSeries, lines: [] };
    return () => {
      drawn.current = null;
      shown.current = [];
      chart.remove();
    };
  }, [kit]);

  useEffect(() => {
    const d = drawn.current;
    if (!d) return;
    const previous = shown.current;
    shown.current = candles;
    const last = candles.at(-1);
    if (last && onlyLastDayMoved(previous, candles)) {
      // Today's candle moved: keep the user's zoom and pan.
      d.candles.update(candleData(last));
      d.volume.update(volumeData(last));
      return;
    }
    d.candles.setData(candles.map(candleData));
    d.volume.setData(candles.map(volumeData));
    showWindow(d.chart, latestWindow.current);
  }, [candles]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: zoom when the range button changes, not when a quote moves today's candle
  useEffect(() => {
    if (drawn.current) showWindow(drawn.current.chart, latestWindow.current);
  }, [range]);

  useEffect(() => {
    const d = drawn.current;
    if (!d) return;
    for (const line of d.lines) d.candles.removePriceLine(line);
    d.lines = LEVEL_LINES.flatMap(({ key, title, color }) => {
      const price = levels[key];
      return price === null
        ? []
        : [
            d.candles.createPriceLine({
              price,
              title,
              color,
              lineWidth: 1,
              lineStyle: kit.LineStyle.Dashed,
              axisLabelVisible: true,
            }),
          ];
    });
  }, [levels, kit]);

  useEffect(() => {
    const d = drawn.current;
    if (!d) return;
    const bar = selected === null ? undefined : shown.current[selected];
    if (!bar || selected === null) {
      d.chart.clearCrosshairPosition();
      return;
    }
    const visible = d.chart.timeScale().getVisibleLogicalRange();
    if (visible && (selected < visible.from || selected > visible.to)) {
      // Bring the picked day into view, keeping the zoom.
      const span = visible.to - visible.from;
      d.chart.timeScale().setVisibleLogicalRange({ from: selected - span / 2, to: selected + span / 2 });
    }
    d.chart.setCrosshairPosition(bar.close, bar.date, d.candles);
  }, [selected]);

  return <div ref={host} style={{ width: '100%', height: '100%' }} data-testid="candlestick-canvas" />;
}
