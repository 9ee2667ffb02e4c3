// What waits for the first contentful paint (the toasts, the stored user's refresh) really waits for it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Entry = { name: string };
let report: ((entries: Entry[]) => void) | null = null;

/** A PerformanceObserver that reports paint entries when the test says so. */
class FakeObserver {
  static supportedEntryTypes = ['paint'];
  disconnected = false;
  constructor(private readonly callback: (list: { getEntries: () => Entry[] }) => void) {}
  observe() {
    report = (entries) => {
      if (!this.disconnected) this.callback({ getEntries: () => entries });
    };
  }
  disconnect() {
    this.disconnected = true;
  }
}

beforeEach(() => {
  vi.resetModules();
  report = null;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('afterFirstPaint', () => {
  it('resolves when the browser reports the first contentful paint, not before', async () => {
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const { afterFirstPaint, hasPainted } = await import('./first-paint');
    let done = false;
    void afterFirstPaint().then(() => {
      done = true;
    });
    report?.([{ name: 'first-paint' }]);
    await Promise.resolve();
    expect(done).toBe(false);
    expect(hasPainted()).toBe(false);

    report?.([{ name: 'first-contentful-paint' }]);
    await afterFirstPaint();
    expect(done).toBe(true);
    expect(hasPainted()).toBe(true);
  });

  it('gives up waiting after five seconds (a page opened in a background tab paints nothing)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const { afterFirstPaint, hasPainted } = await import('./first-paint');
    void afterFirstPaint();
    vi.advanceTimersByTime(4999);
    expect(hasPainted()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(hasPainted()).toBe(true);
  });

  it('does not wait where paint timing is not reported', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const { afterFirstPaint, hasPainted } = await import('./first-paint');
    await afterFirstPaint();
    expect(hasPainted()).toBe(true);
  });
});
