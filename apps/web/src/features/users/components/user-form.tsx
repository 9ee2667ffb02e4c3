// The user form shared by create and edit (spec sections 2, 5, 8): server errors keep the typed
// values, put field errors under their fields and say in the banner, in words, what went wrong.
import {
  Button,
  Divider,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MIN_LENGTH, type Role, UserCreate, UserUpdate } from '@staff/contracts';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link } from 'react-router';
import { z } from 'zod';
import { SaveFailureAlert } from '../../../components/save-failure-alert';
import { useFormSave } from '../../../lib/form-save';
import { useRoles } from '../api/get-roles';
import { saveErrorMessage, userFieldErrors } from '../user-errors';
import type { UserFormValues } from '../user-form-data';
import { GENDER_OPTIONS, roleLabel } from '../user-labels';

export const KEEP_PASSWORD_HINT = 'leave blank to keep unchanged';

// The contracts' schemas, with the e-mail (and on create the password) required in plain words.
const createSchema = UserCreate.extend({ password: z.string().min(1).pipe(UserCreate.shape.password) });
const editSchema = UserUpdate.extend({ email: UserCreate.shape.email });

interface UserFormProps {
  mode: 'create' | 'edit';
  initialValues: UserFormValues;
  /** Saves; rejects with the API's error to keep the user on the form. */
  onSubmit: (values: UserFormValues) => Promise<unknown>;
  /** The list (with its query) to go back to. */
  cancelTo: string;
}

export function UserForm({ mode, initialValues, onSubmit, cancelTo }: UserFormProps) {
  const roles = useRoles();
  const form = useForm<UserFormValues>({
    initialValues,
    validate: zod4Resolver(mode === 'create' ? createSchema : editSchema),
  });
  const { save, saving, failure, conflictNotes } = useFormSave(form, onSubmit, (error) => {
    form.setErrors(userFieldErrors(error));
    return saveErrorMessage(error);
  });
  const submit = form.onSubmit(save);

  const roleNames: readonly string[] = roles.data ?? [form.values.role];
  const inputProps = (field: keyof UserFormValues) => {
    const props = form.getInputProps(field);
    // Mantine puts aria-invalid on the wrapper only; screen readers need it on the input.
    return { ...props, 'aria-invalid': Boolean(form.errors[field]) };
  };

  return (
    <Paper radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SaveFailureAlert failure={failure} conflictNotes={conflictNotes} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            required
            description="Also the user's sign-in name."
            {...inputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput label="First name" autoComplete="off" {...inputProps('first_name')} />
            <TextInput label="Middle name" autoComplete="off" {...inputProps('middle_name')} />
            <TextInput label="Last name" autoComplete="off" {...inputProps('last_name')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput label="Phone" type="tel" autoComplete="off" {...inputProps('phone')} />
            <Select
              label="Role"
              required
              data={roleNames.map((role) => ({ value: role, label: roleLabel(role) }))}
              allowDeselect={false}
              disabled={roles.isPending}
              {...inputProps('role')}
              error={form.errors.role ?? (roles.isError ? 'Could not load the role list.' : undefined)}
              onChange={(value) => value && form.setFieldValue('role', value as Role)}
            />
            <Select
              label="Gender"
              placeholder="Not specified"
              data={GENDER_OPTIONS}
              clearable
              {...inputProps('gender')}
              value={form.values.gender || null}
              onChange={(value) => form.setFieldValue('gender', (value ?? '') as UserFormValues['gender'])}
            />
          </SimpleGrid>
          <Switch
            label="Active"
            description="Inactive users cannot sign in."
            {...form.getInputProps('is_active', { type: 'checkbox' })}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required={mode === 'create'}
            description={
              mode === 'create' ? `At least ${PASSWORD_MIN_LENGTH} characters.` : KEEP_PASSWORD_HINT
            }
            {...inputProps('password')}
          />
          <Divider />
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to={cancelTo} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {mode === 'create' ? 'Create User' : 'Save Changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
