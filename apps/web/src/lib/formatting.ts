// Display helpers shared by screens.
import { fullName } from '@staff/contracts';

type NamedUser = {
  email: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  full_name?: string;
};

/** The user's name as shown in the shell: full name, else the e-mail. */
export function displayName(user: NamedUser): string {
  return user.full_name?.trim() || fullName(user) || user.email;
}
