// `npm run bench`: the benchmarks of tests/bench (sync, weekly sheets, reports, Cobranza, first paint, faults,
// the payment ledger's throughput, an account's export, a 10,000-loan portfolio import), one after the other, each on its own fresh database
// (BENCH_DATABASE_URL or DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres): the
// server's, then the browser's (Chromium at CHROME_PATH, default /usr/bin/chromium; skipped without it), then a
// summary. Not part of `npm test`.
import { existsSync } from 'node:fs';
import os from 'node:os';
import { exportBenchReport, exportOptionsFromEnv, runExportBench } from './account-export.bench';
import { cobranzaBrowserReport, runCobranzaBrowserBench } from './browser-cobranza.bench';
import { runSheetBrowserBench, sheetBrowserReport } from './browser-sheet.bench';
import { browserOptionsFromEnv, browserSyncReport, runBrowserSyncBench } from './browser-sync.bench';
import type { GenerateSummary } from './generate';
import { importBenchReport, runImportBench } from './import.bench';
import { lighthouseReport, runLighthouseBench } from './lighthouse.bench';
import { listLoansReport, listOptionsFromEnv, runListLoansBench } from './list-loans.bench';
import { pullFormatReport, runPullFormatBench } from './pull-format.bench';
import { runThroughputBench, throughputOptionsFromEnv, throughputReport } from './push-throughput.bench';
import { reportBenchReport, reportOptionsFromEnv, runReportBench } from './reports.bench';
import { faultsOptionsFromEnv, faultsReport, runFaultsBench } from './server-faults.bench';
import { pushOptionsFromEnv, pushReport, runPushBench } from './server-push.bench';
import { runSheetBench, sheetReport } from './sheet-generate.bench';
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
  `Benchmarks (servidor y navegador): Node ${process.version}, ${os.cpus().length} CPU, carga ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const push = await runPushBench(pushOptionsFromEnv());
const throughput = await runThroughputBench(throughputOptionsFromEnv());
const list = await runListLoansBench(listOptionsFromEnv());
const sheet = await runSheetBench();
const reports = await runReportBench(reportOptionsFromEnv());
const pullFormat = await runPullFormatBench();
const accountExport = await runExportBench(exportOptionsFromEnv());
const faults = await runFaultsBench(faultsOptionsFromEnv());
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const browser = existsSync(chrome) ? await runBrowserSyncBench(browserOptionsFromEnv()) : null;
const sheetBrowser = existsSync(chrome) ? await runSheetBrowserBench() : null;
const cobranza = existsSync(chrome) ? await runCobranzaBrowserBench() : null;
const lighthouse = existsSync(chrome) ? await runLighthouseBench() : null;
const portfolioImport = existsSync(chrome) ? await runImportBench() : null;
console.log(
  generationReport([
    ['push', push.generation],
    ['push por HTTP', throughput.generation],
    ['list-loans', list.generation],
    ['carga y fallos', faults.generation],
    ['exportar', accountExport.generation],
    ...(browser ? [['navegador', browser.generation] as [string, GenerateSummary]] : []),
  ]),
);
console.log(pushReport(push));
console.log(throughputReport(throughput));
console.log(listLoansReport(list));
console.log(sheetReport(sheet));
console.log(reportBenchReport(reports));
console.log(pullFormatReport(pullFormat));
console.log(exportBenchReport(accountExport));
console.log(faultsReport(faults));
console.log(
  browser
    ? browserSyncReport(browser)
    : `\nNavegador: OMITIDO, no hay Chromium en ${chrome} (apt-get install -y chromium, o CHROME_PATH).`,
);
if (sheetBrowser) console.log(sheetBrowserReport(sheetBrowser));
if (cobranza) console.log(cobranzaBrowserReport(cobranza));
if (lighthouse) console.log(lighthouseReport(lighthouse));
if (portfolioImport) console.log(importBenchReport(portfolioImport));
console.log(`\nnpm run bench: ${seconds(performance.now() - started)}`);
