// The audit log's state as a hook over the URL query (see audit-list-params.ts).
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type AuditListParams,
  auditListSearchParams,
  changeAuditListParams,
  parseAuditListParams,
} from './audit-list-params';

export type ChangeAuditListParams = (
  change: Partial<AuditListParams>,
  options?: { replace?: boolean },
) => void;

export function useAuditListParams(): [AuditListParams, ChangeAuditListParams] {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseAuditListParams(searchParams), [searchParams]);
  const change = useCallback<ChangeAuditListParams>(
    (next, options) =>
      setSearchParams(
        (current) => auditListSearchParams(changeAuditListParams(parseAuditListParams(current), next)),
        { replace: options?.replace ?? false },
      ),
    [setSearchParams],
  );
  return [params, change];
}
