// A small SVG line chart of daily closes (no chart library: one series, a few hundred points).
import { Group, Text } from '@mantine/core';
import type { PriceRecord } from '@staff/contracts';
import { formatNumber } from '../format';

const W = 720;
const H = 260;
const PAD = { top: 12, right: 12, bottom: 24, left: 64 };

export function PriceChart({ bars, height = H }: { bars: PriceRecord[]; height?: number }) {
  if (bars.length < 2) {
    return <Text c="dimmed">Chưa có đủ dữ liệu giá để vẽ biểu đồ.</Text>;
  }
  const closes = bars.map((b) => b.close);
  const min = Math.min(...bars.map((b) => b.low));
  const max = Math.max(...bars.map((b) => b.high));
  const span = max - min || 1;
  const x = (i: number) => PAD.left + (i / (bars.length - 1)) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - (v - min) / span) * (height - PAD.top - PAD.bottom);
  const points = closes.map((c, i) => `${x(i).toFixed(1)},${y(c).toFixed(1)}`).join(' ');
  const first = bars[0] as PriceRecord;
  const last = bars[bars.length - 1] as PriceRecord;
  const up = last.close >= first.close;
  const colour = up ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-red-7)';
  const ticks = [max, min + span / 2, min];
  return (
    <div>
      <svg
        viewBox={`0 0 ${W} ${height}`}
        width="100%"
        role="img"
        aria-label={`Giá đóng cửa ${first.ticker} từ ${first.date} đến ${last.date}: ${formatNumber(first.close)} → ${formatNumber(last.close)}`}
      >
        {ticks.map((v) => (
          <g key={v}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(v)}
              y2={y(v)}
              stroke="var(--mantine-color-gray-3)"
              strokeDasharray="3 3"
            />
            <text
              x={PAD.left - 6}
              y={y(v) + 4}
              textAnchor="end"
              fontSize="11"
              fill="var(--mantine-color-dimmed)"
            >
              {formatNumber(Math.round(v))}
            </text>
          </g>
        ))}
        <polyline points={points} fill="none" stroke={colour} strokeWidth="1.6" />
        <text x={PAD.left} y={height - 6} fontSize="11" fill="var(--mantine-color-dimmed)">
          {first.date}
        </text>
        <text
          x={W - PAD.right}
          y={height - 6}
          fontSize="11"
          textAnchor="end"
          fill="var(--mantine-color-dimmed)"
        >
          {last.date}
        </text>
      </svg>
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          {bars.length} phiên · thấp nhất {formatNumber(min)} · cao nhất {formatNumber(max)}
        </Text>
      </Group>
    </div>
  );
}
