// postinstall: applies patches/postgres+3.4.9.patch to node_modules/postgres (its ESM build, which the server and
// the tests import, and the CommonJS and Cloudflare builds, so no entry point is left unpatched). Without it a
// PostgreSQL that goes away mid-write kills the whole process (decision 014; porsager/postgres#1168, not
// released). Applied by content, not by line number, and idempotent: a second run finds it applied. A hunk
// that matches neither way fails the install on purpose: a new postgres.js must be checked against the patch.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const patchFile = join(root, 'patches', 'postgres+3.4.9.patch');
const packageDir = join(root, 'node_modules', 'postgres');

/** The unified diff as files, each with hunks of the text before and after (context lines in both). */
export function parsePatch(text) {
  const files = [];
  let hunk = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('--- ')) continue;
    if (line.startsWith('+++ ')) {
      files.push({ path: line.slice(4).replace(/^b\//, ''), hunks: [] });
    } else if (line.startsWith('@@')) {
      hunk = { before: [], after: [] };
      files.at(-1).hunks.push(hunk);
    } else if (hunk && line.startsWith(' ')) {
      hunk.before.push(line.slice(1));
      hunk.after.push(line.slice(1));
    } else if (hunk && line.startsWith('-')) hunk.before.push(line.slice(1));
    else if (hunk && line.startsWith('+')) hunk.after.push(line.slice(1));
  }
  return files.map((f) => ({
    path: f.path,
    hunks: f.hunks.map((h) => ({ before: `${h.before.join('\n')}\n`, after: `${h.after.join('\n')}\n` })),
  }));
}

const count = (text, part) => text.split(part).length - 1;

/** Applies one file's hunks to its text: 'applied', 'already' or the reason it cannot. */
export function applyHunks(text, hunks) {
  let result = text;
  let changed = false;
  for (const { before, after } of hunks) {
    if (count(result, after) === 1 && count(result, before) === 0) continue;
    if (count(result, before) !== 1) return { status: 'mismatch' };
    result = result.replace(before, () => after);
    changed = true;
  }
  return changed ? { status: 'applied', text: result } : { status: 'already' };
}

function main() {
  if (!existsSync(packageDir)) {
    console.warn('[patch-postgres] node_modules/postgres no está instalado; no hay nada que parchar.');
    return;
  }
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  for (const file of parsePatch(readFileSync(patchFile, 'utf8'))) {
    const target = join(packageDir, file.path);
    const outcome = applyHunks(readFileSync(target, 'utf8'), file.hunks);
    if (outcome.status === 'mismatch') {
      console.error(
        `[patch-postgres] El parche no corresponde a postgres ${version} (${file.path}). Revise si la nueva ` +
          'versión ya corrige porsager/postgres#1154 y actualice patches/ y scripts/patch-postgres.mjs.',
      );
      process.exit(1);
    }
    if (outcome.status === 'applied') writeFileSync(target, outcome.text);
    console.log(
      `[patch-postgres] postgres ${version} ${file.path}: ${outcome.status === 'applied' ? 'parchado' : 'ya estaba parchado'}`,
    );
  }
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) main();
