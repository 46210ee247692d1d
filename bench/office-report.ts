/**
 * What the office mix's runs share (bench/office-run.ts, bench/office-sweep.ts): its settings, a data
 * set on its database with two servers, the checks of the database after the writes, and the words and
 * figures of the report.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { describeDataset, type OfficeSize } from './dataset-year.ts';
import { checkBalances } from './harness/balances.ts';
import { checkLedger, describeLedger } from './harness/ledger.ts';
import { ROOT, startServer } from './harness/server.ts';
import { buildOfficeDatabase } from './office-dataset.ts';
import type { MixResult } from './office-mix.ts';

/** The settings of docs/benchmarks.md's table of BENCH_* variables. */
export const SECONDS = Number(process.env.BENCH_OFFICE_SECONDS ?? 60);
export const SCALE = Number(process.env.BENCH_OFFICE_SCALE ?? 1);
export const WARM_UP_SECONDS = Math.min(10, Math.max(2, Math.round(SECONDS / 6)));
/**
 * How long freshly started servers run the mix unmeasured before their first measured part (in place of
 * WARM_UP_SECONDS). In its first minutes a server's V8 compiles the hot code on its helper threads and
 * PostgreSQL's new backends fill their caches and plan each prepared statement anew: an office's servers,
 * running for weeks, pay that once (decision 190).
 */
export const SETTLE_SECONDS = Number(
  process.env.BENCH_OFFICE_SETTLE_SECONDS ?? Math.max(WARM_UP_SECONDS, Math.min(120, 2 * SECONDS)),
);
export const TARGET_P95_MS = 50;

export const log = (text: string) => console.log(`[office] ${text}`);
export const ms = (value: number) =>
  Number.isNaN(value) ? '–' : value >= 100 ? value.toFixed(0) : value.toFixed(1);

/** A data set on its database, with two servers and a pool of `poolSize` for the bench's own SQL. */
export async function officeDatabase(size: OfficeSize, scale: number, poolSize: number) {
  log(`the ${size}'s data set (generated, or kept with BENCH_KEEP_DATABASE) …`);
  const { databaseUrl, server: a, dataset } = await buildOfficeDatabase(size, scale);
  log(describeDataset(dataset));
  const b = await startServer(`${size}-B`, databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  return { databaseUrl, dataset, servers: [a, b], pool };
}

/**
 * After the servers stopped: the stock ledger kept whole by the mix's writes, as the service's own
 * tests demand, and so the figures the writes keep per buyer (decisions 132, 134 and 137).
 */
export async function checkWrites(databaseUrl: string, size: string): Promise<string[]> {
  const checker = new pg.Client({ connectionString: databaseUrl });
  await checker.connect();
  try {
    const ledger = describeLedger(await checkLedger(checker));
    const balances = await checkBalances(checker);
    log(`${size}: ledger: ${ledger.summary}`);
    log(
      `${size}: kept figures: ${balances.length === 0 ? 'every kept figure = its sum from scratch' : `${balances.length} differ`}`,
    );
    return [...ledger.problems, ...balances];
  } finally {
    await checker.end();
  }
}

export function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  } catch {
    return 'unknown';
  }
}

export function totals(mix: MixResult) {
  let requests = 0;
  let writes = 0;
  let refused = 0;
  let errors = 0;
  for (const stat of mix.operations.values()) {
    const answered =
      stat.latencies.length + stat.refused + [...stat.errors.values()].reduce((s, n) => s + n, 0);
    requests += answered;
    if (stat.write) writes += answered;
    refused += stat.refused;
    errors += answered - stat.latencies.length - stat.refused;
  }
  return { requests, writes, refused, errors, perSecond: requests / mix.seconds };
}

export function loadAverage(mix: MixResult, before: number): string {
  const samples = mix.loadAverages;
  if (samples.length === 0) return `${before.toFixed(1)} before`;
  const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
  return `${before.toFixed(1)} before, ${Math.min(...samples).toFixed(1)}–${Math.max(...samples).toFixed(1)} (mean ${mean.toFixed(1)}) during`;
}

/** CPU ms per request answered in the measured window, by side; `busy` the share of all cores. */
export function cpuPerRequest(mix: MixResult) {
  const cpu = mix.cpu;
  if (!cpu) return undefined;
  const per = (spent: number) => spent / Math.max(1, mix.cpuRequests);
  return {
    servers: per(cpu.serversMs),
    postgres: per(cpu.postgresMs),
    client: per(cpu.clientMs),
    busy:
      (100 * (cpu.serversMs + cpu.postgresMs + cpu.clientMs)) /
      (cpu.wallSeconds * 1000 * os.availableParallelism()),
    backends: cpu.backends,
  };
}

/** `embedded`: the servers hold their database (PGlite), no PostgreSQL backends count. */
export function cpuSentence(mix: MixResult, embedded = false): string {
  const cpu = cpuPerRequest(mix);
  if (!cpu) return '';
  if (embedded) {
    return (
      `CPU per request (from /proc, ${mix.cpuRequests} requests): the server with its embedded database ` +
      `${cpu.servers.toFixed(2)} ms, load client ${cpu.client.toFixed(2)} ms; the two kept ${cpu.busy.toFixed(0)} % ` +
      `of the ${os.availableParallelism()} cores busy.`
    );
  }
  return (
    `CPU per request (from /proc, ${mix.cpuRequests} requests): servers ${cpu.servers.toFixed(2)} ms + ` +
    `PostgreSQL ${cpu.postgres.toFixed(2)} ms (${cpu.backends} backends) = ${(cpu.servers + cpu.postgres).toFixed(2)} ms, ` +
    `load client ${cpu.client.toFixed(2)} ms; the three kept ${cpu.busy.toFixed(0)} % of the ` +
    `${os.availableParallelism()} cores busy.`
  );
}
