// /admin/users: the User Management list — search, role and status filters, sortable columns,
// pagination, and the toolbar for adding, importing and the import template.
import { Alert, Button, FileButton, Group, List, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { ROLES, type Role, USER_PAGE_SIZES, type User } from '@staff/contracts';
import {
  IconAlertCircle,
  IconCheck,
  IconDownload,
  IconFileSpreadsheet,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { FilterSelect } from '../../../components/filter-select';
import { PagedList } from '../../../components/paged-list';
import { useTypedUrlFilter } from '../../../lib/typed-url-filter';
import { useDeleteUser } from '../api/delete-user';
import { useDownloadTemplate } from '../api/download-template';
import { useRoles } from '../api/get-roles';
import { useUsers } from '../api/get-users';
import { useImportUsers } from '../api/import-users';
import { useUserListParams } from '../use-user-list-params';
import {
  DELETE_CONFIRMATION,
  deleteFailureMessage,
  IMPORT_FAILED,
  IMPORT_SUCCESS,
  importFailureLines,
  isXlsxFile,
  ONLY_XLSX,
  TEMPLATE_REFUSED,
  templateFailureLines,
} from '../user-errors';
import { roleLabel } from '../user-labels';
import { toggleOrdering } from '../user-list-params';
import { UsersTable } from './users-table';
import classes from './users-table.module.css';

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
] as const;

interface Feedback {
  ok: boolean;
  title: string;
  lines: string[];
}

export function UsersPage() {
  useDocumentTitle('User Management');
  const location = useLocation();
  const [params, changeParams] = useUserListParams();
  const users = useUsers(params);
  const roles = useRoles();
  const deletion = useDeleteUser();
  const importing = useImportUsers();
  const template = useDownloadTemplate();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [search, setSearch] = useTypedUrlFilter(params.search, (value) =>
    changeParams({ search: value }, { replace: true }),
  );
  const resetFileRef = useRef<() => void>(null);

  const listLocation = `${location.pathname}${location.search}`;
  const roleOptions = (roles.data ?? ROLES).map((role) => ({ value: role as Role, label: roleLabel(role) }));

  const remove = (user: User) => {
    if (!window.confirm(DELETE_CONFIRMATION)) return;
    setFeedback(null);
    deletion.mutate(user.id, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: `User ${user.email} deleted.`, icon: <IconCheck /> }),
      onError: (error) => setFeedback({ ok: false, title: deleteFailureMessage(error), lines: [] }),
    });
  };

  const importFile = (file: File | null) => {
    resetFileRef.current?.(); // so the same file can be chosen again
    if (!file) return;
    setFeedback(null);
    if (!isXlsxFile(file)) {
      setFeedback({ ok: false, title: IMPORT_FAILED, lines: [ONLY_XLSX] });
      return;
    }
    importing.mutate(file, {
      onSuccess: (result) => setFeedback({ ok: true, title: IMPORT_SUCCESS, lines: [result.detail] }),
      onError: (error) => setFeedback({ ok: false, title: IMPORT_FAILED, lines: importFailureLines(error) }),
    });
  };

  const downloadTemplate = () => {
    setFeedback(null);
    template.mutate(undefined, {
      onError: (error) =>
        setFeedback({ ok: false, title: TEMPLATE_REFUSED, lines: templateFailureLines(error) }),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={1} size="h2">
          User Management
        </Title>
        <Group gap="xs" wrap="wrap">
          <Button
            component={Link}
            to="/admin/users/create"
            state={{ from: listLocation }}
            leftSection={<IconPlus size={18} />}
          >
            Add User
          </Button>
          <FileButton onChange={importFile} accept={XLSX_ACCEPT} resetRef={resetFileRef}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconFileSpreadsheet size={18} />}
                loading={importing.isPending}
              >
                Import Excel
              </Button>
            )}
          </FileButton>
          <Button
            variant="default"
            leftSection={<IconDownload size={18} />}
            onClick={downloadTemplate}
            loading={template.isPending}
          >
            Download Template
          </Button>
        </Group>
      </Group>

      {feedback && (
        <Alert
          color={feedback.ok ? 'green' : 'red'}
          variant="light"
          icon={feedback.ok ? <IconCheck /> : <IconAlertCircle />}
          title={feedback.title}
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setFeedback(null)}
        >
          {feedback.lines.length === 1 && feedback.ok && feedback.lines[0]}
          {(feedback.lines.length > 1 || (!feedback.ok && feedback.lines.length === 1)) && (
            <List size="sm" spacing={2}>
              {feedback.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat; their order is fixed
                <List.Item key={index}>{line}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}

      <Paper radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Name, email or phone"
              type="search"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              style={{ flex: '1 1 240px' }}
              maxLength={200}
            />
            <FilterSelect
              label="Role"
              allLabel="All"
              options={roleOptions}
              value={params.role}
              onChange={(role) => changeParams({ role })}
              w={{ base: '100%', xs: 160 }}
            />
            <FilterSelect
              label="Status"
              allLabel="All"
              options={STATUS_OPTIONS}
              value={params.is_active === null ? null : `${params.is_active}`}
              onChange={(status) => changeParams({ is_active: status === null ? null : status === 'true' })}
              w={{ base: '100%', xs: 160 }}
            />
          </Group>

          <PagedList
            query={users}
            params={params}
            changeParams={changeParams}
            pageSizes={USER_PAGE_SIZES}
            loadErrorTitle="Could not load users."
            className={classes.tableWrapper}
          >
            <UsersTable
              users={users.data?.results ?? null}
              pageSize={params.page_size}
              ordering={params.ordering}
              onSort={(field) => changeParams({ ordering: toggleOrdering(params.ordering, field) })}
              onDelete={remove}
              deletingId={deletion.isPending ? (deletion.variables ?? null) : null}
              listLocation={listLocation}
              busy={users.isFetching}
            />
          </PagedList>
        </Stack>
      </Paper>
    </Stack>
  );
}
