// /change-password: old and new password; success revokes the user's sessions in other browsers.
import { Alert, Button, Container, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import {
  ChangePasswordRequest,
  PASSWORD_CHANGE_REQUIRED_MESSAGE,
  PASSWORD_MIN_LENGTH,
} from '@staff/contracts';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link } from 'react-router';
import { type FormOutcome, FormOutcomeAlert } from '../../../components/form-outcome-alert';
import { useCurrentUser } from '../../../lib/current-user';
import { useChangePassword } from '../api';
import { saveFailure } from '../save-failure';

export function ChangePasswordPage() {
  useDocumentTitle('Change Password');
  const change = useChangePassword();
  // The first administrator's generated password: nothing else opens until it is replaced.
  const required = useCurrentUser().user?.must_change_password === true;
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const form = useForm({
    initialValues: { old_password: '', new_password: '' },
    validate: zod4Resolver(ChangePasswordRequest),
  });

  const submit = form.onSubmit((values) => {
    setOutcome(null);
    change.mutate(ChangePasswordRequest.parse(values), {
      onSuccess: () => {
        form.reset();
        setOutcome({ ok: true });
      },
      onError: (error) => setOutcome(saveFailure(error, form)),
    });
  });

  return (
    <Container size="xs" px={0}>
      <Stack gap="md">
        <Title order={1} size="h2">
          Change Password
        </Title>
        {required && (
          <Alert color="yellow" title="A new password is required">
            {PASSWORD_CHANGE_REQUIRED_MESSAGE}
          </Alert>
        )}
        <Paper radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <FormOutcomeAlert
                outcome={outcome}
                success="Password changed successfully."
                failure="Failed to change password."
              />
              <PasswordInput
                label="Old password"
                autoComplete="current-password"
                required
                withAsterisk={false}
                // Mantine puts aria-invalid on the wrapper only; screen readers need it on the input.
                aria-invalid={Boolean(form.errors.old_password)}
                {...form.getInputProps('old_password')}
              />
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                required
                withAsterisk={false}
                description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
                // Mantine puts aria-invalid on the wrapper only; screen readers need it on the input.
                aria-invalid={Boolean(form.errors.new_password)}
                {...form.getInputProps('new_password')}
              />
              <Text size="xs" c="dimmed">
                Other devices signed in to your account will be signed out.
              </Text>
              <Group justify="flex-end" gap="sm" mt="xs">
                {!required && (
                  <Button component={Link} to="/profile" variant="default">
                    Cancel
                  </Button>
                )}
                <Button type="submit" loading={change.isPending}>
                  Update Password
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
