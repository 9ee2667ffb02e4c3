import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { LoginRequest } from '@staff/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';

export const LOGIN_FAILED_MESSAGE = 'Invalid email or password';

export interface LoginFailure {
  message: string;
  /** When rate-limited and the server said how long: e.g. 'Try again in 2 minutes.' */
  retry: string | null;
}

/** Spec §8: every failure, throttling included, reads 'Invalid email or password'. */
export function loginFailure(error: unknown): LoginFailure {
  const wait = error instanceof ApiError && error.status === 429 ? error.retryAfterSeconds : undefined;
  return { message: LOGIN_FAILED_MESSAGE, retry: wait === undefined ? null : tryAgainIn(wait) };
}

/** 'Try again in 45 seconds.', '… in 2 minutes.', '… in 1 hour.' (rounded up, never "0"). */
export function tryAgainIn(seconds: number): string {
  const unit = (count: number, name: string) => `Try again in ${count} ${name}${count === 1 ? '' : 's'}.`;
  if (seconds < 60) return unit(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 3600) return unit(Math.ceil(seconds / 60), 'minute');
  return unit(Math.ceil(seconds / 3600), 'hour');
}

// The form validates with the shared LoginRequest schema (and the DRF messages the contracts configure
// zod with), but zod stays out of /login's first download and first render: the contracts load when
// the user starts typing (or a password manager fills the form), well before Sign in is pressed.
const loadContracts = () => import('../contracts');

function prefetchContracts(): void {
  loadContracts().catch(() => {
    // Offline before the code arrived: submitting tries again and says so if it still cannot.
  });
}

type Field = keyof LoginRequest;
type FieldErrors = Partial<Record<Field, string>>;

interface LoginFormProps {
  onSubmit: (values: LoginRequest) => void;
  submitting: boolean;
  error: LoginFailure | null;
}

export function LoginForm({ onSubmit, submitting, error }: LoginFormProps) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loadFailed, setLoadFailed] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
    let contracts: Awaited<ReturnType<typeof loadContracts>>;
    try {
      contracts = await loadContracts();
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
      return;
    }
    const parsed = contracts.LoginRequest.safeParse(values);
    if (parsed.success) {
      setErrors({});
      onSubmit(parsed.data);
      return;
    }
    const fieldErrors = contracts.toValidationErrors(parsed.error);
    setErrors({ email: fieldErrors.email?.[0], password: fieldErrors.password?.[0] });
  }

  /** Like a form library: typing in a field clears its error. */
  const clearError = (field: Field) => () => {
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const alert: LoginFailure | null = loadFailed
    ? { message: 'Could not load the sign-in form. Check the connection and try again.', retry: null }
    : error;
  return (
    <form onSubmit={submit} onInput={prefetchContracts} noValidate>
      <Stack gap="md">
        {alert && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            <Text size="sm">{alert.message}</Text>
            {alert.retry && <Text size="sm">{alert.retry}</Text>}
          </Alert>
        )}
        <TextInput
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          withAsterisk={false}
          autoFocus
          error={errors.email}
          onChange={clearError('email')}
        />
        <PasswordInput
          name="password"
          label="Password"
          autoComplete="current-password"
          required
          withAsterisk={false}
          error={errors.password}
          // Mantine puts aria-invalid on the wrapper only; screen readers need it on the input.
          aria-invalid={Boolean(errors.password)}
          onChange={clearError('password')}
        />
        <Button type="submit" fullWidth loading={submitting} mt="xs">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
