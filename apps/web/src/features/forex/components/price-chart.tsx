// The chart card's chart (spec section 2 and 9): a line of `last` over time, 320 px high, with a dot
// per point coloured by the spec's rule (green up, red down, none first or unchanged) and the value
// axis in the symbol's unit ('triệu' or 'nghìn'). TradingView Lightweight Charts draws it
// (price-chart-canvas.tsx, the library loaded on demand: decision 0032); the unit, the hover read-out, the summary and every
// point with its dot, as a table, are in the DOM for tests and assistive technology.
import { Box, Table, Text } from '@mantine/core';
import { FOREX_CHART_HEIGHT, type ForexPoint, type ForexRange } from '@staff/contracts';
import { useMemo, useState } from 'react';
import { ChartFrame } from '../../../components/charts/chart-frame';
import { chartClasses, DataDisclosure } from '../../../components/charts/data-disclosure';
import { DOT_COLOURS } from '../chart-data';
import { type DisplayUnit, directions, formatPointTime, formatScaled } from '../format';
import { PriceChartCanvas } from './price-chart-canvas';

const DOT_WORDS = { up: 'up (green dot)', down: 'down (red dot)' } as const;

/** Every point as a row: its time, its value in the unit, and its dot (the drawing's dots, in words). */
function PointsTable({
  points,
  unit,
  label,
}: {
  points: readonly ForexPoint[];
  unit: DisplayUnit;
  label: string;
}) {
  const dirs = useMemo(() => directions(points.map((p) => p.last)), [points]);
  return (
    <Table striped withTableBorder stickyHeader aria-label={`${label} points`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Time</Table.Th>
          <Table.Th scope="col">Last ({unit.unit})</Table.Th>
          <Table.Th scope="col">Dot</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {points.map((p, i) => {
          const dir = dirs[i];
          return (
            <Table.Tr
              key={p.time}
              data-testid={dir ? 'chart-dot' : 'chart-point'}
              data-time={p.time}
              data-direction={dir ?? 'none'}
              data-colour={dir ? DOT_COLOURS[dir] : undefined}
            >
              <Table.Th scope="row">{formatPointTime(Date.parse(p.time))}</Table.Th>
              <Table.Td>{formatScaled(p.last, unit)}</Table.Td>
              <Table.Td>{dir ? DOT_WORDS[dir] : '—'}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** The points as a table behind a disclosure: the chart card puts it under the card. */
export function PointsDisclosure({
  points,
  unit,
  label,
}: {
  points: ForexPoint[];
  unit: DisplayUnit;
  label: string;
}) {
  return (
    <DataDisclosure label={`Show the ${label} points as a table`} keepRendered testId="points-table">
      <PointsTable points={points} unit={unit} label={label} />
    </DataDisclosure>
  );
}

/** The drawing, 320 px high, with its unit in the corner and the hovered point's read-out. */
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
  const [hover, setHover] = useState<number | null>(null);
  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last
      ? `${label}: ${points.length} points from ${formatPointTime(Date.parse(first.time))} to ${formatPointTime(Date.parse(last.time))}, last ${formatScaled(last.last, unit)} ${unit.unit}`
      : label;
  const hovered = hover === null ? undefined : points[hover];
  const overlay = {
    position: 'absolute',
    top: 4,
    zIndex: 3,
    pointerEvents: 'none',
    background: 'rgba(255, 255, 255, 0.85)',
    borderRadius: 4,
  } as const;

  return (
    <Box pos="relative" className={chartClasses.chart} data-testid="price-chart">
      <Box role="img" aria-label={summary} style={{ height: FOREX_CHART_HEIGHT }} data-testid="chart-drawing">
        <ChartFrame height={FOREX_CHART_HEIGHT}>
          <PriceChartCanvas points={points} range={range} unit={unit} onHover={setHover} />
        </ChartFrame>
      </Box>
      <Text size="xs" c="dimmed" px={4} style={{ ...overlay, left: 4 }} data-testid="chart-unit">
        {unit.unit}
      </Text>
      {hovered && (
        <Text
          size="xs"
          px={6}
          style={{ ...overlay, right: 72, border: '1px solid var(--mantine-color-gray-3)' }}
          data-testid="chart-readout"
        >
          {formatPointTime(Date.parse(hovered.time))}: {formatScaled(hovered.last, unit)} {unit.unit}
        </Text>
      )}
    </Box>
  );
}
