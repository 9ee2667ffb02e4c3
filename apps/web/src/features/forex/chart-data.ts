// The forex chart as data (spec: "draws a line of 'last' over 'time' … Dots are green when the price
// rose versus the previous point, red when it fell, and absent for the first point or when
// unchanged"), kept apart from the drawing (components/price-chart-canvas.tsx) so it is tested here.
import { type ForexPoint, zoneOffsetMs } from '@staff/contracts';
// Types only: nothing of the library is loaded with this module.
import type { UTCTimestamp } from 'lightweight-charts';
import { directions, ZONE } from './format';

export const DOT_COLOURS = { up: '#2f9e44', down: '#e03131' } as const;
export const LINE_COLOUR = '#1c7ed6';

/**
 * A point's time on the chart: seconds of Vietnam's wall clock. The library reads every time as UTC
 * (its axis and crosshair have no time zone), so an instant is shifted by the zone's offset to show
 * the hour a reader in Vietnam saw.
 */
export function zoneSeconds(iso: string): UTCTimestamp {
  const ms = Date.parse(iso);
  return Math.round((ms + zoneOffsetMs(ZONE, ms)) / 1000) as UTCTimestamp;
}

export interface LinePoint {
  time: UTCTimestamp;
  value: number;
}

/** The line: `last` over time. */
export function lineData(points: readonly ForexPoint[]): LinePoint[] {
  return points.map((p) => ({ time: zoneSeconds(p.time), value: p.last }));
}

/** The dots: a point coloured by its move, or no dot (a gap) for the first point and an unchanged one. */
export function dotData(
  points: readonly ForexPoint[],
): ((LinePoint & { color: string }) | { time: UTCTimestamp })[] {
  const dirs = directions(points.map((p) => p.last));
  return points.map((p, i) => {
    const dir = dirs[i];
    const time = zoneSeconds(p.time);
    return dir ? { time, value: p.last, color: DOT_COLOURS[dir] } : { time };
  });
}

/** Dots get smaller when many points share the width, as the hand-drawn chart's did. */
export function dotRadius(count: number): number {
  return count > 150 ? 2 : 3;
}
