// Timing figures and plain-text tables for the benchmark reports.
import { pathToFileURL } from 'node:url';

/** The q-quantile (0..1) of `values` by nearest rank. */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

export const median = (values: readonly number[]) => percentile(values, 0.5);

export interface Timings {
  p50: number;
  p95: number;
  max: number;
  n: number;
}

export const summarize = (values: readonly number[]): Timings => ({
  p50: percentile(values, 0.5),
  p95: percentile(values, 0.95),
  max: Math.max(...values),
  n: values.length,
});

/** Milliseconds since `from` (a performance.now() reading), with 0.1 ms resolution. */
export const msSince = (from: number) => Math.round((performance.now() - from) * 10) / 10;

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');

/** A table with a header row, left-aligned first column and right-aligned figures. */
export function formatTable(title: string, header: readonly string[], rows: readonly (readonly string[])[]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [`\n${title}`, line(header), rule, ...rows.map(line)].join('\n');
}

/** True when the module at `url` is the script node was started with (not imported by the runner). */
export const isMain = (url: string) =>
  Boolean(process.argv[1]) && url === pathToFileURL(process.argv[1]!).href;

/** A positive integer from the environment, or the default. */
export function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}
