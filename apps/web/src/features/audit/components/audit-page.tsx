// /admin/audit: the audit log for administrators — who did what to whom, when and from where, newest
// first, with filters (action, actor found by name or e-mail, target, a date range in Vietnam) and
// pages, all kept in the URL.
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZES, AUDIT_TARGET_TYPES } from '@staff/contracts';
import { IconFilterOff } from '@tabler/icons-react';
import { DateRangeInputs } from '../../../components/date-range-inputs';
import { FilterSelect } from '../../../components/filter-select';
import { PagedList } from '../../../components/paged-list';
import { useTypedUrlFilter } from '../../../lib/typed-url-filter';
import { useAuditEvents } from '../api/get-audit-events';
import { ACTION_LABELS, actorLabel, TARGET_TYPE_LABELS } from '../audit-labels';
import { DEFAULT_AUDIT_LIST_PARAMS, dateRangeError, TARGET_ID_MAX_LENGTH } from '../audit-list-params';
import { useAuditListParams } from '../use-audit-list-params';
import { ActorPicker } from './actor-picker';
import { AuditTable } from './audit-table';

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: ACTION_LABELS[action] }));
const TARGET_TYPE_OPTIONS = AUDIT_TARGET_TYPES.map((type) => ({
  value: type,
  label: TARGET_TYPE_LABELS[type] ?? type,
}));

export function AuditPage() {
  useDocumentTitle('Audit log');
  const [params, changeParams] = useAuditListParams();
  const events = useAuditEvents(params);
  const actorEvent = events.data?.results.find((event) => event.actor_id === params.actor);
  const [targetId, setTargetId] = useTypedUrlFilter(params.target_id, (text) =>
    changeParams({ target_id: text }, { replace: true }),
  );

  const rangeError = dateRangeError(params);
  const filtered =
    params.action !== null ||
    params.actor !== null ||
    params.target_type !== null ||
    params.target_id !== '' ||
    params.from !== '' ||
    params.to !== '';

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
            <FilterSelect
              label="Action"
              allLabel="All actions"
              options={ACTION_OPTIONS}
              value={params.action}
              onChange={(action) => changeParams({ action })}
            />
            <ActorPicker
              actorId={params.actor}
              fallbackName={actorEvent ? actorLabel(actorEvent) : null}
              onChange={(actor) => changeParams({ actor })}
            />
            <FilterSelect
              label="Target type"
              allLabel="All"
              options={TARGET_TYPE_OPTIONS}
              value={params.target_type}
              onChange={(target_type) => changeParams({ target_type })}
            />
            <TextInput
              label="Target ID"
              autoComplete="off"
              maxLength={TARGET_ID_MAX_LENGTH}
              value={targetId}
              onChange={(event) => setTargetId(event.currentTarget.value)}
            />
            <DateRangeInputs
              from={params.from}
              to={params.to}
              onFromChange={(from) => changeParams({ from })}
              onToChange={(to) => changeParams({ to })}
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

          <PagedList
            query={events}
            params={params}
            changeParams={changeParams}
            pageSizes={AUDIT_PAGE_SIZES}
            loadErrorTitle="Could not load the audit log."
            paginated={!rangeError}
          >
            <AuditTable
              events={rangeError ? [] : (events.data?.results ?? null)}
              pageSize={params.page_size}
              busy={events.isFetching}
              emptyText={filtered ? 'No events match these filters.' : 'No events have been recorded yet.'}
              onActor={(id) => changeParams({ actor: id })}
              onTarget={(type, id) => changeParams({ target_type: type, target_id: id })}
            />
          </PagedList>
        </Stack>
      </Paper>
    </Stack>
  );
}
