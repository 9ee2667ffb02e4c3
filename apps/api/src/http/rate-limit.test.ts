import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/harness';
import { ApiError } from './errors';
import { clientAddressSubject, createRateLimiter, type RateLimitTier } from './rate-limit';

const tier: RateLimitTier = { name: 'test', limit: 3, windowSeconds: 60 };

describe.each(testDatabases())('database rate limiter (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('allows the limit, then answers 429 with the seconds left in the window', async () => {
    const limiter = createRateLimiter(t.db, t.clock.now, true);
    for (let i = 0; i < tier.limit; i++) await limiter.hit(tier, 'Subject-A');
    const error = await limiter.hit(tier, 'subject-a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(429);
    const retryAfter = Number((error as ApiError).headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await expect(limiter.hit(tier, 'subject-a')).rejects.toMatchObject({ statusCode: 429 });
    await expect(limiter.hit(tier, 'subject-b')).resolves.toBeUndefined();
    t.clock.advance(retryAfter);
    await expect(limiter.hit(tier, 'subject-a')).resolves.toBeUndefined();
  });

  it('a hit given back frees its slot, and a disabled limiter never refuses', async () => {
    const limiter = createRateLimiter(t.db, t.clock.now, true);
    for (let i = 0; i < 10; i++) await limiter.giveBack(await limiter.count(tier, 'reader'));
    await expect(limiter.hit(tier, 'reader')).resolves.toBeUndefined();
    const off = createRateLimiter(t.db, t.clock.now, false);
    for (let i = 0; i < 10; i++) await off.hit(tier, 'anyone');
    await expect(off.hit(tier, 'anyone')).resolves.toBeUndefined();
  });

  it('counts concurrent hits exactly, as several processes would', async () => {
    const limiter = createRateLimiter(t.db, t.clock.now, true);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => limiter.hit(tier, 'burst')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(tier.limit);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(8 - tier.limit);
  });
});

describe('client address subject', () => {
  it('keeps IPv4 as is and reduces IPv6 to its /64 prefix, however it is written', () => {
    expect(clientAddressSubject('203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressSubject('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressSubject('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(clientAddressSubject('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(clientAddressSubject('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressSubject('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressSubject('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressSubject('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(clientAddressSubject('2001:db8:1:3::1')).not.toBe(clientAddressSubject('2001:db8:1:2::1'));
  });
});
