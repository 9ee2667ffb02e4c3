import { Avatar, type AvatarProps } from '@mantine/core';
import type { User } from '@staff/contracts';
import { displayName } from '../lib/formatting';

/** The user's picture, or their initials when there is none. */
export function UserAvatar({ user, src, ...props }: AvatarProps & { user: User; src?: string | null }) {
  const name = displayName(user);
  return (
    <Avatar src={src ?? user.avatar ?? user.avatar_url} alt={name} name={name} color="initials" {...props} />
  );
}
