// /profile: edit own names, phone, gender and avatar.
import {
  Anchor,
  Button,
  Container,
  Divider,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { type Gender, ProfileUpdate, type ProfileUpdateInput, type User } from '@staff/contracts';
import { IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type FormOutcome, FormOutcomeAlert } from '../../../components/form-outcome-alert';
import { PageLoader } from '../../../components/page-loader';
import { currentUserQueryOptions, useStoredUser } from '../../../lib/current-user';
import { useUpdateProfile } from '../api';
import { saveFailure } from '../save-failure';
import { AvatarPicker } from './avatar-picker';
import { BackButton } from './back-button';

export const GENDER_OPTIONS: { value: Gender; label: string }[] = [
  { value: 'M', label: 'Male' },
  { value: 'F', label: 'Female' },
  { value: 'O', label: 'Other' },
];

type ProfileValues = Required<ProfileUpdateInput>;

function valuesOf(user: User): ProfileValues {
  return {
    first_name: user.first_name,
    middle_name: user.middle_name,
    last_name: user.last_name,
    phone: user.phone,
    gender: user.gender ?? '',
  };
}

export function ProfilePage() {
  useDocumentTitle('Profile');
  const profile = useQuery(currentUserQueryOptions());
  const stored = useStoredUser();
  const update = useUpdateProfile();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<FormOutcome>(null);

  const form = useForm<ProfileValues>({
    initialValues: { first_name: '', middle_name: '', last_name: '', phone: '', gender: '' },
    validate: zod4Resolver(ProfileUpdate),
  });

  useEffect(() => {
    if (profile.isError) console.error('Failed to load the profile', profile.error);
  }, [profile.isError, profile.error]);

  // Falls back to the cached user when loading fails, so the page still works.
  const user = profile.data ?? (profile.isError ? stored : null);
  // Fill the form once; later background refreshes must not overwrite what is being typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first loaded user initialises the form
  useEffect(() => {
    if (user) form.initialize(valuesOf(user));
  }, [user]);

  if (!user) return <PageLoader />;

  const submit = form.onSubmit((values) => {
    setOutcome(null);
    update.mutate(
      { fields: ProfileUpdate.parse(values), avatar },
      {
        onSuccess: (saved) => {
          setAvatar(null);
          form.setValues(valuesOf(saved));
          form.resetDirty(valuesOf(saved));
          setOutcome({ ok: true });
        },
        onError: (error) => setOutcome(saveFailure(error, form)),
      },
    );
  });

  const errors = form.errors;
  return (
    <Container size="sm" px={0}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={1} size="h2">
            Profile
          </Title>
          <BackButton />
        </Group>

        <Paper radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <form onSubmit={submit} noValidate>
            <Stack gap="lg">
              <FormOutcomeAlert outcome={outcome} success="Profile updated!" failure="Update failed." />

              <AvatarPicker
                user={user}
                file={avatar}
                onChange={setAvatar}
                error={typeof errors.avatar === 'string' ? errors.avatar : undefined}
                disabled={update.isPending}
              />

              <Divider />

              <TextInput
                label="Email"
                value={user.email}
                readOnly
                variant="filled"
                description="Ask an administrator to change it."
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <TextInput
                  label="First name"
                  autoComplete="given-name"
                  {...form.getInputProps('first_name')}
                />
                <TextInput
                  label="Middle name"
                  autoComplete="additional-name"
                  {...form.getInputProps('middle_name')}
                />
                <TextInput
                  label="Last name"
                  autoComplete="family-name"
                  {...form.getInputProps('last_name')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
                <Select
                  label="Gender"
                  placeholder="Not specified"
                  data={GENDER_OPTIONS}
                  clearable
                  allowDeselect
                  {...form.getInputProps('gender')}
                  value={form.values.gender || null}
                  onChange={(value) => form.setFieldValue('gender', (value ?? '') as ProfileValues['gender'])}
                />
              </SimpleGrid>

              <Divider />

              <Group justify="space-between" gap="sm">
                <Anchor component={Link} to="/change-password" size="sm">
                  <Group gap={6} component="span" wrap="nowrap">
                    <IconKey size={16} aria-hidden />
                    Change Password
                  </Group>
                </Anchor>
                <Button type="submit" loading={update.isPending}>
                  Save Changes
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
