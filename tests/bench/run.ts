// `npm run bench`: the server benchmarks of issue 4, one after the other, each on its own fresh database
// (BENCH_DATABASE_URL or DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres), then
// a summary. Not part of `npm test`.
import os from 'node:os';
import type { GenerateSummary } from './generate';
import { listLoansReport, listOptionsFromEnv, runListLoansBench } from './list-loans.bench';
import { pushOptionsFromEnv, pushReport, runPushBench } from './server-push.bench';
import { formatTable } from './stats';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function generationReport(rows: [string, GenerateSummary][]): string {
  return formatTable(
    'Generación de datos (tests/bench/generate.ts)',
    ['inquilino', 'préstamos', 'activos', 'cerrados', 'amortizaciones', 'insertar', 'total', 'recomputados'],
    rows.map(([name, g]) => [
      name,
      String(g.loans),
      String(g.activeLoans),
      String(g.closedLoans),
      String(g.amortizations),
      seconds(g.ms.insert),
      seconds(g.ms.total),
      String(g.recomputed),
    ]),
  );
}

const started = performance.now();
console.log(
  `Benchmarks del servidor: Node ${process.version}, ${os.cpus().length} CPU, carga ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const push = await runPushBench(pushOptionsFromEnv());
const list = await runListLoansBench(listOptionsFromEnv());
console.log(
  generationReport([
    ['push', push.generation],
    ['list-loans', list.generation],
  ]),
);
console.log(pushReport(push));
console.log(listLoansReport(list));
console.log(`\nnpm run bench: ${seconds(performance.now() - started)}`);
