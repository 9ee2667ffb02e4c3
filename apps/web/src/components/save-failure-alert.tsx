// A form's banner after a save failed (lib/form-save.ts): red with the message, or orange when the
// record was saved elsewhere first, listing the fields both sides changed.
import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface SaveFailureAlertProps {
  failure: string | null;
  conflictNotes: string[] | null;
}

export function SaveFailureAlert({ failure, conflictNotes }: SaveFailureAlertProps) {
  if (!failure) return null;
  return (
    <Alert color={conflictNotes ? 'orange' : 'red'} variant="light" icon={<IconAlertCircle />} role="alert">
      {failure}
      {conflictNotes && conflictNotes.length > 0 && (
        <List size="sm" mt="xs">
          {conflictNotes.map((note) => (
            <List.Item key={note}>{note}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
