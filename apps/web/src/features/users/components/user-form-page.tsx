// /admin/users/create and /admin/users/{id}/edit: the user form titled 'Create New User' or
// 'Edit User'; after saving, back to the list the form was opened from.
import { Anchor, Button, Container, Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { User } from '@staff/contracts';
import { IconArrowLeft, IconCheck, IconUserQuestion } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageLoader } from '../../../components/page-loader';
import { StatusPage } from '../../../components/status-page';
import { ApiError } from '../../../lib/api-client';
import { EditConflict, mergeAfterConflict } from '../../../lib/edit-conflict';
import { useVersionedEdit } from '../../../lib/versioned-edit';
import { useCreateUser } from '../api/create-user';
import { userQueryOptions, useUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { USER_EDIT_CONFLICT } from '../user-errors';
import { EMPTY_USER_FORM, type UserFormValues, userFormValuesOf } from '../user-form-data';
import { GENDER_OPTIONS, roleLabel } from '../user-labels';
import { UserForm } from './user-form';

const FIELD_LABELS: Record<keyof UserFormValues, string> = {
  email: 'Email',
  first_name: 'First name',
  middle_name: 'Middle name',
  last_name: 'Last name',
  phone: 'Phone',
  role: 'Role',
  gender: 'Gender',
  is_active: 'Active',
  password: 'Password',
};

function shownValue(field: keyof UserFormValues, value: unknown): string {
  if (field === 'role') return roleLabel(String(value));
  if (field === 'gender') return GENDER_OPTIONS.find((g) => g.value === value)?.label ?? 'Not specified';
  if (field === 'is_active') return value ? 'Yes' : 'No';
  return String(value) || '(empty)';
}

/** The form's next values after a 412, and a line for each field both people changed. */
function userEditConflict(from: User, typed: UserFormValues, newer: User): EditConflict<UserFormValues> {
  const { values, conflicts } = mergeAfterConflict(userFormValuesOf(from), typed, userFormValuesOf(newer));
  const notes = conflicts.map(
    ({ field, theirs }) =>
      `${FIELD_LABELS[field]}: your value is kept; they saved ${shownValue(field, theirs)}.`,
  );
  return new EditConflict(USER_EDIT_CONFLICT, values, notes);
}

const LIST_PATH = '/admin/users';

/** The list location the form was opened from (kept in navigation state), else the plain list. */
function useListLocation(): string {
  const state: unknown = useLocation().state;
  const from = state && typeof state === 'object' && 'from' in state ? state.from : null;
  return typeof from === 'string' && (from === LIST_PATH || from.startsWith(`${LIST_PATH}?`))
    ? from
    : LIST_PATH;
}

/** After a save: a toast saying so, then back to the list the form was opened from. */
function useSavedThenBack(listLocation: string): (message: string) => void {
  const navigate = useNavigate();
  return (message) => {
    notifications.show({ color: 'green', icon: <IconCheck />, message });
    navigate(listLocation);
  };
}

function FormHeader({ title, backTo }: { title: string; backTo: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Button
        component={Link}
        to={backTo}
        variant="subtle"
        color="gray"
        leftSection={<IconArrowLeft size={18} />}
      >
        Back
      </Button>
    </Group>
  );
}

export function CreateUserPage() {
  useDocumentTitle('Create New User');
  const listLocation = useListLocation();
  const savedThenBack = useSavedThenBack(listLocation);
  const create = useCreateUser();

  const save = async (values: UserFormValues) => {
    await create.mutateAsync(values);
    savedThenBack(`User ${values.email.trim()} created.`);
  };

  return (
    <Container size="md" px={0}>
      <Stack gap="md">
        <FormHeader title="Create New User" backTo={listLocation} />
        <UserForm mode="create" initialValues={EMPTY_USER_FORM} onSubmit={save} cancelTo={listLocation} />
      </Stack>
    </Container>
  );
}

export function EditUserPage() {
  useDocumentTitle('Edit User');
  const listLocation = useListLocation();
  const savedThenBack = useSavedThenBack(listLocation);
  const id = Number(useParams().id);
  const validId = Number.isSafeInteger(id) && id > 0;
  const user = useUser(validId ? id : null);
  const update = useUpdateUser();
  const queryClient = useQueryClient();
  const { loaded, saveOver } = useVersionedEdit(user.data);

  const notFound = !validId || (user.error instanceof ApiError && user.error.status === 404);
  if (notFound) {
    return (
      <StatusPage icon={<IconUserQuestion size={32} />} color="gray" title="User not found">
        This user does not exist or has been deleted.{' '}
        <Anchor component={Link} to={listLocation}>
          Back to User Management
        </Anchor>
      </StatusPage>
    );
  }

  const save = async (values: UserFormValues) => {
    const from = loaded ?? user.data;
    if (!from) return;
    await saveOver(from, {
      write: (etag) => update.mutateAsync({ id, values, etag }),
      reread: () => queryClient.fetchQuery({ ...userQueryOptions(id), staleTime: 0 }),
      conflict: (base, newer) => userEditConflict(base, values, newer),
    });
    savedThenBack(`User ${values.email.trim()} saved.`);
  };

  return (
    <Container size="md" px={0}>
      <Stack gap="md">
        <FormHeader title="Edit User" backTo={listLocation} />
        {user.isError && (
          <LoadErrorAlert
            title="Could not load the user."
            error={user.error}
            onRetry={() => user.refetch()}
          />
        )}
        {user.isPending && <PageLoader />}
        {loaded && (
          // Keyed by id so another user's edit page starts from that user's values.
          <UserForm
            key={loaded.data.id}
            mode="edit"
            initialValues={userFormValuesOf(loaded.data)}
            onSubmit={save}
            cancelTo={listLocation}
          />
        )}
      </Stack>
    </Container>
  );
}
