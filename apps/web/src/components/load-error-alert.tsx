// A screen whose data could not load says so, in words (the server's reason when it refused, that it
// failed or could not be reached otherwise; never a raw body), and always offers to try again
// (DESIGN.md: error messages on every screen). Screens in Vietnamese (CashFlow, the jars) pass
// lang="vi": 'Thử lại'; the English screens (administration, diary) read 'Try again'.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { failureText, type MessageLanguage } from '../lib/api-client';

export const RETRY_LABELS: Record<MessageLanguage, string> = { en: 'Try again', vi: 'Thử lại' };

export function LoadErrorAlert({
  title,
  error,
  onRetry,
  retrying = false,
  lang = 'en',
  children,
}: {
  title: string;
  error: unknown;
  onRetry: () => unknown;
  /** True while the retry runs: the button shows it is busy. */
  retrying?: boolean;
  lang?: MessageLanguage;
  /** More to say below the reason (e.g. an address to copy). */
  children?: ReactNode;
}) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{failureText(error, lang)}</Text>
        {children}
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} />}
          loading={retrying}
          onClick={() => void onRetry()}
        >
          {RETRY_LABELS[lang]}
        </Button>
      </Stack>
    </Alert>
  );
}
