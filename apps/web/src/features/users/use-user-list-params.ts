// The user list's state as a hook over the URL query (see user-list-params.ts).
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  changeUserListParams,
  parseUserListParams,
  type UserListParams,
  userListQuery,
} from './user-list-params';

export type ChangeUserListParams = (change: Partial<UserListParams>, options?: { replace?: boolean }) => void;

export function useUserListParams(): [UserListParams, ChangeUserListParams] {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseUserListParams(searchParams), [searchParams]);
  const change = useCallback<ChangeUserListParams>(
    (next, options) =>
      setSearchParams(
        (current) =>
          userListQuery(changeUserListParams(parseUserListParams(current), next), { omitDefaults: true }),
        { replace: options?.replace ?? false },
      ),
    [setSearchParams],
  );
  return [params, change];
}
