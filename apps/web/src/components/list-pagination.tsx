// Footer of a paginated list: "Showing a–b of n", a page-size selector, up to five page buttons
// around the current page and a go-to-page box. Spec §9 hides the pagination on a single page, and
// §2 defines it as all three (size selector, page buttons, go-to), so only the summary line stays.
import { ActionIcon, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { clampGoToPage, pageWindow } from '../lib/pagination';

export interface ListPaginationProps {
  page: number;
  lastPage: number;
  pageSize: number;
  pageSizes: readonly number[];
  /** Total number of items across pages. */
  count: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Disables the controls, e.g. while the first page loads. */
  disabled?: boolean;
}

export function ListPagination({
  page,
  lastPage,
  pageSize,
  pageSizes,
  count,
  onPageChange,
  onPageSizeChange,
  disabled,
}: ListPaginationProps) {
  const [goTo, setGoTo] = useState('');
  const goToId = useId();
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, count);

  const submitGoTo = (event: FormEvent) => {
    event.preventDefault();
    onPageChange(clampGoToPage(goTo, lastPage));
    setGoTo('');
  };

  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {count === 0 ? 'No results' : `Showing ${first}–${last} of ${count}`}
        </Text>
        {lastPage > 1 && (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" component="label" htmlFor={`${goToId}-size`}>
              Rows per page
            </Text>
            <Select
              id={`${goToId}-size`}
              size="xs"
              w={76}
              data={pageSizes.map(String)}
              value={String(pageSize)}
              allowDeselect={false}
              onChange={(value) => value && onPageSizeChange(Number(value))}
              disabled={disabled}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
        )}
      </Group>

      {lastPage > 1 && (
        <Group gap="sm" wrap="wrap">
          <Group component="nav" aria-label="Pagination" gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="md"
              aria-label="First page"
              disabled={disabled || page <= 1}
              onClick={() => onPageChange(1)}
            >
              <IconChevronsLeft size={16} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="md"
              aria-label="Previous page"
              disabled={disabled || page <= 1}
              onClick={() => onPageChange(page - 1)}
            >
              <IconChevronLeft size={16} />
            </ActionIcon>
            {pageWindow(page, lastPage).map((n) => (
              <Button
                key={n}
                size="compact-sm"
                miw={32}
                variant={n === page ? 'filled' : 'default'}
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                disabled={disabled}
                onClick={() => n !== page && onPageChange(n)}
              >
                {n}
              </Button>
            ))}
            <ActionIcon
              variant="default"
              size="md"
              aria-label="Next page"
              disabled={disabled || page >= lastPage}
              onClick={() => onPageChange(page + 1)}
            >
              <IconChevronRight size={16} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="md"
              aria-label="Last page"
              disabled={disabled || page >= lastPage}
              onClick={() => onPageChange(lastPage)}
            >
              <IconChevronsRight size={16} />
            </ActionIcon>
          </Group>
          <form onSubmit={submitGoTo}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" component="label" htmlFor={goToId}>
                Go to page
              </Text>
              <TextInput
                id={goToId}
                size="xs"
                w={64}
                inputMode="numeric"
                autoComplete="off"
                value={goTo}
                onChange={(event) => setGoTo(event.currentTarget.value)}
                disabled={disabled}
              />
              <Button type="submit" size="compact-sm" variant="light" disabled={disabled}>
                Go
              </Button>
            </Group>
          </form>
        </Group>
      )}
    </Group>
  );
}
