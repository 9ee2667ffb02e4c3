// /diary/categories: the user's categories — add (title and jar), inline edit, delete; 'Done' goes back
// to the returnTo of the navigation state (default /diary), restoring the entry draft when it came from there.
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { CATEGORY_MESSAGES, type Category, type Jar } from '@staff/contracts';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError, fieldErrorsOf } from '../../../lib/api-client';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/get-categories';
import { useJars } from '../api/get-jars';
import { useUpdateCategory } from '../api/update-category';
import type { CategoryTripState, EntryFormReturnState } from '../entry-draft';
import { ConfirmDialog } from './confirm-dialog';
import { jarColour, jarName, jarSelectData } from './jar-options';

export const JAR_REQUIRED = 'Please choose a jar.';

interface CategoryDraft {
  title: string;
  jar: string | null;
}
type DraftErrors = Partial<Record<'title' | 'jar_id' | 'form', string>>;

/** Spec section 5: the title is trimmed and non-empty, and a jar must be chosen. */
export function validateCategoryDraft(draft: CategoryDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.title.trim()) errors.title = CATEGORY_MESSAGES.title;
  if (!draft.jar) errors.jar_id = JAR_REQUIRED;
  return errors;
}

function serverErrors(error: unknown): DraftErrors {
  const fields = fieldErrorsOf(error);
  const form =
    fields.non_field_errors ??
    (error instanceof ApiError ? error.detail : undefined) ??
    (Object.keys(fields).length === 0 ? 'Saving failed. Please try again.' : undefined);
  return { title: fields.title, jar_id: fields.jar_id, form };
}

interface CategoryBody {
  title: string;
  jar_id: number;
}

/**
 * A category's form (add, or edit in place): the draft and its errors; `submitWith(send)` checks the
 * draft and sends the trimmed title and the jar, and `refused` shows the server's answer.
 */
function useCategoryDraft() {
  const [draft, setDraft] = useState<CategoryDraft>({ title: '', jar: null });
  const [errors, setErrors] = useState<DraftErrors>({});
  const submitWith = (send: (body: CategoryBody) => void) => (event: FormEvent) => {
    event.preventDefault();
    const found = validateCategoryDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    send({ title: draft.title.trim(), jar_id: Number(draft.jar) });
  };
  const refused = (error: unknown) => setErrors(serverErrors(error));
  return { draft, setDraft, errors, setErrors, submitWith, refused };
}

/** The form-wide error, then the title and the jar. */
function CategoryFields({
  draft,
  errors,
  jars,
  onChange,
  idPrefix,
}: {
  draft: CategoryDraft;
  errors: DraftErrors;
  jars: Jar[];
  onChange: (draft: CategoryDraft) => void;
  idPrefix: string;
}) {
  return (
    <>
      {errors.form && (
        <Alert color="red" variant="light">
          {errors.form}
        </Alert>
      )}
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          id={`${idPrefix}-title`}
          label="Title"
          value={draft.title}
          onChange={(e) => onChange({ ...draft, title: e.currentTarget.value })}
          error={errors.title}
          style={{ flex: '2 1 200px' }}
        />
        <Select
          id={`${idPrefix}-jar`}
          label="Jar"
          placeholder="Choose a jar"
          data={jarSelectData(jars)}
          value={draft.jar}
          onChange={(jar) => onChange({ ...draft, jar })}
          error={errors.jar_id}
          allowDeselect={false}
          style={{ flex: '1 1 160px' }}
        />
      </Group>
    </>
  );
}

function CategoryRow({ category, jars }: { category: Category; jars: Jar[] }) {
  const [editing, setEditing] = useState(false);
  const { draft, setDraft, errors, setErrors, submitWith, refused } = useCategoryDraft();
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateCategory();
  const remove = useDeleteCategory();

  const startEdit = () => {
    setDraft({ title: category.title, jar: category.jar === null ? null : String(category.jar) });
    setErrors({});
    setEditing(true);
  };

  const save = submitWith((body) =>
    update.mutate({ id: category.id, ...body }, { onSuccess: () => setEditing(false), onError: refused }),
  );

  if (editing) {
    return (
      <Paper withBorder radius="md" p="sm">
        <form onSubmit={save} noValidate aria-label={`Edit ${category.title}`}>
          <Stack gap="xs">
            <CategoryFields
              draft={draft}
              errors={errors}
              jars={jars}
              onChange={setDraft}
              idPrefix={`category-${category.id}`}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" leftSection={<IconX size={16} />} onClick={() => setEditing(false)}>
                Cancel
              </Button>
              <Button type="submit" leftSection={<IconCheck size={16} />} loading={update.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" p="sm" data-testid="category-row">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={500} truncate>
            {category.title}
          </Text>
          <Badge variant="light" color={jarColour(category.jar_key)} w="fit-content">
            {jarName(category.jar_key)}
          </Badge>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${category.title}`} onClick={startEdit}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Delete ${category.title}`}
              onClick={() => setConfirming(true)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {remove.isError && (
        <Text c="red" size="sm" mt="xs">
          Deleting failed. Please try again.
        </Text>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Delete category"
        message={`Are you sure you want to delete the category "${category.title}"? It is removed from its entries.`}
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(category.id, { onSettled: () => setConfirming(false) })}
      />
    </Paper>
  );
}

function AddCategoryForm({ jars }: { jars: Jar[] }) {
  const { draft, setDraft, errors, submitWith, refused } = useCategoryDraft();
  const create = useCreateCategory();

  const submit = submitWith((body) =>
    create.mutate(body, { onSuccess: () => setDraft({ title: '', jar: draft.jar }), onError: refused }),
  );

  return (
    <Paper withBorder radius="lg" p="md">
      <form onSubmit={submit} noValidate aria-label="Add category">
        <Stack gap="sm">
          <Text fw={600}>Add category</Text>
          <CategoryFields
            draft={draft}
            errors={errors}
            jars={jars}
            onChange={setDraft}
            idPrefix="new-category"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

export function CategoriesPage() {
  useDocumentTitle('Manage Categories');
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as CategoryTripState;
  const categories = useCategories();
  const jars = useJars();

  useEffect(() => {
    if (categories.isError) console.error('Failed to load categories', categories.error);
    if (jars.isError) console.error('Failed to load jars', jars.error);
  }, [categories.isError, categories.error, jars.isError, jars.error]);

  const done = () => {
    const back: EntryFormReturnState | undefined = state.fromEntryForm ? { restoreDraft: true } : undefined;
    navigate(state.returnTo ?? '/diary', { state: back });
  };

  const list = categories.data ?? [];
  return (
    <Stack gap="md" maw={760}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} size="h2">
          Manage Categories
        </Title>
        <Button onClick={done}>Done</Button>
      </Group>
      {jars.data ? <AddCategoryForm jars={jars.data} /> : jars.isPending && <PageLoader />}
      {categories.isPending ? (
        <PageLoader />
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No categories yet.
        </Text>
      ) : (
        <Stack gap="xs" aria-label="Categories">
          {list.map((category) => (
            <CategoryRow key={category.id} category={category} jars={jars.data ?? []} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
