// 'Xuất' on the entries list: the entries starting in the list's date range, as CSV or Excel, saved
// as a file. While the file comes, the button waits and a bar shows how much has arrived (a year of
// entries takes a moment); a refusal is said in words.
import { Button, Group, Menu, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type EntryExportFormat, EntryExportQuery } from '@staff/contracts';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { failureText } from '../../../lib/api-client';
import { useExportEntries } from '../api/export-entries';

export const EXPORT_LABEL = 'Xuất';
export const EXPORT_NEEDS_DATES = 'Choose both dates (From and To) to export.';
export const EXPORT_FAILED = 'The entries could not be exported.';

const FORMATS: { format: EntryExportFormat; label: string; icon: typeof IconDownload }[] = [
  { format: 'csv', label: 'CSV (.csv)', icon: IconFileTypeCsv },
  { format: 'xlsx', label: 'Excel (.xlsx)', icon: IconFileSpreadsheet },
];

/** Why the range cannot be exported, in the contract's words, or null when it can. */
export function exportRangeProblem(start_date: string, end_date: string): string | null {
  if (!start_date || !end_date) return EXPORT_NEEDS_DATES;
  const checked = EntryExportQuery.safeParse({ start_date, end_date, format: 'csv' });
  return checked.success ? null : (checked.error.issues[0]?.message ?? EXPORT_NEEDS_DATES);
}

/** "1.2 MB of 3.4 MB" or "120 kB", as the bar's words. */
export function progressText(received: number, total: number | null): string {
  const size = (bytes: number) =>
    bytes >= 1_000_000
      ? `${(bytes / 1_000_000).toLocaleString('vi-VN', { maximumFractionDigits: 1 })} MB`
      : `${Math.ceil(bytes / 1000).toLocaleString('vi-VN')} kB`;
  return total ? `${size(received)} / ${size(total)}` : size(received);
}

interface Received {
  received: number;
  total: number | null;
}

export function ExportEntriesMenu({ startDate, endDate }: { startDate: string; endDate: string }) {
  const [progress, setProgress] = useState<Received | null>(null);
  const exporting = useExportEntries((received, total) => setProgress({ received, total }));
  const problem = exportRangeProblem(startDate, endDate);

  const start = (format: EntryExportFormat) => {
    setProgress(null);
    exporting.mutate(
      { start_date: startDate, end_date: endDate, format },
      {
        onError: (error) =>
          notifications.show({ color: 'red', title: EXPORT_FAILED, message: failureText(error) }),
        onSettled: () => setProgress(null),
      },
    );
  };

  const percent = progress?.total ? Math.min(100, (progress.received / progress.total) * 100) : null;
  return (
    <Stack gap={4} align="flex-end">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting.isPending}>
            {EXPORT_LABEL}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {problem ? <Menu.Label maw={240}>{problem}</Menu.Label> : null}
          {FORMATS.map(({ format, label, icon: Icon }) => (
            <Menu.Item
              key={format}
              leftSection={<Icon size={16} />}
              disabled={problem !== null}
              onClick={() => start(format)}
            >
              {label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {exporting.isPending ? (
        <Group gap="xs" wrap="nowrap" aria-live="polite">
          <Progress
            w={140}
            size="sm"
            value={percent ?? 100}
            striped={percent === null}
            animated={percent === null}
            aria-label="Export progress"
          />
          <Text size="xs" c="dimmed">
            {progress ? progressText(progress.received, progress.total) : 'Preparing…'}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
