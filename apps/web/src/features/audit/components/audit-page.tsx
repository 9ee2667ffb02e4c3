// /admin/audit: the audit log for administrators — who did what to whom, when and from where, newest
// first, with filters (action, actor, target, a date range in Vietnam) and pages, all kept in the URL.
import {
  Button,
  Group,
  LoadingOverlay,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import {
  AUDIT_ACTIONS,
  AUDIT_MESSAGES,
  AUDIT_PAGE_SIZES,
  AUDIT_TARGET_TYPES,
  type AuditAction,
  type AuditTargetType,
} from '@staff/contracts';
import { IconFilterOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ListPagination } from '../../../components/list-pagination';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { lastPageOf } from '../../../lib/pagination';
import { useAuditEvents } from '../api/get-audit-events';
import { ACTION_LABELS, TARGET_TYPE_LABELS } from '../audit-labels';
import {
  DEFAULT_AUDIT_LIST_PARAMS,
  dateRangeError,
  positiveInt,
  TARGET_ID_MAX_LENGTH,
} from '../audit-list-params';
import { useAuditListParams } from '../use-audit-list-params';
import { AuditTable } from './audit-table';

export const FILTER_DEBOUNCE_MS = 300;
const ALL = 'all';

const ACTION_OPTIONS = [
  { value: ALL, label: 'All actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: ACTION_LABELS[action] })),
];
const TARGET_TYPE_OPTIONS = [
  { value: ALL, label: 'All' },
  ...AUDIT_TARGET_TYPES.map((type) => ({ value: type, label: TARGET_TYPE_LABELS[type] ?? type })),
];

/**
 * A typed filter: the text is local and reaches the URL (replacing history) once typing pauses and
 * the text is acceptable; Back/Forward or a link changing the URL shows the URL's value.
 */
function useTypedFilter(
  urlValue: string,
  accept: (text: string) => boolean,
  onSettled: (text: string) => void,
) {
  const [text, setText] = useState(urlValue);
  const [debounced] = useDebouncedValue(text, FILTER_DEBOUNCE_MS);
  const latestUrlValue = useRef(urlValue);
  latestUrlValue.current = urlValue;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled new text filters
  useEffect(() => {
    const value = debounced.trim();
    if (value !== latestUrlValue.current && accept(value)) onSettled(value);
  }, [debounced]);

  useEffect(() => {
    setText((current) => (current.trim() === urlValue ? current : urlValue));
  }, [urlValue]);

  return [text, setText] as const;
}

const isActorId = (text: string) => text === '' || positiveInt(text) !== null;

export function AuditPage() {
  useDocumentTitle('Audit log');
  const [params, changeParams] = useAuditListParams();
  const events = useAuditEvents(params);
  const [actor, setActor] = useTypedFilter(
    params.actor === null ? '' : String(params.actor),
    isActorId,
    (text) => changeParams({ actor: positiveInt(text) }, { replace: true }),
  );
  const [targetId, setTargetId] = useTypedFilter(
    params.target_id,
    () => true,
    (text) => changeParams({ target_id: text }, { replace: true }),
  );

  const data = events.data;
  // The asked page was past the end (404 "Invalid page."): the URL follows the page shown.
  useEffect(() => {
    if (data && !events.isPlaceholderData && data.page !== params.page) {
      changeParams({ page: data.page }, { replace: true });
    }
  }, [data, events.isPlaceholderData, params.page, changeParams]);

  const rangeError = dateRangeError(params);
  const filtered =
    params.action !== null ||
    params.actor !== null ||
    params.target_type !== null ||
    params.target_id !== '' ||
    params.from !== '' ||
    params.to !== '';
  const lastPage = data ? lastPageOf(data.count, params.page_size) : 1;
  const loadError = events.isError && !data;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Audit log
      </Title>

      <Paper radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <SimpleGrid
            component="section"
            aria-label="Filters"
            cols={{ base: 1, xs: 2, md: 3, lg: 6 }}
            spacing="sm"
            verticalSpacing="xs"
          >
            <Select
              label="Action"
              data={ACTION_OPTIONS}
              value={params.action ?? ALL}
              onChange={(value) =>
                changeParams({ action: value && value !== ALL ? (value as AuditAction) : null })
              }
              allowDeselect={false}
            />
            <TextInput
              label="Actor (user ID)"
              inputMode="numeric"
              autoComplete="off"
              value={actor}
              onChange={(event) => setActor(event.currentTarget.value)}
              error={isActorId(actor.trim()) ? null : AUDIT_MESSAGES.actor}
            />
            <Select
              label="Target type"
              data={TARGET_TYPE_OPTIONS}
              value={params.target_type ?? ALL}
              onChange={(value) =>
                changeParams({ target_type: value && value !== ALL ? (value as AuditTargetType) : null })
              }
              allowDeselect={false}
            />
            <TextInput
              label="Target ID"
              autoComplete="off"
              maxLength={TARGET_ID_MAX_LENGTH}
              value={targetId}
              onChange={(event) => setTargetId(event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="From"
              value={params.from}
              onChange={(event) => changeParams({ from: event.currentTarget.value })}
            />
            <TextInput
              type="date"
              label="To"
              value={params.to}
              onChange={(event) => changeParams({ to: event.currentTarget.value })}
              error={rangeError}
            />
          </SimpleGrid>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed">
              Times and dates are in Vietnam time (UTC+7).
            </Text>
            {filtered && (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconFilterOff size={16} />}
                onClick={() => changeParams({ ...DEFAULT_AUDIT_LIST_PARAMS, page_size: params.page_size })}
              >
                Clear filters
              </Button>
            )}
          </Group>

          {loadError ? (
            <LoadErrorAlert
              title="Could not load the audit log."
              error={events.error}
              onRetry={() => events.refetch()}
            />
          ) : (
            <div style={{ position: 'relative' }}>
              <LoadingOverlay
                visible={events.isPlaceholderData && events.isFetching}
                zIndex={2}
                overlayProps={{ blur: 1, backgroundOpacity: 0.4 }}
                loaderProps={{ size: 'sm' }}
              />
              <AuditTable
                events={rangeError ? [] : (data?.results ?? null)}
                pageSize={params.page_size}
                busy={events.isFetching}
                emptyText={filtered ? 'No events match these filters.' : 'No events have been recorded yet.'}
                onActor={(id) => changeParams({ actor: id })}
                onTarget={(type, id) => changeParams({ target_type: type, target_id: id })}
              />
            </div>
          )}

          {data && !rangeError && (
            <ListPagination
              page={Math.min(params.page, lastPage)}
              lastPage={lastPage}
              pageSize={params.page_size}
              pageSizes={AUDIT_PAGE_SIZES}
              count={data.count}
              onPageChange={(page) => changeParams({ page })}
              onPageSizeChange={(pageSize) => changeParams({ page_size: pageSize })}
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
