// The latest-quote card (spec: the further widget that gets the symbol and the error setter):
// Last, Bid, Ask in whole VND and the quote's time, with its source.
import { Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ForexLatest } from '@staff/contracts';
import { useEffect } from 'react';
import { useLatest } from '../api/get-latest';
import { formatQuoteTime, formatWhole } from '../format';
import { sourceName } from './notices';

export const LATEST_ERROR = 'Failed to load the latest quote';

export function LatestQuoteCard({
  symbol,
  setError,
}: {
  symbol: string;
  setError: (message: string | null) => void;
}) {
  const latest = useLatest(symbol);
  useEffect(() => {
    if (latest.isError) setError(LATEST_ERROR);
  }, [latest.isError, setError]);

  const quote: ForexLatest | undefined = latest.data;
  return (
    <Card withBorder radius="md" padding="md" aria-labelledby="latest-quote-title" data-testid="latest-quote">
      <Group justify="space-between" mb="sm">
        <Title order={4} id="latest-quote-title">
          Latest quote — {symbol}
        </Title>
        {quote && (
          <Text size="xs" c="dimmed">
            Nguồn: {sourceName(quote.source)}
          </Text>
        )}
      </Group>
      {latest.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading the latest quote" />
      ) : quote ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {(
            [
              ['Last', formatWhole(quote.data.last)],
              ['Bid', formatWhole(quote.data.bid)],
              ['Ask', formatWhole(quote.data.ask)],
              ['Time', formatQuoteTime(quote.data.time)],
            ] as const
          ).map(([name, value]) => (
            <Stack gap={0} key={name} data-testid={`quote-${name.toLowerCase()}`}>
              <Text size="xs" c="dimmed" tt="uppercase">
                {name}
              </Text>
              <Text fw={600}>{value}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          No quote.
        </Text>
      )}
    </Card>
  );
}
