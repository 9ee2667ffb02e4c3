// A part of the session that opens and closes (issue 27): on a phone passed around the table the
// secondary parts (the debt list, the income statement, the game log) start closed, with a one-line
// summary, so the active player's card fits the screen; on a laptop they start open. What is closed is
// not rendered, so a phone's first frame stays small (decision 0022).
import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import classes from './session.module.css';

export function Section({
  title,
  summary,
  defaultOpened,
  children,
}: {
  title: string;
  /** Shown beside the title while the section is closed. */
  summary?: ReactNode;
  defaultOpened: boolean;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(defaultOpened);
  const id = useId();
  return (
    <Stack gap="xs">
      <UnstyledButton
        className={classes.sectionToggle}
        aria-expanded={opened}
        aria-controls={opened ? id : undefined}
        onClick={() => setOpened((o) => !o)}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
            <IconChevronDown size={16} className={classes.chevron} data-opened={opened || undefined} />
            <Text fw={600} size="sm">
              {title}
            </Text>
          </Group>
          {!opened && summary !== undefined && (
            <Text size="xs" c="dimmed" truncate>
              {summary}
            </Text>
          )}
        </Group>
      </UnstyledButton>
      {opened && <div id={id}>{children}</div>}
    </Stack>
  );
}
