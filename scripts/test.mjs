// `npm test`: unit, client and server suites, then the end-to-end suite in Chromium.
// Server suites use DATABASE_URL's server (a fresh database per run) or, without it, an in-memory PGlite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const vitest = `${root}node_modules/vitest/vitest.mjs`;
const reports = mkdtempSync(join(tmpdir(), 'prestamos-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(name, args) {
  const outputFile = join(reports, `${name}.json`);
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`];
  const status = spawnSync(process.execPath, [vitest, 'run', ...reporters, ...args], {
    cwd: root,
    stdio: 'inherit',
  }).status;
  if (existsSync(outputFile)) {
    const r = JSON.parse(readFileSync(outputFile, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
  }
  return status ?? 1;
}

const extra = process.argv.slice(2);
const started = Date.now();
let failed = run('main', ['--config', 'vitest.config.ts', ...extra]) !== 0;

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (existsSync(chrome)) {
  failed = run('e2e', ['--config', 'vitest.e2e.config.ts', ...extra]) !== 0 || failed;
} else if (process.env.CI) {
  console.error(`\n✖ CI: no se encontró Chromium en ${chrome}; las pruebas e2e son obligatorias en CI.\n`);
  failed = true;
} else {
  const line = '!'.repeat(78);
  console.warn(`\n${line}\n!! PRUEBAS E2E OMITIDAS: no hay Chromium en ${chrome}.`);
  console.warn('!! Instálelo (apt-get install -y chromium) o defina CHROME_PATH para ejecutarlas.');
  console.warn(`${line}\n`);
}
console.log(`\nnpm test: ${failed ? 'FALLÓ' : 'OK'} en ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed ? 1 : 0);
