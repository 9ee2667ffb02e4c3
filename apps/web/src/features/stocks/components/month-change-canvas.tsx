// The watchlist analysis's drawing (issue 26, decision 0032): one percent line per ticker on
// TradingView Lightweight Charts (loaded on demand, chart-kit.ts), with the month's open as a 0 %
// line. It tells the panel which day the crosshair is on (the legend is the panel's).
import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import { use, useEffect, useRef } from 'react';
import { chartKit } from '../../../components/charts/chart-kit';
import { formatPercent } from '../format';
import type { ChangeLine } from '../month-change';

export interface MonthChangeCanvasProps {
  lines: ChangeLine[];
  /** Called with the day under the crosshair (YYYY-MM-DD), or null when it leaves. */
  onHover: (date: string | null) => void;
}

export function MonthChangeCanvas({ lines, onHover }: MonthChangeCanvasProps) {
  const kit = use(chartKit());
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const hover = useRef(onHover);
  hover.current = onHover;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const created = kit.createChart(element, {
      ...kit.baseChartOptions(element),
      handleScroll: { vertTouchDrag: false },
    });
    created.subscribeCrosshairMove((param) => {
      hover.current(typeof param.time === 'string' ? param.time : null);
    });
    chart.current = created;
    return () => {
      chart.current = null;
      created.remove();
    };
  }, [kit]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    const series: ISeriesApi<'Line'>[] = lines.map((line, i) => {
      const s = c.addSeries(kit.LineSeries, {
        color: line.colour,
        lineWidth: 2,
        lineStyle: line.dashed ? kit.LineStyle.Dashed : kit.LineStyle.Solid,
        // A dot on each day: a month's first session is a single point, which a line alone would not show.
        pointMarkersVisible: true,
        pointMarkersRadius: 3,
        title: line.ticker,
        priceLineVisible: false,
        priceFormat: { type: 'custom', formatter: formatPercent, minMove: 0.01 },
      });
      s.setData(line.points.map((p) => ({ time: p.date, value: p.percent })));
      if (i === 0) {
        s.createPriceLine({
          price: 0,
          color: kit.CHART_GREYS.crosshair,
          lineWidth: 1,
          lineStyle: kit.LineStyle.Dotted,
          axisLabelVisible: false,
          title: 'Đầu tháng',
        });
      }
      return s;
    });
    c.timeScale().fitContent();
    return () => {
      for (const s of series) c.removeSeries(s);
    };
  }, [lines, kit]);

  return <div ref={host} style={{ width: '100%', height: '100%' }} data-testid="month-change-canvas" />;
}
