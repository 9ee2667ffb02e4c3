// The message a form shows after saving: the success text, or the failure text with the server's detail.
import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';

export type FormOutcome = { ok: true } | { ok: false; detail?: string } | null;

interface FormOutcomeAlertProps {
  outcome: FormOutcome;
  success: string;
  failure: string;
}

export function FormOutcomeAlert({ outcome, success, failure }: FormOutcomeAlertProps) {
  if (!outcome) return null;
  if (outcome.ok) {
    return (
      <Alert color="green" variant="light" icon={<IconCheck />} role="status">
        {success}
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" title={failure}>
      {outcome.detail}
    </Alert>
  );
}
