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
  /** This build's req/s over the baseline's: the median of the rounds' ratios. */
  ratio?: number;
  /** The lowest and highest of the rounds' ratios, with more than one round. */
  ratioRange?: [number, number];
  /** The baseline's CPU µs per answer over this build's, median of the rounds: above 1, this build costs less. */
  cpuRatio?: number;
  /** Each round's figures, with more than one round. */
  rounds?: Record<string, Figures>[];
}

/** The middle value (of an even count, the lower middle one: a round that was run). */
const median = <T>(values: T[], by: (value: T) => number): T => [...values].sort((a, b) => by(a) - by(b))[Math.floor((values.length - 1) / 2)]!;
/** The middle number, or the mean of the two middle ones. */
const middle = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
};
const twoPlaces = (value: number) => Number(value.toFixed(2));

/** One read's row from its rounds: each server's median round by req/s, and the median of the per-round ratios. */
export function row(read: string, products: number, sqlStatements: SqlCount | null, rounds: Record<string, Figures>[]): Row {
  const current = median(
    rounds.map((r) => r.current!),
    (f) => f.requestsPerSecond,
  );
  const several = rounds.length > 1 ? { rounds } : {};
  if (!rounds[0]!.baseline) return { read, products, sqlStatements, ...current, ...several };
  const baseline = median(
    rounds.map((r) => r.baseline!),
    (f) => f.requestsPerSecond,
  );
  const ratios = rounds.map((r) => r.current!.requestsPerSecond / r.baseline!.requestsPerSecond);
  const range: [number, number] = [twoPlaces(Math.min(...ratios)), twoPlaces(Math.max(...ratios))];
  const cpuRatios = rounds
    .filter((r) => r.current!.cpuUsPerRequest && r.baseline!.cpuUsPerRequest)
    .map((r) => r.baseline!.cpuUsPerRequest! / r.current!.cpuUsPerRequest!);
  const cpu = cpuRatios.length ? { cpuRatio: twoPlaces(middle(cpuRatios)) } : {};
  return {
    read,
    products,
    sqlStatements,
    ...current,
    baseline,
    ratio: twoPlaces(middle(ratios)),
    ...(rounds.length > 1 ? { ratioRange: range } : {}),
    ...cpu,
    ...several,
  };
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

/** What a table calls the baseline, this build, and the ratio of the two. */
interface Columns {
  before: string;
  after: string;
  ratio: string;
}

/** The floor scenario's names: the floor is the baseline, Bazaar with the cache off this build. */
export const floorColumns: Columns = { before: 'floor', after: 'bazaar', ratio: 'ratio' };

export function markdownTable(rows: Row[], { before: b, after: a, ratio }: Columns = { before: 'before', after: 'after', ratio: '×' }): string {
  const lines = [
    `| read | products | ${b} req/s | ${a} req/s | ${ratio} | ${b} CPU/answer | ${a} CPU/answer | CPU × | ${b} p99 | ${a} p99 | ${b} RSS | ${a} RSS | SQL first / repeat |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const cpu = (f: Figures | undefined) => (f?.cpuUsPerRequest ? `${f.cpuUsPerRequest} µs` : '–');
  const rss = (f: Figures | undefined) => (f?.rssMb ? `${f.rssMb} MB` : '–');
  const shed = (f: Figures) => (f.unavailable ? ` (${f.unavailable} × 503)` : '');
  for (const r of rows) {
    const before = r.baseline;
    lines.push(
      `| ${r.read} | ${r.products.toLocaleString('en-US')} | ${before ? `${before.requestsPerSecond}${shed(before)}` : '–'} | ${r.requestsPerSecond}${shed(r)} | ${r.ratio ?? '–'}${r.ratioRange ? ` (${r.ratioRange[0]}–${r.ratioRange[1]})` : ''} | ${cpu(before)} | ${cpu(r)} | ${r.cpuRatio ?? '–'} | ${before ? ms(before.p99Ms) : '–'} | ${ms(r.p99Ms)} | ${rss(before)} | ${rss(r)} | ${r.sqlStatements ? `${r.sqlStatements.first} / ${r.sqlStatements.repeat}` : '–'} |`,
    );
  }
  return lines.join('\n');
}

export async function writeResults(engine: string, report: object): Promise<string> {
  const file = path.join('bench', 'results', `${engine}.json`);
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
