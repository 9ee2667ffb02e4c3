// The attribution Lightweight Charts' licence asks for (its NOTICE and a link to TradingView), under
// every chart it draws, instead of the logo it would paint over the chart's corner (decision 0032).
import { Anchor, Text } from '@mantine/core';

export const TRADINGVIEW_URL = 'https://www.tradingview.com/';

export function ChartAttribution() {
  return (
    <Text size="xs" c="dimmed" data-testid="chart-attribution">
      Biểu đồ:{' '}
      <Anchor href={TRADINGVIEW_URL} target="_blank" rel="noopener noreferrer" size="xs" underline="always">
        TradingView Lightweight Charts
      </Anchor>{' '}
      · Copyright (c) 2023 TradingView, Inc.
    </Text>
  );
}
