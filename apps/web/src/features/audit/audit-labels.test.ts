import { AUDIT_ACTIONS } from '@staff/contracts';
import { describe, expect, it } from 'vitest';
import { ACTION_LABELS, actionLabel, formatAuditTime, summariseDetail, targetLabel } from './audit-labels';

describe('audit labels', () => {
  it('names every action, and shows an unknown one as sent', () => {
    for (const action of AUDIT_ACTIONS) expect(ACTION_LABELS[action]).toMatch(/\w/);
    expect(new Set(Object.values(ACTION_LABELS)).size).toBe(AUDIT_ACTIONS.length);
    expect(actionLabel('user.create')).toBe('User created');
    expect(actionLabel('user.future')).toBe('user.future');
  });

  it('shows times in Vietnam, in the Vietnamese order', () => {
    expect(formatAuditTime('2026-03-01T17:00:00.000Z')).toBe('00:00:00 02/03/2026');
    expect(formatAuditTime('2026-02-28T16:59:59.999Z')).toBe('23:59:59 28/02/2026');
  });

  it('names a target by type and id', () => {
    expect(targetLabel({ target_type: 'user', target_id: '5' })).toBe('User #5');
    expect(targetLabel({ target_type: 'diary', target_id: '7' })).toBe('Diary #7');
    expect(targetLabel({ target_type: null, target_id: null })).toBeNull();
  });

  it('summarises a detail on one line', () => {
    expect(summariseDetail({ fields: ['role', 'is_active'] })).toBe('fields: role, is_active');
    expect(summariseDetail({ created: 12 })).toBe('created: 12');
    expect(summariseDetail({ email: 'a@b.c', is_active: false, old_role: null })).toBe(
      'email: a@b.c · is active: no · old role: —',
    );
    expect(summariseDetail({ changes: { role: ['staff', 'admin'] } })).toBe(
      'changes: {"role":["staff","admin"]}',
    );
    expect(summariseDetail({})).toBe('');
  });
});
