// The entry form (spec sections 3 and 5), shared by create and edit: each missing field shows its
// message under the field plus the banner; server field errors land under their fields and what was
// typed stays.
import {
  Badge,
  Button,
  Group,
  MultiSelect,
  type MultiSelectProps,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { type Category, ENTRY_MESSAGES, FEELINGS, type Feeling, type JarKey } from '@staff/contracts';
import { IconCategory, IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DateField, TimeField } from '../../../components/date-fields';
import { SaveFailureAlert } from '../../../components/save-failure-alert';
import { ApiError, fieldErrorsOf } from '../../../lib/api-client';
import { useFormSave } from '../../../lib/form-save';
import { ENTRY_FIELDS, type EntryFormValues, validateEntryValues } from '../entry-form-values';
import { feelingLabel } from '../entry-format';
import { jarColour, jarName } from './jar-options';

export const FEELING_OPTIONS = FEELINGS.map((f) => ({ value: f, label: feelingLabel(f) }));

/** A category option with its jar beside it, in the jar's colour, so the jar is known when picking. */
function categoryOption(jarOf: ReadonlyMap<string, JarKey>): MultiSelectProps['renderOption'] {
  return ({ option, checked }) => {
    const jar = jarOf.get(option.value) ?? 'unclassified';
    return (
      <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          {checked ? <IconCheck size={14} aria-hidden /> : null}
          <Text size="sm" truncate>
            {option.label}
          </Text>
        </Group>
        <Badge
          size="sm"
          variant="light"
          tt="none"
          color={jarColour(jar)}
          style={{ flexShrink: 0 }}
          data-testid="category-option-jar"
        >
          {jarName(jar)}
        </Badge>
      </Group>
    );
  };
}

interface EntryFormProps {
  initialValues: EntryFormValues;
  categories: Category[] | undefined;
  submitLabel: string;
  /** Resolves when saved; rejects with the API error to show. */
  onSubmit: (values: EntryFormValues) => Promise<unknown>;
  onValuesChange?: (values: EntryFormValues) => void;
  /** Create form only: saves the draft and goes to category management. */
  onManageCategories?: (values: EntryFormValues) => void;
  secondaryAction?: ReactNode;
}

export function EntryForm({
  initialValues,
  categories,
  submitLabel,
  onSubmit,
  onValuesChange,
  onManageCategories,
  secondaryAction,
}: EntryFormProps) {
  const form = useForm<EntryFormValues>({
    initialValues,
    validate: (values) => validateEntryValues(values) as FormErrors,
    onValuesChange,
  });
  const { save, saving, failure, conflictNotes, setFailure } = useFormSave(form, onSubmit, (error) => {
    const fields = fieldErrorsOf(error);
    const known = Object.fromEntries(
      Object.entries(fields).filter(([k]) => (ENTRY_FIELDS as string[]).includes(k)),
    );
    const other = Object.entries(fields)
      .filter(([k]) => !(ENTRY_FIELDS as string[]).includes(k))
      .map(([, v]) => v);
    form.setErrors(known);
    const detail = error instanceof ApiError ? error.detail : undefined;
    return (
      [...other, detail].filter(Boolean).join(' ') ||
      (Object.keys(known).length > 0
        ? 'Please correct the highlighted fields.'
        : 'Saving failed. Please try again.')
    );
  });
  const submit = form.onSubmit(save, () => setFailure(ENTRY_MESSAGES.banner));

  const categoryData = (categories ?? []).map((c) => ({ value: String(c.id), label: c.title }));
  const jarOf = new Map((categories ?? []).map((c) => [String(c.id), c.jar_key] as const));

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <form onSubmit={submit} noValidate aria-label="Entry">
        <Stack gap="md">
          <SaveFailureAlert failure={failure} conflictNotes={conflictNotes} />
          <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
          <Select
            label="Feeling"
            data={FEELING_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('feeling')}
            onChange={(value) => value && form.setFieldValue('feeling', value as Feeling)}
          />
          <SimpleGrid cols={2} spacing="sm">
            <DateField
              label="Start date"
              withAsterisk
              {...form.getInputProps('start_date')}
              value={form.values.start_date}
            />
            <TimeField
              label="Start time"
              withAsterisk
              {...form.getInputProps('start_time')}
              value={form.values.start_time}
            />
            <DateField
              label="End date"
              withAsterisk
              {...form.getInputProps('end_date')}
              value={form.values.end_date}
            />
            <TimeField
              label="End time"
              withAsterisk
              {...form.getInputProps('end_time')}
              value={form.values.end_time}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <MultiSelect
              label="Categories"
              withAsterisk
              placeholder={categoryData.length ? 'Pick categories' : undefined}
              data={categoryData}
              renderOption={categoryOption(jarOf)}
              searchable
              nothingFoundMessage="No categories"
              disabled={categories === undefined}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('category')}
            />
            {onManageCategories && (
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconCategory size={16} />}
                  onClick={() => onManageCategories(form.getValues())}
                >
                  Manage categories
                </Button>
              </Group>
            )}
          </Stack>
          <TextInput label="Place" withAsterisk {...form.getInputProps('place')} />
          <Textarea label="Note" withAsterisk autosize minRows={3} {...form.getInputProps('note')} />
          <Textarea
            label="Feedback"
            description="Optional"
            autosize
            minRows={2}
            {...form.getInputProps('feedback')}
          />
          <Group justify="flex-end" gap="sm">
            {secondaryAction}
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
