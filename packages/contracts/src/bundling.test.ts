// The web bundles only the contracts modules its screens import (package.json `sideEffects`: the index
// and the schema modules have none), so the one module with a side effect, errors.ts configuring zod
// with the DRF messages, must come with every module that builds schemas, or a screen that loads only
// diary.ts would show zod's own words instead of the API's.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './errors';

const here = path.dirname(new URL(import.meta.url).pathname);
const pkg = JSON.parse(fs.readFileSync(path.join(here, '..', 'package.json'), 'utf8')) as {
  sideEffects?: unknown;
};
const modules = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts' && f !== 'errors.ts');
/** Modules of plain functions, which build no schema (zone-time.ts: the zone maths both sides share). */
const PLAIN_MODULES = ['zone-time.ts'];
const schemaModules = modules.filter((f) => !PLAIN_MODULES.includes(f));

describe('contracts bundling', () => {
  it('declares errors.ts as the only module with a side effect', () => {
    expect(pkg.sideEffects).toEqual(['./src/errors.ts']);
  });

  it.each(schemaModules)('%s imports errors.ts before its schemas', (file) => {
    const source = fs.readFileSync(path.join(here, file), 'utf8');
    expect(source).toMatch(/\bz\./);
    expect(source).toMatch(/^import '\.\/errors';$/m);
  });

  it.each(PLAIN_MODULES)('%s builds no schema, so needs no errors.ts', (file) => {
    expect(modules).toContain(file);
    expect(fs.readFileSync(path.join(here, file), 'utf8')).not.toMatch(/from 'zod'/);
  });

  it('errors.ts gives zod the DRF messages', () => {
    expect(z.object({ name: z.string() }).safeParse({}).error?.issues[0]?.message).toBe(
      'This field is required.',
    );
  });
});
