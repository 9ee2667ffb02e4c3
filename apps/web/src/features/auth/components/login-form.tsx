import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LoginRequest } from '@staff/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ApiError } from '../../../lib/api-client';

export const LOGIN_FAILED_MESSAGE = 'Invalid email or password';

/** What to tell the user: the throttling message when rate-limited, otherwise the spec's failure text. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429 && error.detail) return error.detail;
  return LOGIN_FAILED_MESSAGE;
}

interface LoginFormProps {
  onSubmit: (values: LoginRequest) => void;
  submitting: boolean;
  error: string | null;
}

export function LoginForm({ onSubmit, submitting, error }: LoginFormProps) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: zod4Resolver(LoginRequest),
  });

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(LoginRequest.parse(values)))} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          withAsterisk={false}
          autoFocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          withAsterisk={false}
          key={form.key('password')}
          // Mantine puts aria-invalid on the wrapper only; screen readers need it on the input.
          aria-invalid={Boolean(form.errors.password)}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={submitting} mt="xs">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
