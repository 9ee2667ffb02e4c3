// GET /api/diaries/diaries/ (the user's diary as a list); when there is none, POST one titled with the
// user's e-mail (spec section 4, Diaries).
import { Diary, DiaryList } from '@staff/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getStoredUser } from '../../../lib/current-user';
import { DIARIES_PATH, diaryKeys } from './diary-keys';

export async function fetchOwnDiary(signal?: AbortSignal): Promise<Diary> {
  const [diary] = await api.get(DIARIES_PATH, { schema: DiaryList, signal });
  if (diary) return diary;
  const title = getStoredUser()?.email ?? 'My diary';
  return api.post(DIARIES_PATH, { title }, { schema: Diary, signal });
}

export function ownDiaryQueryOptions() {
  return queryOptions({
    queryKey: diaryKeys.diaries(),
    queryFn: ({ signal }) => fetchOwnDiary(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useOwnDiary() {
  return useQuery(ownDiaryQueryOptions());
}
