import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Put there by scripts/patch-postgres.mjs (npm's postinstall), decision 014. */
const MARKER = 'Patched by Sistema de Préstamos';

/**
 * Says so at start when the installed postgres.js lacks our patch (installed with --ignore-scripts, or upgraded):
 * without it, PostgreSQL going away mid-write kills this process instead of failing the requests with 503.
 */
export function warnIfDriverUnpatched(): void {
  let source: string;
  try {
    const entry = fileURLToPath(import.meta.resolve('postgres'));
    source = readFileSync(join(dirname(entry), 'connection.js'), 'utf8');
  } catch {
    return; // a bundled or unusual layout: nothing to check against
  }
  if (!source.includes(MARKER))
    console.warn(
      '[server] postgres.js no tiene el parche de patches/ (npm install con --ignore-scripts?): si PostgreSQL ' +
        'se cae durante una escritura, este proceso terminará. Ejecute "node scripts/patch-postgres.mjs".',
    );
}
