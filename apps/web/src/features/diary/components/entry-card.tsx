// One entry in the list: a card linking to /entries/{id}; overlapping entries are marked, since both
// count in the totals.
import { Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { type Entry, FEELING_EMOJI } from '@staff/contracts';
import { IconClock, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDuration, formatEntrySpan } from '../entry-format';

export const OVERLAP_LABEL = 'Overlaps another entry';

export function EntryCard({ entry }: { entry: Entry }) {
  return (
    <Card
      component={Link}
      to={`/entries/${entry.id}`}
      withBorder
      radius="lg"
      padding="md"
      data-testid="entry-card"
      aria-label={entry.title}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text fw={600} lineClamp={2} style={{ minWidth: 0 }}>
            {entry.title}
          </Text>
          <Text size="xl" aria-label={entry.feeling} title={entry.feeling} lh={1}>
            {FEELING_EMOJI[entry.feeling]}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconClock size={16} stroke={1.6} aria-hidden />
          <Text size="sm">{formatEntrySpan(entry)}</Text>
        </Group>
        <Group gap={6} wrap="wrap">
          <Badge variant="light" color="blue" tt="none">
            {formatDuration(entry.duration_minutes)}
          </Badge>
          {entry.overlaps && (
            <Tooltip label="Both entries count in the totals" withArrow>
              <Badge variant="light" color="orange" tt="none">
                {OVERLAP_LABEL}
              </Badge>
            </Tooltip>
          )}
        </Group>
        {entry.place && (
          <Group gap={6} wrap="nowrap">
            <IconMapPin size={16} stroke={1.6} aria-hidden />
            <Text size="sm" c="dimmed" truncate>
              {entry.place}
            </Text>
          </Group>
        )}
        {entry.category.length > 0 && (
          <Group gap={4}>
            {entry.category.map((c) => (
              <Badge key={c.id} variant="outline" color="gray" tt="none" size="sm">
                {c.title}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
