// Sign-in attacks replayed: a burst of guesses, a lock-out attempt from another address, password
// spraying from one address, IPv6 clients rotating through their /64 (docs/decisions/0004).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { counterKey, signInDelaySeconds, TIERS, windowOf } from '../../http/rate-limit';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { SEED_PASSWORD, seedUsers } from '../../test/users';

const PASSWORD = 'Owner-pass-2024';

describe.each(testDatabases())('sign-in limits (%s)', (kind) => {
  let t: TestApp;
  /** Every wait the service asked for, in ms; while `held` is set, waits last until it resolves. */
  const delays: number[] = [];
  let held: Promise<void> | null = null;
  let n = 0;

  const newUser = async () => {
    const email = `owner${++n}@example.com`;
    await t.app.accounts.createUser({ email, password: PASSWORD, role: 'staff' });
    return email;
  };
  const attempt = (email: string, password: string, remoteAddress = '192.0.2.1') =>
    t.app.inject({ method: 'POST', url: '/api/users/token/', payload: { email, password }, remoteAddress });
  const statuses = (answers: LightMyRequestResponse[]) => answers.map((a) => a.statusCode).sort();
  const throttledEvents = () =>
    t.db
      .selectFrom('audit_events')
      .select(['actor_id', 'actor_email', 'target_type', 'target_id', 'ip', 'detail'])
      .where('action', '=', 'auth.throttled')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {},
      {
        signInDelay: async (ms) => {
          delays.push(ms);
          await held;
        },
      },
    );
  });
  afterAll(() => t.close());

  it('verifies at most five of sixteen parallel guesses; the right password arriving among them gets 429', async () => {
    t.clock.advance(3600);
    const email = await newUser();
    const address = '198.51.100.16';
    let release = () => {};
    held = new Promise((resolve) => {
      release = resolve;
    });
    delays.length = 0;
    const guesses = Array.from({ length: 15 }, (_, i) => attempt(email, `wrong-guess-${i}`, address));
    // Every guess is counted before any is verified; the slowed-down ones are still in flight.
    const pair = counterKey(
      TIERS.signInFailuresPerAccountAndIp,
      `${email}|${address}`,
      windowOf(TIERS.signInFailuresPerAccountAndIp, t.clock.now()).start,
    );
    await vi.waitFor(async () => {
      const row = await t.db
        .selectFrom('rate_limit_counters')
        .select('count')
        .where('key', '=', pair)
        .executeTakeFirst();
      expect(row?.count).toBe(15);
    });
    const right = await attempt(email, PASSWORD, address);
    release();
    held = null;
    const answers = await Promise.all(guesses);

    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({
      detail: expect.stringMatching(/^Request was throttled/),
      code: 'throttled',
    });
    const retryAfter = Number(right.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // A 401 is a verified password: five of them, the other ten refused unverified.
    expect(statuses(answers)).toEqual([...Array(5).fill(401), ...Array(10).fill(429)]);
    // Only the verified ones waited, the later-counted one longer; parallel requests reach the
    // wait in either order.
    expect([...delays].sort((a, b) => a - b)).toEqual([1000, 2000]);

    // One audit event for the window, however many refusals.
    const [user] = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
    const events = (await throttledEvents()).filter((e) => e.actor_email === email);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor_id: null,
      actor_email: email,
      target_type: 'user',
      target_id: String(user?.id),
      ip: address,
    });
    expect(JSON.parse(events[0]?.detail as string)).toEqual({ tier: 'signin-pair' });

    // The next window starts afresh, and its first refusal is recorded again.
    t.clock.advance(retryAfter);
    for (let i = 0; i < 5; i++) expect((await attempt(email, `again-${i}`, address)).statusCode).toBe(401);
    expect((await attempt(email, 'again-5', address)).statusCode).toBe(429);
    expect((await attempt(email, 'again-6', address)).statusCode).toBe(429);
    expect((await throttledEvents()).filter((e) => e.actor_email === email)).toHaveLength(2);
  });

  it('does not lock the owner out: failures from one address only slow the right password from another', async () => {
    t.clock.advance(3600);
    const email = await newUser();
    for (let i = 0; i < 5; i++)
      expect((await attempt(email, `wrong-${i}`, '203.0.113.5')).statusCode).toBe(401);
    expect((await attempt(email, PASSWORD, '203.0.113.5')).statusCode).toBe(429);
    delays.length = 0;
    const owner = await attempt(email, PASSWORD, '198.51.100.200');
    expect(owner.statusCode).toBe(200);
    // Five failures (and the refused attempt) in the window: a few seconds, never more than eight.
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeGreaterThan(0);
    expect(delays[0]).toBeLessThanOrEqual(8000);
    expect(signInDelaySeconds(2)).toBe(0);
    expect([3, 4, 5, 6, 50].map(signInDelaySeconds)).toEqual([1, 2, 4, 8, 8]);
  });

  it('a successful sign-in gives its slot back, so the owner never uses up their own budget', async () => {
    t.clock.advance(3600);
    const email = await newUser();
    const address = '192.0.2.77';
    for (let i = 0; i < 12; i++) expect((await attempt(email, PASSWORD, address)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt(email, `wrong-${i}`, address)).statusCode).toBe(401);
    expect((await attempt(email, PASSWORD, address)).statusCode).toBe(429);
  });

  it('lets a whole office behind one address sign in: 300 right passwords in a minute, every one 200', {
    timeout: 120_000,
  }, async () => {
    t.clock.advance(3600);
    const office = '198.51.100.50'; // the department's NAT address (decision 0004)
    const emails = Array.from({ length: 300 }, (_, i) => `colleague${i}@office.example`);
    await seedUsers(
      t,
      emails.map((email) => ({ email })),
    );
    // Eight at a time, as people arrive at their desks; all within the same minute of the clock.
    const answers: number[] = [];
    const queue = [...emails];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let email = queue.shift(); email; email = queue.shift()) {
          answers.push((await attempt(email, SEED_PASSWORD, office)).statusCode);
        }
      }),
    );
    expect(answers).toEqual(Array(300).fill(200));
    // Every tier got its slots back: what is left counts against nobody.
    const left = await t.db
      .selectFrom('rate_limit_counters')
      .select(['key', 'count'])
      .where('key', 'like', `%${office}%`)
      .where('count', '>', 0)
      .execute();
    expect(left).toEqual([]);

    // Guessing from the same address is still refused after the 50th wrong password: the right
    // passwords before it bought no budget.
    const tier = TIERS.signInFailuresPerIp;
    for (let i = 0; i < tier.limit; i++) {
      expect((await attempt(emails[i] as string, `wrong-${i}`, office)).statusCode).toBe(401);
    }
    expect((await attempt(emails[tier.limit] as string, 'wrong-again', office)).statusCode).toBe(429);
    expect((await attempt(emails[tier.limit + 1] as string, SEED_PASSWORD, office)).statusCode).toBe(429);
  });

  it('limits failures per address across many e-mails, known or not, without touching other addresses', async () => {
    t.clock.advance(3600);
    const email = await newUser();
    const sprayer = '192.0.2.99';
    const tier = TIERS.signInFailuresPerIp;
    for (let i = 0; i < tier.limit; i++) {
      expect((await attempt(`nobody${i}@example.com`, 'Summer-2024!', sprayer)).statusCode).toBe(401);
    }
    const refused = await attempt(email, PASSWORD, sprayer);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(email, PASSWORD, '192.0.2.100')).statusCode).toBe(200);
    const events = (await throttledEvents()).filter((e) => e.ip === sprayer);
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]?.detail as string)).toEqual({ tier: 'signin-fail-ip' });
  });

  it('answers an unknown e-mail exactly like a known one, and records no target for it', async () => {
    t.clock.advance(3600);
    const email = 'nobody-here@example.com';
    for (let i = 0; i < 5; i++) expect((await attempt(email, `wrong-${i}`)).statusCode).toBe(401);
    expect((await attempt(email, `wrong-5`)).statusCode).toBe(429);
    const events = (await throttledEvents()).filter((e) => e.actor_email === email);
    expect(events).toEqual([
      expect.objectContaining({ actor_id: null, target_type: null, target_id: null, ip: '192.0.2.1' }),
    ]);
  });

  it('counts an IPv6 client by its /64, so rotating addresses inside it does not help', async () => {
    t.clock.advance(3600);
    const email = await newUser();
    for (let i = 0; i < 5; i++) {
      expect((await attempt(email, `wrong-${i}`, `2001:db8:1:2::${(i + 1).toString(16)}`)).statusCode).toBe(
        401,
      );
    }
    expect((await attempt(email, PASSWORD, '2001:db8:1:2:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
    expect((await attempt(email, PASSWORD, '2001:db8:1:3::1')).statusCode).toBe(200);
  });
});
