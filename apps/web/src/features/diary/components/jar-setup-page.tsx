// /jar-setup: each jar's target ratio (0-100, whole numbers; not for sleep and unclassified), the sum of
// the targets, placing unclassified categories into jars, and taking a category out of its jar.
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type Category, type Jar, jarHasTarget } from '@staff/contracts';
import { IconAlertTriangle, IconCategory, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type FormOutcome, FormOutcomeAlert } from '../../../components/form-outcome-alert';
import { PageLoader } from '../../../components/page-loader';
import { useCategories } from '../api/get-categories';
import { useJars } from '../api/get-jars';
import { useUpdateCategory } from '../api/update-category';
import { useUpdateJarRatios } from '../api/update-jar';
import { changedRatios, clampRatio, ratioSum, ratiosBalanced } from '../ratio-sum';
import { ConfirmDialog } from './confirm-dialog';
import { jarColour, jarName, jarSelectData, placeableJars } from './jar-options';

export const RATIO_SAVED = 'Đã lưu tỷ lệ các hũ thành công!';
export const RATIO_SAVE_FAILED = 'Lỗi khi lưu tỷ lệ các hũ.';

/** Asked before saving targets that do not add up to 100 %. */
export function unbalancedSaveQuestion(sum: number): string {
  return `Tổng là ${sum}%. Vẫn lưu?`;
}

/** The success message with what was saved: the spec's text, then each jar's target and the total. */
export function ratiosSavedMessage(jars: readonly Jar[], sum: number): string {
  const targets = placeableJars(jars)
    .filter((jar) => jarHasTarget(jar.key))
    .map((jar) => `${jarName(jar.key)} ${jar.ratio}%`)
    .join(', ');
  return `${RATIO_SAVED} ${targets}; tổng ${sum}%.`;
}

function PlaceCategoryDialog({
  category,
  jars,
  onClose,
}: {
  category: Category | null;
  jars: Jar[];
  onClose: () => void;
}) {
  const [jar, setJar] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateCategory();

  const save = () => {
    if (!category) return;
    if (!jar) {
      setError('Vui lòng chọn một hũ.');
      return;
    }
    update.mutate(
      { id: category.id, jar_id: Number(jar) },
      { onSuccess: onClose, onError: () => setError('Không thể xếp danh mục vào hũ.') },
    );
  };

  return (
    <Modal opened={category !== null} onClose={onClose} title="Xếp danh mục vào hũ" centered>
      <Stack>
        <Text>
          Danh mục: <b>{category?.title}</b>
        </Text>
        <Select
          label="Hũ"
          placeholder="Chọn hũ"
          data={jarSelectData(jars)}
          value={jar}
          onChange={setJar}
          error={error}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Hủy
          </Button>
          <Button onClick={save} loading={update.isPending}>
            Lưu
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CategoryChip({ category, jar }: { category: Category; jar: Jar }) {
  const update = useUpdateCategory();
  return (
    <Badge
      variant="light"
      color={jarColour(jar.key)}
      size="lg"
      radius="sm"
      tt="none"
      pr={3}
      rightSection={
        <ActionIcon
          size="xs"
          variant="transparent"
          color="gray"
          aria-label={`Remove ${category.title} from ${jarName(jar.key)}`}
          loading={update.isPending}
          onClick={() => update.mutate({ id: category.id, jar_id: null })}
        >
          <IconX size={12} />
        </ActionIcon>
      }
    >
      {category.title}
    </Badge>
  );
}

export function JarSetupPage() {
  useDocumentTitle('Setup Jars');
  const jars = useJars();
  const categories = useCategories();
  const save = useUpdateJarRatios();
  const [edits, setEdits] = useState<Record<number, number | ''>>({});
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [savedMessage, setSavedMessage] = useState(RATIO_SAVED);
  const [confirming, setConfirming] = useState(false);
  const [placing, setPlacing] = useState<Category | null>(null);

  useEffect(() => {
    if (jars.isError) console.error('Failed to load jars', jars.error);
    if (categories.isError) console.error('Failed to load categories', categories.error);
  }, [jars.isError, jars.error, categories.isError, categories.error]);

  if (jars.isPending) return <PageLoader />;
  if (!jars.data) {
    return (
      <Alert color="red" variant="light" title="Không tải được các hũ.">
        Vui lòng tải lại trang.
      </Alert>
    );
  }

  const allJars = jars.data;
  const shown = placeableJars(allJars);
  const list = categories.data ?? [];
  const unclassified = list.filter((c) => c.jar === null || c.jar_key === 'unclassified');
  const sum = ratioSum(allJars, edits);

  const send = () => {
    setConfirming(false);
    setOutcome(null);
    const saved = allJars.map((jar) => {
      const edited = edits[jar.id];
      return typeof edited === 'number' ? { ...jar, ratio: edited } : jar;
    });
    save.mutate(changedRatios(allJars, edits), {
      onSuccess: () => {
        setEdits({});
        setSavedMessage(ratiosSavedMessage(saved, ratioSum(saved)));
        setOutcome({ ok: true });
      },
      onError: (error) => {
        console.error('Failed to save jar ratios', error);
        setOutcome({ ok: false });
      },
    });
  };
  // Targets that do not add up to 100 % may be meant (a plan in progress), but are asked about first.
  const submit = () => (ratiosBalanced(sum) ? send() : setConfirming(true));

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Setup Jars
        </Title>
        <Button
          variant="default"
          leftSection={<IconCategory size={16} />}
          component={Link}
          to="/diary/categories"
          state={{ returnTo: '/jar-setup' }}
        >
          Manage categories
        </Button>
      </Group>

      <FormOutcomeAlert outcome={outcome} success={savedMessage} failure={RATIO_SAVE_FAILED} />

      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text fw={600} data-testid="ratio-sum">
            Tổng tỷ lệ mục tiêu: {sum}%
          </Text>
          <Button onClick={submit} loading={save.isPending}>
            Lưu tỷ lệ
          </Button>
        </Group>
        {!ratiosBalanced(sum) && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} mt="sm" role="alert">
            Tổng tỷ lệ các hũ nên bằng 100% (hiện tại {sum}%).
          </Alert>
        )}
      </Paper>

      {unclassified.length > 0 && (
        <Card withBorder radius="lg" padding="md" aria-label={jarName('unclassified')}>
          <Text fw={600} mb={4}>
            {jarName('unclassified')}
          </Text>
          <Text size="sm" c="dimmed" mb="sm">
            Các danh mục này chưa thuộc hũ nào; hãy xếp chúng vào một hũ.
          </Text>
          <Stack gap="xs">
            {unclassified.map((category) => (
              <Group key={category.id} justify="space-between" wrap="nowrap">
                <Text truncate>{category.title}</Text>
                <Button size="xs" variant="light" onClick={() => setPlacing(category)}>
                  Xếp vào hũ
                </Button>
              </Group>
            ))}
          </Stack>
        </Card>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {shown.map((jar) => {
          const inJar = list.filter((c) => c.jar === jar.id);
          const edited = edits[jar.id];
          return (
            <Card key={jar.id} withBorder radius="lg" padding="md" aria-label={jarName(jar.key)}>
              <Stack gap="sm">
                <Text fw={600}>{jarName(jar.key)}</Text>
                {jarHasTarget(jar.key) ? (
                  <NumberInput
                    label={`Tỷ lệ ${jarName(jar.key)} (%)`}
                    min={0}
                    max={100}
                    step={1}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="strict"
                    suffix="%"
                    value={edited === undefined ? jar.ratio : edited}
                    onChange={(value) => setEdits((e) => ({ ...e, [jar.id]: clampRatio(value) }))}
                  />
                ) : (
                  <Text size="sm" c="dimmed">
                    Hũ này không có tỷ lệ mục tiêu.
                  </Text>
                )}
                {inJar.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No categories
                  </Text>
                ) : (
                  <Group gap={6}>
                    {inJar.map((category) => (
                      <CategoryChip key={category.id} category={category} jar={jar} />
                    ))}
                  </Group>
                )}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>

      <ConfirmDialog
        opened={confirming}
        title="Lưu tỷ lệ"
        message={unbalancedSaveQuestion(sum)}
        confirmLabel="Vẫn lưu"
        cancelLabel="Hủy"
        confirmColor="blue"
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      />
      <PlaceCategoryDialog
        key={placing?.id ?? 'closed'}
        category={placing}
        jars={allJars}
        onClose={() => setPlacing(null)}
      />
    </Stack>
  );
}
