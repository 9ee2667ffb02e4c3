// The table's own log (issue 25): every event, who posted it, from which device, and who approved or
// rejected it. Read from the server when opened, and again as the table moves on.
import { Card, Loader, Stack, Text } from '@mantine/core';
import type { Table, TableEvent } from '@staff/contracts';
import { useQuery } from '@tanstack/react-query';
import { failureText } from '../../../lib/api-client';
import { Section } from '../components/section';
import { fetchTableEvents, tableKeys, useTableGuest } from './api';
import { describeTableAction } from './live-table';

const TIME = new Intl.DateTimeFormat('vi-VN', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** One event in words: who did what, from which device, and the host's decision. */
export function describeTableEvent(event: TableEvent, table: Table): string {
  const seat = table.seats.find((s) => s.seat === event.seat);
  const who = seat ? seat.name : 'Chủ bàn';
  const what = describeTableAction(event.action);
  const device = event.device_id ? ` (máy ${event.device_id.slice(0, 6)})` : '';
  switch (event.kind) {
    case 'pending':
      return `${who}${device}: ${what} · chờ duyệt`;
    case 'approve':
      return `Chủ bàn duyệt #${event.ref_seq}: ${what}`;
    case 'reject':
      return `Chủ bàn từ chối #${event.ref_seq}: ${what}`;
    default:
      return `${who}${device}: ${what}`;
  }
}

function Events({ table }: { table: Table }) {
  const guest = useTableGuest();
  const query = useQuery({
    queryKey: [...tableKeys.table(table.id), 'events', table.seq],
    queryFn: ({ signal }) => fetchTableEvents(table.id, 0, signal, guest),
    networkMode: 'always',
  });
  if (query.isPending) return <Loader size="sm" aria-label="Đang tải nhật ký bàn" />;
  if (query.isError)
    return (
      <Text size="sm" c="red">
        {failureText(query.error, 'vi')}
      </Text>
    );
  const events = [...query.data.events].reverse();
  if (events.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Chưa có thao tác nào.
      </Text>
    );
  return (
    <Stack gap={2} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
      {events.map((event) => (
        <Text key={event.seq} component="li" size="sm">
          <Text span size="xs" c="dimmed">
            #{event.seq} {TIME.format(new Date(event.at))}{' '}
          </Text>
          {describeTableEvent(event, table)}
        </Text>
      ))}
    </Stack>
  );
}

export function TableLog({ table }: { table: Table }) {
  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-label="Nhật ký bàn">
      <Section title="Nhật ký bàn" summary={`${table.seq} sự kiện`} defaultOpened={false}>
        <Events table={table} />
      </Section>
    </Card>
  );
}
