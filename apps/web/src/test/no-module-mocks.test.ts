// The web test files share their modules (isolate: false in vitest.config.ts): a module mocked in one
// file would stay mocked for the files that run after it in the same worker. No web test mocks a module.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const MODULE_MOCK = /\bvi\s*\.\s*(mock|doMock|unmock|doUnmock|hoisted|importMock)\s*\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('web tests and module mocks', () => {
  it('finds the test files, this one among them', () => {
    expect(testFiles(SRC).map((f) => relative(SRC, f))).toContain('test/no-module-mocks.test.ts');
  });

  it('mocks no module in any web test file', () => {
    const mocking = testFiles(SRC)
      .filter((f) => !f.endsWith('no-module-mocks.test.ts'))
      .filter((f) => MODULE_MOCK.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(mocking).toEqual([]);
  });
});
