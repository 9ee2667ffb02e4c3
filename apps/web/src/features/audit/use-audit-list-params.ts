// The audit log's state as a hook over the URL query (see audit-list-params.ts).
import { type ChangeListParams, type UrlListParams, useUrlListParams } from '../../lib/url-list-params';
import {
  type AuditListParams,
  auditListSearchParams,
  changeAuditListParams,
  parseAuditListParams,
} from './audit-list-params';

export type ChangeAuditListParams = ChangeListParams<AuditListParams>;

const AUDIT_LIST_URL: UrlListParams<AuditListParams> = {
  parse: parseAuditListParams,
  queryAfter: (state, change) => auditListSearchParams(changeAuditListParams(state, change)),
};

export function useAuditListParams(): [AuditListParams, ChangeAuditListParams] {
  return useUrlListParams(AUDIT_LIST_URL);
}
