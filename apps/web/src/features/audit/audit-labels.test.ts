import { AUDIT_ACTIONS } from '@staff/contracts';
import { describe, expect, it } from 'vitest';
import {
  ACTION_LABELS,
  actionLabel,
  actorLabel,
  describeDetail,
  detailValue,
  formatAuditTime,
  summariseDetail,
  targetLabel,
} from './audit-labels';

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

  it('names a target user by name or e-mail, else by type and id', () => {
    expect(targetLabel({ target_type: 'user', target_id: '5', target_name: 'Nguyễn Thị Hương' })).toBe(
      'Nguyễn Thị Hương',
    );
    expect(targetLabel({ target_type: 'user', target_id: '5', target_name: 'lan@example.com' })).toBe(
      'lan@example.com',
    );
    expect(targetLabel({ target_type: 'user', target_id: '5', target_name: null })).toBe('User #5');
    expect(targetLabel({ target_type: 'user', target_id: '5' })).toBe('User #5');
    expect(targetLabel({ target_type: 'diary', target_id: '7' })).toBe('Diary #7');
    expect(targetLabel({ target_type: null, target_id: null })).toBeNull();
  });

  it('names an actor by name, else e-mail, else id; nobody for a stranger', () => {
    expect(actorLabel({ actor_id: 3, actor_email: 'a@b.c', actor_name: 'Lê Văn An' })).toBe('Lê Văn An');
    expect(actorLabel({ actor_id: 3, actor_email: 'a@b.c', actor_name: null })).toBe('a@b.c');
    expect(actorLabel({ actor_id: 3, actor_email: null })).toBe('User #3');
    expect(actorLabel({ actor_id: null, actor_email: 'who@example.com' })).toBeNull();
  });
});

describe('an event detail in words', () => {
  it('says a change as "from → to", booleans as yes and no', () => {
    expect(describeDetail({ is_active: { from: true, to: false } })).toEqual(['Active: yes → no']);
  });

  it('says roles and genders by their labels', () => {
    expect(describeDetail({ role: { from: 'staff', to: 'manager' } })).toEqual(['Role: Staff → Manager']);
    expect(describeDetail({ email: 'new@example.com', role: 'ndf' })).toEqual([
      'Email: new@example.com',
      'Role: NDF',
    ]);
    expect(detailValue('gender', 'F')).toBe('Female');
  });

  it('names changed fields as the form does, and leaves out those told with their change', () => {
    expect(describeDetail({ fields: ['first_name', 'phone'] })).toEqual(['Changed: First name, Phone']);
    expect(
      describeDetail({
        fields: ['role', 'is_active'],
        role: { from: 'staff', to: 'admin' },
        is_active: { from: false, to: true },
      }),
    ).toEqual(['Role: Staff → Admin', 'Active: no → yes']);
    expect(describeDetail({ fields: ['last_name', 'role'], role: { from: 'staff', to: 'admin' } })).toEqual([
      'Changed: Last name, Role',
      'Role: Staff → Admin',
    ]);
  });

  it('says numbers in Vietnamese, nothing as a dash, and an unknown key in words', () => {
    expect(describeDetail({ created: 1200 })).toEqual(['Users created: 1.200']);
    expect(describeDetail({ old_role: null, note: '' })).toEqual(['Old role: —', 'Note: —']);
    expect(describeDetail({ tier: 'account', session: 'fam-1', read: 'entries' })).toEqual([
      'Limit: account',
      'Session: fam-1',
      'Read: entries',
    ]);
  });

  it('says a nested object or list as words, never JSON', () => {
    expect(describeDetail({ changes: { role: ['staff', 'admin'] } })).toEqual([
      'Changes: Role: Staff, Admin',
    ]);
    expect(describeDetail({ limits: { per_minute: 5, blocked: true } })).toEqual([
      'Limits: Per minute: 5, Blocked: yes',
    ]);
    expect(describeDetail({ fields: [] })).toEqual(['Changed: —']);
    for (const line of describeDetail({ a: { b: { c: [1, { d: false }] } } }))
      expect(line).not.toMatch(/[{}"]/);
  });

  it('puts the parts on one line', () => {
    expect(summariseDetail({ email: 'a@b.c', is_active: { from: true, to: false } })).toBe(
      'Email: a@b.c · Active: yes → no',
    );
    expect(summariseDetail({})).toBe('');
  });
});
