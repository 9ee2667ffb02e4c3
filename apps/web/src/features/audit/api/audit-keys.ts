// Query keys of the audit log: every list under one prefix.
import type { AuditListParams } from '../audit-list-params';

export const AUDIT_EVENTS_PATH = '/api/audit-events/';

export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (params: AuditListParams) => [...auditKeys.lists(), params] as const,
};
