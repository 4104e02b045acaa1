// Decision 011: bytes of a full pull, one object per row against the compact pages ('columnas' and
// 'columnas-delta'), raw and gzip-compressed (the server negotiates gzip; Chromium always asks for it), per
// 1,000 amortizaciones. Real server on a fresh database with a generated tenant; the collector pulls
// everything, page by page.
// Run alone: npx tsx tests/bench/pull-format.bench.ts   (BENCH_PULL_LOANS)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type ColumnarPullResponse, decodePullResponse, type PullFormat } from '../../shared/sync/columnar';
import type { PullResponse } from '../../shared/sync/types';
import { createBenchDatabase } from './bench-db';
import { type BenchServer, startBenchServer } from './bench-server';
import { apiLogin } from './collector-phone';
import { generateTenant } from './generate';
import { envInt, formatTable, isMain } from './stats';

interface FormatBytes {
  raw: number;
  gzip: number;
  parseMs: number;
}

export interface PullFormatResult {
  loans: number;
  amortizations: number;
  pages: number;
  objects: FormatBytes;
  columns: FormatBytes;
  delta: FormatBytes;
}

async function pullAll(baseUrl: string, token: string, format: PullFormat | null) {
  const clientId = randomUUID();
  let cursor: string | null = null;
  const bytes: FormatBytes = { raw: 0, gzip: 0, parseMs: 0 };
  let pages = 0;
  let amortizations = 0;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/sync/pull`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        'Accept-Encoding': 'identity',
      },
      body: JSON.stringify({ clientId, cursor, ...(format ? { format } : {}) }),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`pull ${res.status}: ${text.slice(0, 200)}`);
    bytes.raw += Buffer.byteLength(text);
    bytes.gzip += gzipSync(text).length;
    const started = performance.now();
    const page = decodePullResponse(JSON.parse(text) as PullResponse | ColumnarPullResponse);
    bytes.parseMs += performance.now() - started;
    amortizations += page.changes.amortizations.length;
    pages++;
    if (!page.hasMore) return { bytes, pages, amortizations };
    cursor = page.cursor;
  }
}

export async function runPullFormatBench(
  opts = { loans: envInt('BENCH_PULL_LOANS', 20_000) },
  log: (line: string) => void = console.log,
): Promise<PullFormatResult> {
  const db = await createBenchDatabase('pullformat');
  const emptyStatic = mkdtempSync(join(tmpdir(), 'prestamos-bench-static-'));
  let server: BenchServer | null = null;
  try {
    const { tenant } = await generateTenant(db.sql, { loans: opts.loans });
    server = await startBenchServer(db.url, emptyStatic);
    const token = await apiLogin(server.baseUrl, tenant.collectorEmail, tenant.password);
    const objects = await pullAll(server.baseUrl, token, null);
    const columns = await pullAll(server.baseUrl, token, 'columnas');
    const delta = await pullAll(server.baseUrl, token, 'columnas-delta');
    log(`[pull] ${objects.pages} páginas, ${objects.amortizations} amortizaciones`);
    return {
      loans: opts.loans,
      amortizations: objects.amortizations,
      pages: objects.pages,
      objects: objects.bytes,
      columns: columns.bytes,
      delta: delta.bytes,
    };
  } finally {
    await server?.stop();
    rmSync(emptyStatic, { recursive: true, force: true });
    await db.drop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

export function pullFormatReport(r: PullFormatResult): string {
  const per1000 = (b: number) => kb((b / r.amortizations) * 1000);
  const line = (name: string, f: FormatBytes) => [
    name,
    mb(f.raw),
    mb(f.gzip),
    per1000(f.raw),
    per1000(f.gzip),
    `${f.parseMs.toFixed(0)} ms`,
  ];
  return formatTable(
    `Pull completo de ${r.loans} préstamos (${r.amortizations} amortizaciones, ${r.pages} páginas): bytes por formato`,
    ['formato', 'total', 'total gzip', 'por 1,000 amort.', 'por 1,000 gzip', 'JSON.parse (Node)'],
    [
      line('un objeto por fila', r.objects),
      line("compacto ('columnas')", r.columns),
      line("compacto con diferencias ('columnas-delta')", r.delta),
    ],
  );
}

if (isMain(import.meta.url)) console.log(pullFormatReport(await runPullFormatBench()));
