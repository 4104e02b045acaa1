// First paint without JavaScript (decision 012): Lighthouse (mobile preset, its default simulated slow 4G and
// 4× slower CPU) on /login of the production build, served by the real server, in Debian's Chromium. Prints
// performance, accessibility and best practices with FCP, LCP and TBT (median run by performance), plus the
// gzip bytes of the JavaScript /login needs and of the service worker's precache.
// Run alone: npx tsx tests/bench/lighthouse.bench.ts   (BENCH_LH_RUNS, CHROME_PATH; BENCH_LH_URL measures a
// server that is already running instead of building and starting one)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type AppWeight, appWeight, kb, overHttp } from '../e2e/helpers/app-weight';
import { CHROME_ARGS } from '../e2e/helpers/browser';
import { createBenchDatabase } from './bench-db';
import { type BenchServer, buildClientOnce, startBenchServer } from './bench-server';
import { envInt, formatTable, isMain } from './stats';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/** Decision 012's bar (JS: at most 170 KB, the goal 150; precache under 400 KB). */
export const TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  loginJsGzip: 170_000,
  precacheGzip: 400_000,
};

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** Audits of the three categories that did not pass, for the report (id: title). */
  failing: string[];
}

export interface LighthouseResult {
  runs: LighthouseRun[];
  median: LighthouseRun;
  weight: AppWeight;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

async function audit(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error('Lighthouse no devolvió resultado');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 0.9)
      .map((a) => `${category}: ${a!.id} (${a!.displayValue ?? score(a!.score)})`),
  );
  return {
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories['best-practices']?.score),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    speedIndex: metric('speed-index'),
    failing,
  };
}

/** Lighthouse N times against `/login` of a running server, in one Chromium (Lighthouse resets storage each time). */
export async function lighthouseRuns(baseUrl: string, runs: number, log: (line: string) => void) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_ARGS,
    logLevel: 'silent',
  });
  try {
    const results: LighthouseRun[] = [];
    for (let i = 0; i < runs; i++) {
      const run = await audit(new URL('/login', baseUrl).href, chrome.port);
      log(
        `[lighthouse] ${i + 1}/${runs}: rendimiento ${run.performance}, accesibilidad ${run.accessibility}, ` +
          `buenas prácticas ${run.bestPractices}, FCP ${Math.round(run.fcp)} ms, LCP ${Math.round(run.lcp)} ms, ` +
          `TBT ${Math.round(run.tbt)} ms`,
      );
      results.push(run);
    }
    return results;
  } finally {
    chrome.kill();
  }
}

export async function runLighthouseBench(
  opts = { runs: envInt('BENCH_LH_RUNS', 5), url: process.env.BENCH_LH_URL },
  log: (line: string) => void = console.log,
): Promise<LighthouseResult> {
  let server: BenchServer | null = null;
  let cleanup = async () => {};
  let baseUrl = opts.url;
  if (!baseUrl) {
    // /login reads nothing from the database: an empty, migrated one is enough.
    const db = await createBenchDatabase('lighthouse');
    const build = buildClientOnce();
    cleanup = async () => {
      await server?.stop();
      build.remove();
      await db.drop();
    };
    try {
      server = await startBenchServer(db.url, build.dir);
    } catch (error) {
      await cleanup();
      throw error;
    }
    baseUrl = server.baseUrl;
  }
  try {
    const weight = await appWeight(overHttp(baseUrl));
    const runs = await lighthouseRuns(baseUrl, opts.runs, log);
    const byPerformance = [...runs].sort((a, b) => a.performance - b.performance);
    const medianRun = byPerformance[Math.floor((byPerformance.length - 1) / 2)]!;
    return { runs, median: medianRun, weight };
  } finally {
    await cleanup();
  }
}

const msText = (value: number) => `${Math.round(value)} ms`;
const verdict = (ok: boolean) => (ok ? 'sí' : 'NO');

export function lighthouseReport(r: LighthouseResult): string {
  const m = r.median;
  const range = (pick: (run: LighthouseRun) => number, format: (v: number) => string) => {
    const values = r.runs.map(pick);
    return `${format(Math.min(...values))} – ${format(Math.max(...values))}`;
  };
  const table = formatTable(
    `Lighthouse móvil en /login (${r.runs.length} corridas; mediana por rendimiento, y el rango)`,
    ['medición', 'mediana', 'rango', 'meta', 'cumple'],
    [
      [
        'rendimiento',
        String(m.performance),
        range((x) => x.performance, String),
        `≥ ${TARGETS.performance}`,
        verdict(m.performance >= TARGETS.performance),
      ],
      [
        'accesibilidad',
        String(m.accessibility),
        range((x) => x.accessibility, String),
        String(TARGETS.accessibility),
        verdict(m.accessibility >= TARGETS.accessibility),
      ],
      [
        'buenas prácticas',
        String(m.bestPractices),
        range((x) => x.bestPractices, String),
        String(TARGETS.bestPractices),
        verdict(m.bestPractices >= TARGETS.bestPractices),
      ],
      ['FCP', msText(m.fcp), range((x) => x.fcp, msText), '—', ''],
      ['LCP', msText(m.lcp), range((x) => x.lcp, msText), '—', ''],
      ['TBT', msText(m.tbt), range((x) => x.tbt, msText), '—', ''],
      [
        'CLS',
        m.cls.toFixed(3),
        range(
          (x) => x.cls,
          (v) => v.toFixed(3),
        ),
        '—',
        '',
      ],
      ['Speed Index', msText(m.speedIndex), range((x) => x.speedIndex, msText), '—', ''],
      [
        `JS de /login, gzip (${r.weight.loginJs.length} archivos)`,
        kb(r.weight.loginJsGzip),
        '',
        `≤ ${kb(TARGETS.loginJsGzip)}`,
        verdict(r.weight.loginJsGzip <= TARGETS.loginJsGzip),
      ],
      [
        `precache del service worker, gzip (${r.weight.precache.length} archivos)`,
        kb(r.weight.precacheGzip),
        '',
        `< ${kb(TARGETS.precacheGzip)}`,
        verdict(r.weight.precacheGzip < TARGETS.precacheGzip),
      ],
    ],
  );
  const failing = [...new Set(r.runs.flatMap((run) => run.failing))];
  const files = r.weight.loginJs.map((f) => `  ${kb(f.gzip).padStart(9)}  ${f.path}`).join('\n');
  return [
    table,
    `JS que carga /login antes de correr:\n${files}`,
    failing.length > 0 ? `Auditorías por debajo de 90 en alguna corrida:\n  ${failing.join('\n  ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

if (isMain(import.meta.url)) console.log(lighthouseReport(await runLighthouseBench()));
