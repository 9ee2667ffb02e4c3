// A screen whose data could not load says so, with the server's reason when it gave one, and offers
// to try again (DESIGN.md: error messages on every screen).
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError } from '../lib/api-client';

export function LoadErrorAlert({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        {error instanceof ApiError && error.detail}
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
