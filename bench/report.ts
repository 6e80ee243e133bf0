import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Figures } from './load.js';

/** SQL statements of one read, counted in-process on this checkout's code: the first read of it, and a repeat at the same catalogue version. */
export interface SqlCount {
  first: number;
  repeat: number;
}

export interface Row extends Figures {
  read: string;
  products: number;
  /** Null for checkout, whose count depends on the cart. */
  sqlStatements: SqlCount | null;
  baseline?: Figures;
  /** This build's req/s over the baseline's. */
  ratio?: number;
}

export function row(read: string, products: number, sqlStatements: SqlCount | null, figures: Record<string, Figures>): Row {
  const { current, baseline } = figures;
  if (!baseline) return { read, products, sqlStatements, ...current! };
  return { read, products, sqlStatements, ...current!, baseline, ratio: Number((current!.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)) };
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

export function markdownTable(rows: Row[]): string {
  const lines = ['| read | products | before req/s | after req/s | × | before p99 | after p99 | SQL first / repeat |', '|---|---|---|---|---|---|---|---|'];
  const shed = (f: Figures) => (f.unavailable ? ` (${f.unavailable} × 503)` : '');
  for (const r of rows) {
    const before = r.baseline;
    lines.push(
      `| ${r.read} | ${r.products.toLocaleString('en-US')} | ${before ? `${before.requestsPerSecond}${shed(before)}` : '–'} | ${r.requestsPerSecond}${shed(r)} | ${r.ratio ?? '–'} | ${before ? ms(before.p99Ms) : '–'} | ${ms(r.p99Ms)} | ${r.sqlStatements ? `${r.sqlStatements.first} / ${r.sqlStatements.repeat}` : '–'} |`,
    );
  }
  return lines.join('\n');
}

export async function writeResults(engine: string, report: object): Promise<string> {
  const file = path.join('bench', 'results', `${engine}.json`);
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
