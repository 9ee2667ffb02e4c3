// The user list's state as a hook over the URL query (see user-list-params.ts).
import { type ChangeListParams, type UrlListParams, useUrlListParams } from '../../lib/url-list-params';
import {
  changeUserListParams,
  parseUserListParams,
  type UserListParams,
  userListQuery,
} from './user-list-params';

export type ChangeUserListParams = ChangeListParams<UserListParams>;

const USER_LIST_URL: UrlListParams<UserListParams> = {
  parse: parseUserListParams,
  queryAfter: (state, change) => userListQuery(changeUserListParams(state, change), { omitDefaults: true }),
};

export function useUserListParams(): [UserListParams, ChangeUserListParams] {
  return useUrlListParams(USER_LIST_URL);
}
