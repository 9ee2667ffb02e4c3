// Avatar preview and file choice; the chosen picture is checked, scaled and re-encoded before use.
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { AVATAR_TYPES, type User } from '@staff/contracts';
import { IconPhoto, IconPhotoX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { UserAvatar } from '../../../components/user-avatar';
import { AVATAR_TOO_LARGE_MESSAGE, isAvatarTooLarge } from '../../../lib/avatar-file';
import { prepareAvatar } from '../../../lib/image-resize';

interface AvatarPickerProps {
  user: User;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  disabled?: boolean;
}

function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

export function AvatarPicker({ user, file, onChange, error, disabled }: AvatarPickerProps) {
  const preview = useObjectUrl(file);
  const resetRef = useRef<() => void>(null);
  const [processing, setProcessing] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);

  const choose = async (chosen: File | null) => {
    resetRef.current?.(); // lets the same file be chosen again
    if (!chosen) return;
    setReadError(null);
    if (isAvatarTooLarge(chosen)) {
      window.alert(AVATAR_TOO_LARGE_MESSAGE);
      return;
    }
    setProcessing(true);
    try {
      onChange(await prepareAvatar(chosen));
    } catch (cause) {
      console.warn('Could not read the chosen picture', cause);
      setReadError('This picture could not be read. Choose a JPEG, PNG or WebP image.');
    } finally {
      setProcessing(false);
    }
  };

  const message = readError ?? error;
  return (
    <Group gap="lg" wrap="nowrap" align="center">
      <UserAvatar user={user} src={preview} size={96} radius={96} />
      <Stack gap={6} miw={0}>
        <Text fw={500} size="sm" id="avatar-label">
          Avatar picture
        </Text>
        <Group gap="xs">
          <FileButton
            onChange={choose}
            accept={AVATAR_TYPES.join(',')}
            resetRef={resetRef}
            disabled={disabled || processing}
            inputProps={{ 'aria-labelledby': 'avatar-label', name: 'avatar' }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconPhoto size={16} />}
                loading={processing}
                aria-describedby="avatar-help"
              >
                Choose picture
              </Button>
            )}
          </FileButton>
          {file && (
            <Button
              variant="subtle"
              color="gray"
              size="xs"
              leftSection={<IconPhotoX size={16} />}
              onClick={() => onChange(null)}
              disabled={disabled}
            >
              Keep current picture
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed" id="avatar-help">
          {file
            ? `New picture: ${file.name} (saved when you click Save Changes)`
            : 'JPEG, PNG or WebP, up to 5 MB.'}
        </Text>
        {message && (
          <Text size="xs" c="red" role="alert">
            {message}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
