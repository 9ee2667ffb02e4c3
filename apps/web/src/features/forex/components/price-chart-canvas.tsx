// The forex chart's drawing on TradingView Lightweight Charts (decision 0032): the line of `last`
// and, over it, the spec's dots (a second series that draws only its points, each in its colour,
// with a gap where the spec wants no dot), the value axis in the symbol's unit. The library comes on
// demand (chart-kit.ts); it tells the card which point the crosshair is on (the read-out is the card's).
import type { ForexPoint, ForexRange } from '@staff/contracts';
import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import { use, useEffect, useRef } from 'react';
import { chartKit } from '../../../components/charts/chart-kit';
import { dotData, dotRadius, LINE_COLOUR, lineData } from '../chart-data';
import { type DisplayUnit, formatScaled } from '../format';

interface Drawn {
  chart: IChartApi;
  line: ISeriesApi<'Line'>;
  dots: ISeriesApi<'Line'>;
}

export interface PriceChartCanvasProps {
  points: ForexPoint[];
  range: ForexRange;
  unit: DisplayUnit;
  /** Called with the point under the crosshair (an index into `points`), or null when it leaves. */
  onHover: (index: number | null) => void;
}

export function PriceChartCanvas({ points, range, unit, onHover }: PriceChartCanvasProps) {
  const kit = use(chartKit());
  const host = useRef<HTMLDivElement>(null);
  const drawn = useRef<Drawn | null>(null);
  const count = useRef(0);
  const hover = useRef(onHover);
  hover.current = onHover;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const chart = kit.createChart(element, {
      ...kit.baseChartOptions(element),
      crosshair: { mode: kit.CrosshairMode.Magnet },
      handleScroll: { vertTouchDrag: false },
    });
    const line = chart.addSeries(kit.LineSeries, {
      color: LINE_COLOUR,
      lineWidth: 2,
      priceLineVisible: false,
    });
    const dots = chart.addSeries(kit.LineSeries, {
      lineVisible: false,
      pointMarkersVisible: true,
      crosshairMarkerVisible: false,
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.subscribeCrosshairMove((param) => {
      const index =
        param.time === undefined || param.logical === undefined ? null : Math.round(param.logical);
      hover.current(index !== null && index >= 0 && index < count.current ? index : null);
    });
    drawn.current = { chart, line, dots };
    return () => {
      drawn.current = null;
      chart.remove();
    };
  }, [kit]);

  useEffect(() => {
    const d = drawn.current;
    if (!d) return;
    const priceFormat = {
      type: 'custom' as const,
      formatter: (value: number) => formatScaled(value, unit),
      minMove: 0.001,
    };
    d.line.applyOptions({ priceFormat });
    d.dots.applyOptions({ priceFormat, pointMarkersRadius: dotRadius(points.length) });
    d.chart.applyOptions({ timeScale: { timeVisible: range !== 'yearly', secondsVisible: false } });
    count.current = points.length;
    d.line.setData(lineData(points));
    d.dots.setData(dotData(points));
    d.chart.timeScale().fitContent();
  }, [points, range, unit]);

  return <div ref={host} style={{ width: '100%', height: '100%' }} data-testid="price-chart-canvas" />;
}
