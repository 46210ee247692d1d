/**
 * `npm run bench:office` (and the last part of `npm run bench`): the office mix on a month's data set
 * and on a year's, each on a fresh PostgreSQL database with two server processes, the two taking turns
 * in slices of 10 s, and the shipment
 * list against its own SQL sent through `pg` at the same concurrency. Prints a Markdown table ready for
 * docs/benchmarks.md, with the CPU each request cost (bench/harness/cpu.ts) and the rows each list
 * page read (bench/rows-read.ts); fails on any error answer (not a 409/422 refusal).
 *
 * Env: BENCH_OFFICE_SECONDS per size (60), BENCH_OFFICE_SLICE_SECONDS (10), BENCH_OFFICE_SCALE of the
 * data sets (1), BENCH_OFFICE_YEAR_SCALE of the year alone (10: the month against ten years),
 * BENCH_OFFICE_USERS (30; a list such as 30,60,90 runs the capacity sweep of bench/office-sweep.ts
 * instead), BENCH_KEEP_DATABASE (keep the data sets and reuse them next time).
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { ShipmentListQuery } from '@mandira/contract/shipments';
import { listShipments } from '../apps/server/src/modules/shipments/shipment-list.service.ts';
import { describeDataset, type OfficeDataset, type OfficeSize } from './dataset-year.ts';
import { capture, direct, replay, summarize } from './direct-sql.ts';
import { signIn } from './harness/api.ts';
import { deadline, finish, stopping } from './harness/process.ts';
import { load, type Measured } from './load.ts';
import { type MixResult, prepareOfficeMix } from './office-mix.ts';
import {
  checkWrites,
  commit,
  cpuSentence,
  loadAverage,
  log,
  ms,
  officeDatabase,
  SCALE,
  SECONDS,
  SETTLE_SECONDS,
  TARGET_P95_MS,
  totals,
} from './office-report.ts';
import { officeSweep, SWEEP_USERS } from './office-sweep.ts';
import { type ListRead, measureRowsRead, rowsReadTable } from './rows-read.ts';

const USERS = Number((process.env.BENCH_OFFICE_USERS ?? '30').split(',')[0]);
const SLICE_SECONDS = Number(process.env.BENCH_OFFICE_SLICE_SECONDS ?? 10);
/** The year's scale when it differs from the month's: 10 sets the month against the ten-year set. */
const YEAR_SCALE = Number(process.env.BENCH_OFFICE_YEAR_SCALE ?? SCALE);
/** The shipment list against its SQL: connections and seconds of each side. */
const LIST_CONNECTIONS = 8;
const LIST_SECONDS = Math.min(10, Math.max(3, Math.round(SECONDS / 6)));
const TARGET_FLATNESS = 2;
const TARGET_LIST_RATIO = 0.5;

type SizeRun = {
  dataset: OfficeDataset;
  mix: MixResult;
  list: { http: Measured; direct: Measured };
  rowsRead: ListRead[];
  loadBefore: number;
  ledgerProblems: string[];
};

const rate = (measured: Measured) => measured.count / measured.seconds;

/** A data set on its own database and two servers, with the mix's users signed in. */
async function prepareSize(size: OfficeSize) {
  const { databaseUrl, dataset, servers, pool } = await officeDatabase(
    size,
    size === 'year' ? YEAR_SCALE : SCALE,
    LIST_CONNECTIONS,
  );
  const mix = await prepareOfficeMix(pool, servers, {
    users: USERS,
    days: dataset.days,
    bigBuyerId: dataset.ledger.bigBuyerId,
    databaseName: new URL(databaseUrl).pathname.slice(1),
  });
  return { databaseUrl, dataset, servers, pool, mix };
}

/** The shipment list's first page: HTTP against its own SQL, then the servers stopped and the ledger checked. */
async function finishSize(
  { databaseUrl, dataset, servers, pool, mix }: Awaited<ReturnType<typeof prepareSize>>,
  loadBefore: number,
): Promise<SizeRun> {
  log(
    `${dataset.size}: shipment list page 1 of 50, HTTP and direct SQL, ${LIST_CONNECTIONS} connections, ${LIST_SECONDS} s each …`,
  );
  const page = { page: 1, size: 50 };
  const statements = await capture(pool, (db) =>
    listShipments(db, ShipmentListQuery.parse(page), { weighbridgeTolerancePercent: 10 }),
  );
  const request = { method: 'GET' as const, path: '/api/shipments?page=1&size=50' };
  const urls = servers.map((server) => server.url);
  const token = await signIn(servers[0]!);
  const listLoad = (seconds: number) =>
    load({ urls, token, length: { seconds }, connections: LIST_CONNECTIONS, request });
  await listLoad(2);
  const list = {
    http: await listLoad(LIST_SECONDS),
    direct: await direct(LIST_SECONDS, LIST_CONNECTIONS, replay(pool, statements)),
  };
  await pool.end();
  log(`${dataset.size}: rows read by each list's first and deepest page …`);
  const rowsRead = await measureRowsRead(servers[0]!, token, databaseUrl, dataset.ledger.bigBuyerId);
  await Promise.all(servers.map((server) => server.stop()));
  const ledgerProblems = await checkWrites(databaseUrl, dataset.size);
  return {
    dataset,
    mix: mix.result,
    list,
    rowsRead,
    loadBefore,
    ledgerProblems,
  };
}

/** The report: a Markdown table and the lines around it; `problems` are errors and broken targets. */
function report(month: SizeRun, year: SizeRun): { text: string; problems: string[] } {
  const problems = [...month.ledgerProblems, ...year.ledgerProblems];
  const lines: string[] = [];
  lines.push(
    `Office mix, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit()}, ` +
      `${os.availableParallelism()} cores, Node ${process.version}; ${month.mix.users} users on 2 server processes, ` +
      `think time 200–800 ms, ${SECONDS} s measured per size in turns of ${SLICE_SECONDS} s after the fresh servers ` +
      `settled for ${SETTLE_SECONDS} s, data scale ${SCALE}${YEAR_SCALE === SCALE ? '' : ` (the year ${YEAR_SCALE})`}.`,
  );
  for (const run of [month, year]) {
    const t = totals(run.mix);
    lines.push(
      `- ${describeDataset(run.dataset)}. Mix: ${t.requests} requests, ${t.perSecond.toFixed(1)}/s, ` +
        `${((100 * t.writes) / Math.max(1, t.requests)).toFixed(0)} % writing, ${t.refused} refused (409/422), ` +
        `${t.errors} errors; load average ${loadAverage(run.mix, run.loadBefore)}. ${cpuSentence(run.mix)}`,
    );
  }
  lines.push('');
  lines.push(
    '| operation | kind | month p95 ms | year p50 ms | year p95 ms | year p99 ms | year ÷ month p95 (≤ 2) | year p95 < 50 ms | year answers | refused 409/422 |',
  );
  lines.push('|---|---|---:|---:|---:|---:|---:|---|---:|---:|');
  for (const [name, yearStat] of year.mix.operations) {
    const monthStat = month.mix.operations.get(name)!;
    const m = summarize([...monthStat.latencies]);
    const y = summarize([...yearStat.latencies]);
    const ratio = y.p95 / m.p95;
    const flat = Number.isNaN(ratio)
      ? '–'
      : `${ratio.toFixed(2)}${ratio <= TARGET_FLATNESS ? '' : ' **missed**'}`;
    const fast = Number.isNaN(y.p95) ? '–' : y.p95 < TARGET_P95_MS ? 'met' : '**missed**';
    lines.push(
      `| ${name} | ${yearStat.write ? 'write' : 'read'} | ${ms(m.p95)} | ${ms(y.p50)} | ${ms(y.p95)} | ${ms(y.p99)} | ${flat} | ${fast} | ${yearStat.latencies.length} | ${yearStat.refused + monthStat.refused} |`,
    );
    for (const [size, stat] of [
      ['month', monthStat],
      ['year', yearStat],
    ] as const) {
      for (const [error, times] of stat.errors) problems.push(`${size}, ${name}: ${times} × ${error}`);
    }
  }
  lines.push('');
  lines.push(
    `| shipment list, page 1 of 50, ${LIST_CONNECTIONS} connections | HTTP p50 / p95 ms | HTTP req/s | direct SQL p50 / p95 ms | direct SQL op/s | HTTP ÷ direct (≥ 0.5) |`,
  );
  lines.push('|---|---:|---:|---:|---:|---:|');
  for (const run of [month, year]) {
    const h = summarize([...run.list.http.latencies]);
    const d = summarize([...run.list.direct.latencies]);
    const ratio = rate(run.list.http) / rate(run.list.direct);
    lines.push(
      `| ${run.dataset.size} (${run.dataset.shipments.shipments} shipments) | ${ms(h.p50)} / ${ms(h.p95)} | ${rate(run.list.http).toFixed(0)} | ${ms(d.p50)} / ${ms(d.p95)} | ${rate(run.list.direct).toFixed(0)} | ${ratio.toFixed(2)}${ratio >= TARGET_LIST_RATIO ? '' : ' **missed**'} |`,
    );
    for (const [side, measured] of [
      ['HTTP', run.list.http],
      ['direct SQL', run.list.direct],
    ] as const) {
      for (const [failure, times] of measured.failures) {
        problems.push(`${run.dataset.size}, shipment list ${side}: ${times} × ${failure}`);
      }
    }
  }
  for (const run of [month, year]) {
    lines.push('', ...rowsReadTable(run.dataset.size, run.rowsRead));
  }
  return { text: lines.join('\n'), problems };
}

/**
 * Runs both sizes and prints the report; answers the errors found (empty when none). The two mixes take
 * turns in slices of BENCH_OFFICE_SLICE_SECONDS, so a machine shared with other work slows both alike.
 */
export async function officeBench(): Promise<string[]> {
  if (SWEEP_USERS) return officeSweep(SWEEP_USERS);
  const month = await prepareSize('month');
  const year = await prepareSize('year');
  const slices = Math.max(1, Math.round(SECONDS / SLICE_SECONDS));
  log(
    `${USERS} users on each data set's two servers, settling for ${SETTLE_SECONDS} s, then ${slices} turn${slices === 1 ? '' : 's'} of ` +
      `${(SECONDS / slices).toFixed(0)} s each on the month and on the year …`,
  );
  const loadBefore = os.loadavg()[0]!;
  for (let slice = 0; slice < slices; slice += 1) {
    for (const size of [month, year]) await size.mix.run(SECONDS / slices, slice === 0 ? SETTLE_SECONDS : 1);
  }
  const { text, problems } = report(await finishSize(month, loadBefore), await finishSize(year, loadBefore));
  console.log(`\n${text}\n`);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  deadline(40 * 60, 'the office benchmark');
  officeBench()
    .then(async (problems) => {
      if (problems.length > 0) {
        console.error(`FAIL: ${problems.length} kinds of error answers`);
        for (const problem of problems.slice(0, 30)) console.error(`  - ${problem}`);
      }
      await finish(problems.length > 0 ? 1 : 0);
    })
    .catch(async (error) => {
      if (!stopping()) console.error(`FAIL: ${(error as Error).stack ?? error}`);
      await finish(1);
    });
}
