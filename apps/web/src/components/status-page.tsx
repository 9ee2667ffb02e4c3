// A full-content message with a way back home: used for "not allowed" and "not found".
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface StatusPageProps {
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
}

export function StatusPage({ icon, color, title, children }: StatusPageProps) {
  return (
    <Center mih="60vh" px="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{children}</Text>
        <Button component={Link} to="/">
          Back to home
        </Button>
      </Stack>
    </Center>
  );
}
