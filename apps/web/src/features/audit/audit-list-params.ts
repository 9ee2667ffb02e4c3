// The audit log's state lives in the URL query (page, page_size and every filter) so a reload and
// the browser's Back and Forward keep it. Parsing is lenient: a bad value falls back to its default
// instead of failing the page.
import {
  AUDIT_ACTIONS,
  AUDIT_DEFAULT_PAGE_SIZE,
  AUDIT_MESSAGES,
  AUDIT_PAGE_SIZES,
  AUDIT_TARGET_TYPES,
  type AuditAction,
  type AuditTargetType,
  isIsoDate,
} from '@staff/contracts';

export interface AuditListParams {
  page: number;
  page_size: number;
  action: AuditAction | null;
  /** The acting user's id. */
  actor: number | null;
  target_type: AuditTargetType | null;
  /** Trimmed; '' for any. */
  target_id: string;
  /** Inclusive calendar dates (YYYY-MM-DD) in Vietnam; '' for open-ended. */
  from: string;
  to: string;
}

export const DEFAULT_AUDIT_LIST_PARAMS: AuditListParams = {
  page: 1,
  page_size: AUDIT_DEFAULT_PAGE_SIZE,
  action: null,
  actor: null,
  target_type: null,
  target_id: '',
  from: '',
  to: '',
};

export const TARGET_ID_MAX_LENGTH = 64;
const MAX_ID = 2_147_483_647;

/** A user or page number as typed or linked: digits only, 1 or more. */
export function positiveInt(value: string | null): number | null {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= MAX_ID ? n : null;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : null;
}

function calendarDate(value: string | null): string {
  const date = (value ?? '').trim();
  return isIsoDate(date) ? date : '';
}

export function parseAuditListParams(params: URLSearchParams): AuditListParams {
  const pageSize = positiveInt(params.get('page_size'));
  return {
    page: positiveInt(params.get('page')) ?? 1,
    page_size:
      pageSize !== null && (AUDIT_PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : AUDIT_DEFAULT_PAGE_SIZE,
    action: oneOf(AUDIT_ACTIONS, params.get('action')),
    actor: positiveInt(params.get('actor')),
    target_type: oneOf(AUDIT_TARGET_TYPES, params.get('target_type')),
    target_id: (params.get('target_id') ?? '').trim().slice(0, TARGET_ID_MAX_LENGTH),
    from: calendarDate(params.get('from')),
    to: calendarDate(params.get('to')),
  };
}

/** The filters as query parameters, those left empty left out. */
function filterEntries(state: AuditListParams): [string, string][] {
  const entries: [string, string][] = [];
  if (state.action) entries.push(['action', state.action]);
  if (state.actor !== null) entries.push(['actor', String(state.actor)]);
  if (state.target_type) entries.push(['target_type', state.target_type]);
  if (state.target_id) entries.push(['target_id', state.target_id]);
  if (state.from) entries.push(['from', state.from]);
  if (state.to) entries.push(['to', state.to]);
  return entries;
}

/** The URL query for `state`; defaults are left out so the plain list has a plain URL. */
export function auditListSearchParams(state: AuditListParams): URLSearchParams {
  const params = new URLSearchParams(filterEntries(state));
  if (state.page_size !== AUDIT_DEFAULT_PAGE_SIZE) params.set('page_size', String(state.page_size));
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
}

/** The API's query for `state`: the filters, the page and its size. */
export function auditListQueryString(state: AuditListParams): string {
  const params = new URLSearchParams(filterEntries(state));
  params.set('page', String(state.page));
  params.set('page_size', String(state.page_size));
  return params.toString();
}

/** Applies a change the way the list expects: a new filter (or page size) starts again at page 1. */
export function changeAuditListParams(
  state: AuditListParams,
  change: Partial<AuditListParams>,
): AuditListParams {
  const next = { ...state, ...change };
  const { page: _before, ...filtersBefore } = state;
  const { page: _after, ...filtersAfter } = next;
  const filtersChanged = (Object.keys(filtersAfter) as (keyof typeof filtersAfter)[]).some(
    (key) => filtersAfter[key] !== filtersBefore[key],
  );
  if (filtersChanged && change.page === undefined) next.page = 1;
  return next;
}

/** Why the date range cannot be asked for, or null when it can. */
export function dateRangeError(state: Pick<AuditListParams, 'from' | 'to'>): string | null {
  return state.from && state.to && state.from > state.to ? AUDIT_MESSAGES.range : null;
}
