// Sign-in: POST /api/users/token/ and storing the session it returns.
import type { LoginRequest, LoginResponse } from '@staff/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { storeSession, withHostAvatar } from '../../lib/auth-storage';
import { userKeys } from '../../lib/session';

export const LOGIN_PATH = '/api/users/token/';

export async function signIn(credentials: LoginRequest): Promise<LoginResponse> {
  // The schemas (and zod) stay out of /login's first download; the form has loaded them already.
  const { LoginResponse } = await import('./contracts');
  const session = await api.post(LOGIN_PATH, credentials, { schema: LoginResponse, auth: false });
  storeSession(session);
  return session;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session) => {
      // A previous user's cached data must not show; seed the profile with the one just received.
      queryClient.removeQueries();
      queryClient.setQueryData(userKeys.profile(), withHostAvatar(session.user));
    },
  });
}
