// Where a market chart's canvas goes: a box of the chart's height that holds the drawing, a loader
// while the chart library comes (chart-kit.ts), and a note instead when this browser cannot draw.
import { Center, Loader, Text } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { canDrawCharts } from './canvas-support';

export const CANNOT_DRAW = 'Trình duyệt này không vẽ được biểu đồ; số liệu có trong bảng bên dưới.';

export function ChartFrame({ height, children }: { height: number; children: ReactNode }) {
  if (!canDrawCharts()) {
    return (
      <Center style={{ height }} data-testid="chart-fallback">
        <Text size="sm" c="dimmed">
          {CANNOT_DRAW}
        </Text>
      </Center>
    );
  }
  return (
    <Suspense
      fallback={
        <Center style={{ height }}>
          <Loader size="sm" role="status" aria-label="Đang tải biểu đồ" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
