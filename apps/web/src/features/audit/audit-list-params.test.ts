import { describe, expect, it } from 'vitest';
import {
  auditListQueryString,
  auditListSearchParams,
  changeAuditListParams,
  DEFAULT_AUDIT_LIST_PARAMS,
  dateRangeError,
  parseAuditListParams,
} from './audit-list-params';

const parse = (query: string) => parseAuditListParams(new URLSearchParams(query));

describe('audit list state in the URL', () => {
  it('reads every filter, the page and its size', () => {
    expect(
      parse(
        'action=user.create&actor=4&target_type=user&target_id=%2012%20&from=2026-03-01&to=2026-03-02&page=3&page_size=50',
      ),
    ).toEqual({
      page: 3,
      page_size: 50,
      action: 'user.create',
      actor: 4,
      target_type: 'user',
      target_id: '12',
      from: '2026-03-01',
      to: '2026-03-02',
    });
  });

  it('falls back to the defaults for values it cannot use', () => {
    expect(
      parse(
        'action=user.hack&actor=abc&target_type=session&from=2026-02-30&to=01/03/2026&page=0&page_size=15',
      ),
    ).toEqual(DEFAULT_AUDIT_LIST_PARAMS);
    expect(parse('actor=0').actor).toBeNull();
    expect(parse('actor=99999999999').actor).toBeNull();
    expect(parse(`target_id=${'x'.repeat(80)}`).target_id).toHaveLength(64);
  });

  it('writes a plain URL for the plain list, and round-trips every value', () => {
    expect(auditListSearchParams(DEFAULT_AUDIT_LIST_PARAMS).toString()).toBe('');
    const state = parse(
      'action=auth.throttled&actor=9&target_type=diary&target_id=7&from=2026-01-01&to=2026-01-31&page=2&page_size=10',
    );
    expect(parseAuditListParams(auditListSearchParams(state))).toEqual(state);
  });

  it('always sends the API the page and its size', () => {
    expect(auditListQueryString(DEFAULT_AUDIT_LIST_PARAMS)).toBe('page=1&page_size=20');
    expect(
      auditListQueryString({ ...DEFAULT_AUDIT_LIST_PARAMS, action: 'user.delete', to: '2026-03-01' }),
    ).toBe('action=user.delete&to=2026-03-01&page=1&page_size=20');
  });

  it('starts again at page 1 when a filter or the page size changes, not when the page does', () => {
    const on3 = { ...DEFAULT_AUDIT_LIST_PARAMS, page: 3 };
    for (const change of [
      { action: 'user.create' as const },
      { actor: 2 },
      { target_type: 'user' as const },
      { target_id: '5' },
      { from: '2026-03-01' },
      { to: '2026-03-01' },
      { page_size: 50 },
    ]) {
      expect(changeAuditListParams(on3, change).page, JSON.stringify(change)).toBe(1);
    }
    expect(changeAuditListParams(on3, { page: 4 }).page).toBe(4);
    expect(changeAuditListParams(on3, { action: null }).page).toBe(3); // nothing changed
  });

  it('refuses a range that ends before it starts', () => {
    expect(dateRangeError({ from: '2026-03-02', to: '2026-03-01' })).toBe(
      'The end date must be on or after the start date.',
    );
    expect(dateRangeError({ from: '2026-03-01', to: '2026-03-01' })).toBeNull();
    expect(dateRangeError({ from: '2026-03-02', to: '' })).toBeNull();
  });
});
