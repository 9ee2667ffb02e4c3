// TradingView Lightweight Charts, loaded once and only when a chart is drawn (decision 0032): the
// drawings ask for it with React's `use(chartKit())` inside a ChartFrame, whose Suspense shows a loader
// meanwhile. One lazily imported module holds the library, so the build gives it one chunk of its
// own, fetched by the screens that draw a chart and by no other (the route chunks' grouping of
// shared code would otherwise put it with what the stocks and forex screens share).
import type * as Lightweight from './lightweight';

export type ChartKit = typeof Lightweight;

let loading: Promise<ChartKit> | null = null;

export function chartKit(): Promise<ChartKit> {
  loading ??= import('./lightweight');
  return loading;
}
