// Whether this browser can draw the market charts (TradingView Lightweight Charts paints on a 2D
// canvas). Where it cannot (a browser with canvas turned off, jsdom in the unit tests), a chart shows
// its summary and its table alone: every number stays reachable.
let drawable: boolean | undefined;

export function canDrawCharts(): boolean {
  if (drawable === undefined) {
    try {
      drawable =
        typeof document !== 'undefined' && document.createElement('canvas').getContext('2d') !== null;
    } catch {
      drawable = false;
    }
  }
  return drawable;
}
