// Which databases a run's API tests use: the test line splits them between the Node lines
// (TEST_DATABASES, decision 0029), and a wrong value must stop the run rather than test nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDatabases } from './harness';

describe('testDatabases', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('runs both databases when the run has a PostgreSQL cluster and names none', () => {
    vi.stubEnv('TEST_DATABASES', '');
    vi.stubEnv('TEST_PG_URL', 'postgres://localhost:5432/postgres');
    expect(testDatabases()).toEqual(['sqlite', 'postgres']);
  });

  it('runs what TEST_DATABASES names, in one order', () => {
    vi.stubEnv('TEST_PG_URL', 'postgres://localhost:5432/postgres');
    vi.stubEnv('TEST_DATABASES', 'sqlite');
    expect(testDatabases()).toEqual(['sqlite']);
    vi.stubEnv('TEST_DATABASES', 'postgres');
    expect(testDatabases()).toEqual(['postgres']);
    vi.stubEnv('TEST_DATABASES', 'postgres, sqlite');
    expect(testDatabases()).toEqual(['sqlite', 'postgres']);
  });

  it('refuses a database it does not know, and PostgreSQL without a cluster', () => {
    vi.stubEnv('TEST_PG_URL', 'postgres://localhost:5432/postgres');
    vi.stubEnv('TEST_DATABASES', 'mysql');
    expect(() => testDatabases()).toThrow(/TEST_DATABASES=mysql/);
    vi.stubEnv('TEST_DATABASES', 'sqlite,');
    expect(() => testDatabases()).toThrow(/TEST_DATABASES=sqlite,/);
    vi.stubEnv('TEST_PG_URL', '');
    vi.stubEnv('TEST_DATABASES', 'postgres');
    expect(() => testDatabases()).toThrow(/TEST_PG_URL is not set/);
  });
});
