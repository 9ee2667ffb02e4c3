// GET /api/diaries/jars/: the user's eight jars.
import { JarList } from '@staff/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { diaryKeys, JARS_PATH } from './diary-keys';

export function fetchJars(signal?: AbortSignal) {
  return api.get(JARS_PATH, { schema: JarList, signal });
}

export function jarsQueryOptions() {
  return queryOptions({ queryKey: diaryKeys.jars(), queryFn: ({ signal }) => fetchJars(signal) });
}

export function useJars() {
  return useQuery(jarsQueryOptions());
}
