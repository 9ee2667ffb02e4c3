// GET /api/audit-events/: one page of the audit log, filtered on the server, newest first.
import { AuditEventPage } from '@staff/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchPageOrLast } from '../../../lib/fetch-page-or-last';
import { type AuditListParams, auditListQueryString, dateRangeError } from '../audit-list-params';
import { AUDIT_EVENTS_PATH, auditKeys } from './audit-keys';

export interface AuditEventListPage extends AuditEventPage {
  /** The page these results are: the asked one, or the last page when the asked one is past it. */
  page: number;
}

function getPage(params: AuditListParams, signal?: AbortSignal): Promise<AuditEventPage> {
  return api.get(`${AUDIT_EVENTS_PATH}?${auditListQueryString(params)}`, { schema: AuditEventPage, signal });
}

/** A page past the last one (an old link) answers 404 "Invalid page.": then the last page is shown. */
export async function fetchAuditEvents(
  params: AuditListParams,
  signal?: AbortSignal,
): Promise<AuditEventListPage> {
  return fetchPageOrLast(getPage, params, signal);
}

export function auditEventsQueryOptions(params: AuditListParams) {
  return queryOptions({
    queryKey: auditKeys.list(params),
    queryFn: ({ signal }) => fetchAuditEvents(params, signal),
    // A range that ends before it starts is shown as a field error, not asked for.
    enabled: dateRangeError(params) === null,
    // Keep showing the previous page while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useAuditEvents(params: AuditListParams) {
  return useQuery(auditEventsQueryOptions(params));
}
