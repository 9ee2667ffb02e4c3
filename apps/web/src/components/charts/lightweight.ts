// What every market chart shares on TradingView's Lightweight Charts (decision 0032): the app's font
// and greys, vi-VN dates on the time axis and under the crosshair, no logo (the attribution is
// under each chart), and the parts of the library the charts use. Loaded only through chart-kit.ts,
// so the library comes with it, in a chunk of its own, and nowhere else.
import {
  type ChartOptions,
  ColorType,
  CrosshairMode,
  type DeepPartial,
  isBusinessDay,
  TickMarkType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';

export const CHART_GREYS = {
  text: '#495057', // gray.7: the app's dimmed text
  grid: '#f1f3f5', // gray.1
  border: '#dee2e6', // gray.3
  crosshair: '#868e96', // gray.6
} as const;

/** A chart time as a Date read in UTC: a day ('YYYY-MM-DD' or a business day) or a shifted instant. */
function timeAsDate(time: Time): Date {
  if (typeof time === 'number') return new Date(time * 1000);
  if (isBusinessDay(time)) return new Date(Date.UTC(time.year, time.month - 1, time.day));
  return new Date(`${time}T00:00:00Z`);
}

const two = (n: number) => String(n).padStart(2, '0');

/** Time-axis labels: 2026, 11/2026, 22/11, 12:30 (the chart's times are already local: see `zoneSeconds`). */
export function tickMark(time: Time, type: TickMarkType): string {
  const d = timeAsDate(time);
  switch (type) {
    case TickMarkType.Year:
      return String(d.getUTCFullYear());
    case TickMarkType.Month:
      return `${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
    case TickMarkType.DayOfMonth:
      return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}`;
    default:
      return `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
  }
}

/** The crosshair's time label: 22/11/2026 for a day, 12:30 22/11/2026 for an instant within one. */
export function crosshairTime(time: Time): string {
  const d = timeAsDate(time);
  const day = `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
  return typeof time === 'number' && d.getUTCHours() + d.getUTCMinutes() > 0
    ? `${two(d.getUTCHours())}:${two(d.getUTCMinutes())} ${day}`
    : day;
}

/**
 * The options every chart starts from, in the font of the box it is drawn in (the app's); `autoSize`
 * follows the box's width and height.
 */
export function baseChartOptions(host: HTMLElement): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: '#ffffff' },
      textColor: CHART_GREYS.text,
      fontFamily: getComputedStyle(host).fontFamily || undefined,
      fontSize: 12,
      attributionLogo: false,
      panes: { separatorColor: CHART_GREYS.border },
    },
    grid: { vertLines: { color: CHART_GREYS.grid }, horzLines: { color: CHART_GREYS.grid } },
    crosshair: {
      mode: CrosshairMode.Normal,
      vertLine: { color: CHART_GREYS.crosshair, labelBackgroundColor: CHART_GREYS.text },
      horzLine: { color: CHART_GREYS.crosshair, labelBackgroundColor: CHART_GREYS.text },
    },
    localization: { locale: 'vi-VN', timeFormatter: crosshairTime },
    rightPriceScale: { borderColor: CHART_GREYS.border },
    timeScale: {
      borderColor: CHART_GREYS.border,
      tickMarkFormatter: tickMark,
      // A phone turned, a window resized: the same days stay in view (not the same bar width).
      lockVisibleTimeRangeOnResize: true,
    },
  };
}

export {
  CandlestickSeries,
  CrosshairMode,
  createChart,
  HistogramSeries,
  LineSeries,
  LineStyle,
} from 'lightweight-charts';
export type { UTCTimestamp };
