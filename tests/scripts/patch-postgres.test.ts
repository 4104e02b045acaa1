// The postinstall patch of postgres.js (decision 014): applied to every build, once, and loud when it no longer fits.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, no types
import { applyHunks, parsePatch } from '../../scripts/patch-postgres.mjs';

interface Hunk {
  before: string;
  after: string;
}
interface PatchedFile {
  path: string;
  hunks: Hunk[];
}
type Outcome = { status: 'applied'; text: string } | { status: 'already' } | { status: 'mismatch' };

const root = new URL('../..', import.meta.url).pathname;
const files = parsePatch(readFileSync(join(root, 'patches/postgres+3.4.9.patch'), 'utf8')) as PatchedFile[];
const apply = applyHunks as (text: string, hunks: Hunk[]) => Outcome;
const installed = (path: string) => readFileSync(join(root, 'node_modules/postgres', path), 'utf8');

describe('patches/postgres+3.4.9.patch', () => {
  it('covers the ESM build the server imports and the CommonJS and Cloudflare builds', () => {
    expect(files.map((f) => f.path)).toEqual([
      'src/connection.js',
      'cjs/src/connection.js',
      'cf/src/connection.js',
      'src/index.js',
      'cjs/src/index.js',
      'cf/src/index.js',
    ]);
  });

  it('is applied in node_modules (the postinstall ran)', () => {
    for (const file of files) expect(apply(installed(file.path), file.hunks)).toEqual({ status: 'already' });
  });

  it('applies to the released text once and then finds itself applied', () => {
    for (const file of files) {
      const patched = installed(file.path);
      const original = file.hunks.reduce((text, h) => text.replace(h.after, h.before), patched);
      expect(original).not.toContain('Patched by Sistema de Préstamos');
      const first = apply(original, file.hunks);
      expect(first).toEqual({ status: 'applied', text: patched });
      expect(apply(patched, file.hunks)).toEqual({ status: 'already' });
    }
  });

  it('refuses a text it does not fit (another postgres.js version)', () => {
    expect(apply('function nextWrite(fn) {}\n', files[0]!.hunks)).toEqual({ status: 'mismatch' });
  });
});
