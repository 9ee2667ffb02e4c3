// The dashboard's two kinds of bar chart, drawn as SVG with visx (decision 0030): horizontal bars, one
// row per jar or feeling (grouped, or stacked to 100 %), and stacked columns, one per day or week. Each
// takes its container's width (Mantine's useElementSize) and the theme's colours, fonts and grid colour;
// a legend of swatches sits above it. The drawing is presentational: the chart card's `role="img"`
// names it, the table behind it holds the numbers, and a native <title> on each bar shows its value on
// hover. Nothing in it takes focus.
import { ColorSwatch, Group, getThemeColor, Text, useMantineTheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { AxisBottom, AxisLeft, type TickRendererProps } from '@visx/axis';
import { Group as SvgGroup } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, BarGroupHorizontal, BarStack, BarStackHorizontal } from '@visx/shape';
import type { ReactNode } from 'react';
import classes from './analysis-charts.module.css';

/** One series of a chart: its name (the data's key, shown in the legend) and a Mantine colour ('blue.6'). */
export interface ChartSeries {
  name: string;
  color: string;
}

type Row = Record<string, string | number>;

/** Tick labels' size (px, as Mantine's charts) and a generous average width of one of their characters. */
const FONT_SIZE = 12;
const CHAR_WIDTH = 7;
/** Height of one row of horizontal bars, and the room under a chart for its value axis. */
const ROW_HEIGHT = 34;
const AXIS_HEIGHT = 26;
const TOP = 8;
/** Room right of the plot for half of the last tick label ('100%'). */
const RIGHT = 20;

const textWidth = (s: string) => [...s].length * CHAR_WIDTH;
const numberAt = (row: Row, key: string) => Number(row[key]) || 0;

/** A label cut to `width` px (estimated) with an ellipsis; its whole text is in the bar titles and the table. */
function fit(label: string, width: number): string {
  const chars = [...label];
  const max = Math.max(3, Math.floor(width / CHAR_WIDTH));
  return chars.length <= max ? label : `${chars.slice(0, max - 1).join('')}…`;
}

/** The width of the category labels' column: the longest label, within 40 % of the chart. */
function labelColumn(labels: string[], width: number): number {
  const longest = Math.max(0, ...labels.map(textWidth));
  return Math.round(Math.min(Math.max(longest + 12, 40), width * 0.4));
}

function Legend({ series }: { series: ChartSeries[] }) {
  const theme = useMantineTheme();
  return (
    <Group gap="sm" justify="flex-end" className={classes.legend}>
      {series.map((s) => (
        <Group key={s.name} gap={6} wrap="nowrap">
          <ColorSwatch color={getThemeColor(s.color, theme)} size={12} withShadow={false} />
          <Text size="sm" span>
            {s.name}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/** The legend and the SVG at the container's width; drawn once the width is known. */
function ChartFrame({
  height,
  legend,
  children,
}: {
  height: number;
  legend?: ChartSeries[];
  children: (width: number) => ReactNode;
}) {
  const { ref, width } = useElementSize();
  return (
    <>
      {legend && <Legend series={legend} />}
      <div ref={ref} className={classes.frame} style={{ height }}>
        {width > 0 && (
          <svg
            width={width}
            height={height}
            className={classes.svg}
            aria-hidden="true"
            data-testid="chart-drawing"
          >
            {children(width)}
          </svg>
        )}
      </div>
    </>
  );
}

/** A category label left of its row, right-aligned, vertically centred on it. */
function LeftTick({ x, y, formattedValue }: TickRendererProps) {
  return (
    <text x={x} y={y} dy="0.32em" textAnchor="end">
      {formattedValue}
    </text>
  );
}

/** A label under the plot, centred on its tick. */
function BottomTick({ x, y, formattedValue }: TickRendererProps) {
  return (
    <text x={x} y={y} textAnchor="middle">
      {formattedValue}
    </text>
  );
}

/** Dashed grid lines across the plot at the value axis' ticks. */
function Grid({
  ticks,
  scale,
  length,
  vertical,
}: {
  ticks: number[];
  scale: (v: number) => number;
  length: number;
  vertical: boolean;
}) {
  return (
    <g className={classes.grid}>
      {ticks.map((t) => {
        const at = scale(t);
        return vertical ? (
          <line key={t} x1={at} x2={at} y1={0} y2={length} />
        ) : (
          <line key={t} x1={0} x2={length} y1={at} y2={at} />
        );
      })}
    </g>
  );
}

/**
 * One row of bars per datum (jar, feeling), labelled on the left, values along the bottom: `grouped`
 * draws each series' bar under the last (actual against target; a single series is one bar per row),
 * `percent` stacks the series to the row's whole (each jar's time by feeling).
 */
export function HorizontalBarChart({
  data,
  labelKey,
  series,
  mode = 'grouped',
  format,
  integer = false,
  withLegend = false,
}: {
  data: Row[];
  labelKey: string;
  series: ChartSeries[];
  mode?: 'grouped' | 'percent';
  /** A value as its tick label and bar title say it ('75%', '2'). */
  format: (value: number) => string;
  /** Whole-number ticks only (counts). */
  integer?: boolean;
  withLegend?: boolean;
}) {
  const theme = useMantineTheme();
  const plotHeight = Math.max(data.length, 2) * ROW_HEIGHT;
  const height = TOP + plotHeight + AXIS_HEIGHT;
  const keys = series.map((s) => s.name);
  const colour = (key: string) => getThemeColor(series.find((s) => s.name === key)?.color ?? 'gray.6', theme);
  const labelOf = (i: number) => String(data[i]?.[labelKey] ?? '');
  const indexOf = (row: Row) => data.indexOf(row);

  return (
    <ChartFrame height={height} legend={withLegend ? series : undefined}>
      {(width) => {
        const labels = data.map((_, i) => labelOf(i));
        const left = labelColumn(labels, width);
        const plotWidth = Math.max(width - left - RIGHT, 10);
        const rows = scaleBand<number>({
          domain: data.map((_, i) => i),
          range: [0, plotHeight],
          paddingInner: 0.25,
          paddingOuter: 0.15,
        });
        const max = Math.max(0, ...data.flatMap((row) => keys.map((k) => numberAt(row, k))));
        const x =
          mode === 'percent'
            ? scaleLinear<number>({ domain: [0, 1], range: [0, plotWidth] })
            : scaleLinear<number>({ domain: [0, max || 1], range: [0, plotWidth], nice: true });
        const tickCount = Math.max(2, Math.floor(plotWidth / 64));
        const ticks = x.ticks(tickCount).filter((t) => !integer || Number.isInteger(t));
        const tickLabel = (t: number) => (mode === 'percent' ? `${Math.round(t * 100)}%` : format(t));
        const title = (i: number, key: string, value: number) => `${labelOf(i)} · ${key}: ${format(value)}`;

        return (
          <SvgGroup left={left} top={TOP}>
            <Grid ticks={ticks} scale={x} length={plotHeight} vertical />
            {mode === 'percent' ? (
              <BarStackHorizontal<Row, string>
                data={data}
                keys={keys}
                value={(row, key) => numberAt(row, key)}
                offset="expand"
                y={indexOf}
                xScale={x}
                yScale={rows}
                color={colour}
              >
                {(stacks) =>
                  stacks.map((stack) =>
                    stack.bars
                      .filter((bar) => bar.width > 0)
                      .map((bar) => (
                        <Bar
                          key={`${stack.key}-${bar.index}`}
                          x={bar.x}
                          y={bar.y}
                          width={bar.width}
                          height={bar.height}
                          style={{ fill: bar.color }}
                        >
                          <title>{title(bar.index, stack.key, numberAt(bar.bar.data, stack.key))}</title>
                        </Bar>
                      )),
                  )
                }
              </BarStackHorizontal>
            ) : (
              <BarGroupHorizontal<Row, string>
                data={data}
                keys={keys}
                width={plotWidth}
                y0={indexOf}
                y0Scale={rows}
                y1Scale={scaleBand<string>({ domain: keys, range: [0, rows.bandwidth()], padding: 0.1 })}
                xScale={x}
                color={colour}
              >
                {(groups) =>
                  groups.map((group) => (
                    <SvgGroup key={group.index} top={group.y0}>
                      {group.bars
                        .filter((bar) => bar.width > 0)
                        .map((bar) => (
                          <Bar
                            key={bar.key}
                            x={0}
                            y={bar.y}
                            width={bar.width}
                            height={bar.height}
                            rx={2}
                            style={{ fill: bar.color }}
                          >
                            <title>{title(group.index, bar.key, bar.value)}</title>
                          </Bar>
                        ))}
                    </SvgGroup>
                  ))
                }
              </BarGroupHorizontal>
            )}
            <AxisLeft
              scale={rows}
              hideAxisLine
              hideTicks
              tickLength={8}
              tickFormat={(i) => fit(labelOf(i), left - 12)}
              tickComponent={LeftTick}
            />
            <AxisBottom
              top={plotHeight}
              scale={x}
              tickValues={ticks}
              hideAxisLine
              hideTicks
              tickLength={6}
              tickLabelProps={{ fontSize: FONT_SIZE }}
              tickFormat={(t) => tickLabel(Number(t))}
              tickComponent={BottomTick}
            />
          </SvgGroup>
        );
      }}
    </ChartFrame>
  );
}

/**
 * One column per datum (a day or a week), its series stacked: labels along the bottom, thinned out so
 * that they never overlap (53 weeks on a phone show every seventh or so), values on the left.
 */
export function StackedColumnChart({
  data,
  labelKey,
  series,
  format,
  height = 240,
}: {
  data: Row[];
  labelKey: string;
  series: ChartSeries[];
  format: (value: number) => string;
  height?: number;
}) {
  const theme = useMantineTheme();
  const keys = series.map((s) => s.name);
  const colour = (key: string) => getThemeColor(series.find((s) => s.name === key)?.color ?? 'gray.6', theme);
  const labelOf = (i: number) => String(data[i]?.[labelKey] ?? '');
  const plotHeight = height - TOP - AXIS_HEIGHT;

  return (
    <ChartFrame height={height} legend={series}>
      {(width) => {
        const max = Math.max(0, ...data.map((row) => keys.reduce((s, k) => s + numberAt(row, k), 0)));
        const y = scaleLinear<number>({ domain: [0, max || 1], range: [plotHeight, 0], nice: true });
        const ticks = y.ticks(Math.max(2, Math.floor(plotHeight / 40)));
        const left = Math.max(...ticks.map((t) => textWidth(format(t)))) + 12;
        const plotWidth = Math.max(width - left - RIGHT / 2, 10);
        const columns = scaleBand<number>({
          domain: data.map((_, i) => i),
          range: [0, plotWidth],
          padding: 0.2,
        });
        // Every n-th label, n the fewest columns one label (and a gap) spans.
        const labelWidth = Math.max(0, ...data.map((_, i) => textWidth(labelOf(i)))) + 10;
        const every = Math.max(1, Math.ceil(labelWidth / Math.max(columns.step(), 1)));
        const labelled = data.map((_, i) => i).filter((i) => i % every === 0);

        return (
          <SvgGroup left={left} top={TOP}>
            <Grid ticks={ticks} scale={y} length={plotWidth} vertical={false} />
            <BarStack<Row, string>
              data={data}
              keys={keys}
              value={(row, key) => numberAt(row, key)}
              x={(row) => data.indexOf(row)}
              xScale={columns}
              yScale={y}
              color={colour}
            >
              {(stacks) =>
                stacks.map((stack) =>
                  stack.bars
                    .filter((bar) => bar.height > 0)
                    .map((bar) => (
                      <Bar
                        key={`${stack.key}-${bar.index}`}
                        x={bar.x}
                        y={bar.y}
                        width={bar.width}
                        height={bar.height}
                        style={{ fill: bar.color }}
                      >
                        <title>{`${labelOf(bar.index)} · ${stack.key}: ${format(numberAt(bar.bar.data, stack.key))}`}</title>
                      </Bar>
                    )),
                )
              }
            </BarStack>
            <AxisLeft
              scale={y}
              tickValues={ticks}
              hideAxisLine
              hideTicks
              tickLength={8}
              tickFormat={(t) => format(Number(t))}
              tickComponent={LeftTick}
            />
            <AxisBottom
              top={plotHeight}
              scale={columns}
              tickValues={labelled}
              hideAxisLine
              hideTicks
              tickLength={6}
              tickLabelProps={{ fontSize: FONT_SIZE }}
              tickFormat={(i) => labelOf(i)}
              tickComponent={BottomTick}
            />
          </SvgGroup>
        );
      }}
    </ChartFrame>
  );
}
