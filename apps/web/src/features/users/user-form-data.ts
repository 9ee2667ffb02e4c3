// The user form's values and the multipart body both create and edit send (spec sections 3, 5, 7).
import type { Gender, Role, User } from '@staff/contracts';
import { USER_DEFAULT_ROLE } from '@staff/contracts';

export type UserFormValues = {
  email: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  phone: string;
  role: Role;
  gender: Gender | '';
  is_active: boolean;
  password: string;
};

export const EMPTY_USER_FORM: UserFormValues = {
  email: '',
  first_name: '',
  middle_name: '',
  last_name: '',
  phone: '',
  role: USER_DEFAULT_ROLE,
  gender: '',
  is_active: true,
  password: '',
};

export function userFormValuesOf(user: User): UserFormValues {
  return {
    email: user.email,
    first_name: user.first_name,
    middle_name: user.middle_name,
    last_name: user.last_name,
    phone: user.phone,
    role: user.role,
    gender: user.gender ?? '',
    is_active: user.is_active,
    password: '',
  };
}

const TEXT_FIELDS = ['email', 'first_name', 'middle_name', 'last_name', 'phone', 'role', 'gender'] as const;

/**
 * Only non-empty values are sent (spec section 5), so a blank password on edit keeps the current
 * one. is_active always goes as 'true'/'false' (a switch has no "empty"), and username is the e-mail.
 */
export function userFormData(values: UserFormValues): FormData {
  const data = new FormData();
  for (const key of TEXT_FIELDS) {
    const value = values[key].trim();
    if (value) data.append(key, value);
  }
  data.append('is_active', values.is_active ? 'true' : 'false');
  if (values.password) data.append('password', values.password);
  const email = values.email.trim();
  if (email) data.append('username', email);
  return data;
}
