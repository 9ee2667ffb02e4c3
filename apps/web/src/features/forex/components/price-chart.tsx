// The chart card's drawing: a line of `last` over time, 320 px high, with a dot per point coloured
// by the spec's rule (green up, red down, none first or unchanged), value axis in the symbol's unit
// and a hover read-out. Plain SVG: a few hundred points need no chart library, and every dot is
// an element that tests and assistive technology can read.
import { Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { FOREX_CHART_HEIGHT, type ForexPoint, type ForexRange } from '@staff/contracts';
import { type MouseEvent, useMemo, useState } from 'react';
import { type DisplayUnit, directions, formatAxisTime, formatPointTime, formatScaled } from '../format';

export const DOT_COLOURS = { up: '#2f9e44', down: '#e03131' } as const;
const LINE_COLOUR = '#1c7ed6';
const MARGIN = { top: 12, right: 16, bottom: 28, left: 64 };

/** About `count` round values spanning [min, max]. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (min === max) return [min];
  const raw = (max - min) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step)
    ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

export function PriceChart({
  points,
  range,
  unit,
  label,
}: {
  points: ForexPoint[];
  range: ForexRange;
  unit: DisplayUnit;
  label: string;
}) {
  const { ref, width: measured } = useElementSize();
  const width = measured > 0 ? measured : 640;
  const height = FOREX_CHART_HEIGHT;
  const [hover, setHover] = useState<number | null>(null);

  const layout = useMemo(() => {
    const times = points.map((p) => Date.parse(p.time));
    const values = points.map((p) => p.last);
    const minV = Math.min(...values);
    const maxV = Math.max(...values);
    const pad = minV === maxV ? Math.abs(minV) * 0.01 || 1 : (maxV - minV) * 0.08;
    const lo = minV - pad;
    const hi = maxV + pad;
    const t0 = times[0] ?? 0;
    const t1 = times.at(-1) ?? 1;
    const plotW = Math.max(width - MARGIN.left - MARGIN.right, 10);
    const plotH = height - MARGIN.top - MARGIN.bottom;
    const x = (t: number) => MARGIN.left + (t1 === t0 ? plotW / 2 : ((t - t0) / (t1 - t0)) * plotW);
    const y = (v: number) => MARGIN.top + (1 - (v - lo) / (hi - lo)) * plotH;
    const xs = times.map(x);
    const ys = values.map(y);
    const path = xs
      .map((px, i) => `${i === 0 ? 'M' : 'L'}${px.toFixed(1)},${(ys[i] as number).toFixed(1)}`)
      .join('');
    const timeTicks = times.length > 1 ? [0, 0.25, 0.5, 0.75, 1].map((f) => t0 + f * (t1 - t0)) : times;
    return { times, values, xs, ys, path, valueTicks: niceTicks(lo, hi), timeTicks, x, y, plotW };
  }, [points, width]);

  const dirs = useMemo(() => directions(layout.values), [layout.values]);

  const onMove = (event: MouseEvent<SVGRectElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const px = event.clientX - box.left + MARGIN.left;
    let best = 0;
    for (let i = 1; i < layout.xs.length; i++) {
      if (Math.abs((layout.xs[i] as number) - px) < Math.abs((layout.xs[best] as number) - px)) best = i;
    }
    setHover(best);
  };

  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last
      ? `${label}: ${points.length} points from ${formatPointTime(Date.parse(first.time))} to ${formatPointTime(Date.parse(last.time))}, last ${formatScaled(last.last, unit)} ${unit.unit}`
      : label;
  const hovered = hover === null ? null : points[hover];

  return (
    <Box ref={ref} pos="relative" h={height} data-testid="price-chart">
      <svg width={width} height={height} role="img" aria-label={summary} style={{ display: 'block' }}>
        <text x={4} y={MARGIN.top} fontSize={11} fill="#868e96" data-testid="chart-unit">
          {unit.unit}
        </text>
        {layout.valueTicks.map((v) => (
          <g key={`v${v}`}>
            <line
              x1={MARGIN.left}
              x2={MARGIN.left + layout.plotW}
              y1={layout.y(v)}
              y2={layout.y(v)}
              stroke="#e9ecef"
            />
            <text x={MARGIN.left - 6} y={layout.y(v) + 4} fontSize={11} textAnchor="end" fill="#495057">
              {formatScaled(v, unit)}
            </text>
          </g>
        ))}
        {layout.timeTicks.map((t, i) => (
          <text
            key={`t${t}`}
            x={layout.x(t)}
            y={height - 8}
            fontSize={11}
            fill="#495057"
            textAnchor={i === 0 ? 'start' : i === layout.timeTicks.length - 1 ? 'end' : 'middle'}
          >
            {formatAxisTime(t, range)}
          </text>
        ))}
        <path d={layout.path} fill="none" stroke={LINE_COLOUR} strokeWidth={1.6} data-testid="chart-line" />
        {dirs.map((dir, i) =>
          dir ? (
            <circle
              key={points[i]?.time}
              cx={layout.xs[i]}
              cy={layout.ys[i]}
              r={points.length > 150 ? 2 : 3}
              fill={DOT_COLOURS[dir]}
              data-testid="chart-dot"
              data-direction={dir}
              data-time={points[i]?.time}
            />
          ) : null,
        )}
        {hovered && hover !== null && (
          <g pointerEvents="none">
            <line
              x1={layout.xs[hover]}
              x2={layout.xs[hover]}
              y1={MARGIN.top}
              y2={height - MARGIN.bottom}
              stroke="#adb5bd"
              strokeDasharray="3 3"
            />
            <circle
              cx={layout.xs[hover]}
              cy={layout.ys[hover]}
              r={4.5}
              fill="none"
              stroke={LINE_COLOUR}
              strokeWidth={2}
            />
          </g>
        )}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a mouse-only read-out; the chart's label and the quote card carry the same values */}
        <rect
          x={MARGIN.left}
          y={MARGIN.top}
          width={layout.plotW}
          height={height - MARGIN.top - MARGIN.bottom}
          fill="transparent"
          onMouseMove={onMove}
          onMouseLeave={() => setHover(null)}
        />
      </svg>
      {hovered && (
        <Text
          size="xs"
          pos="absolute"
          top={4}
          right={MARGIN.right}
          bg="var(--mantine-color-body)"
          px={6}
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
          data-testid="chart-readout"
        >
          {formatPointTime(Date.parse(hovered.time))}: {formatScaled(hovered.last, unit)} {unit.unit}
        </Text>
      )}
    </Box>
  );
}
