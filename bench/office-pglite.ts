/**
 * `npm run bench:office:pglite`: the office mix on the embedded database, as a single-site dairy runs
 * the portal: ONE server process on PGlite (DATA_DIR), 10 users, on a year's data set. The year is
 * generated on PostgreSQL (or kept there with BENCH_KEEP_DATABASE, or BENCH_OFFICE_SOURCE_URL names a
 * year's database to copy), its rows copied into a data directory the server migrated
 * (bench/harness/pglite-copy.ts), the mix's users made through the API; the work of the writes is read
 * from PostgreSQL, which holds the same rows and is only read. Prints the per-operation
 * table and the CPU per request of the server process (its database included); fails on any error
 * answer and when the stock ledger or the kept buyer figures do not hold afterwards.
 *
 * Env: BENCH_OFFICE_SECONDS (60), BENCH_OFFICE_SCALE (1), BENCH_OFFICE_USERS (10 here),
 * BENCH_OFFICE_SOURCE_URL (a year's database made by bench/office-dataset.ts, copied instead).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describeDataset } from './dataset-year.ts';
import { summarize } from './direct-sql.ts';
import { checkBalances } from './harness/balances.ts';
import { checkLedger, describeLedger } from './harness/ledger.ts';
import { copyIntoPglite } from './harness/pglite-copy.ts';
import { deadline, finish, onCleanup, stopping } from './harness/process.ts';
import { startServer } from './harness/server.ts';
import { buildOfficeDatabase } from './office-dataset.ts';
import { createOfficeUsersThroughApi, prepareOfficeMix } from './office-mix.ts';
import {
  commit,
  cpuSentence,
  loadAverage,
  log,
  ms,
  SCALE,
  SECONDS,
  SETTLE_SECONDS,
  TARGET_P95_MS,
  totals,
} from './office-report.ts';

const USERS = Number(process.env.BENCH_OFFICE_USERS ?? 10);

/** After the mix: the ledger and the kept buyer figures, read from the data directory itself. */
async function checkEmbedded(pgliteDir: string): Promise<string[]> {
  const database = new PGlite(pgliteDir);
  await database.waitReady;
  try {
    const ledger = describeLedger(await checkLedger(database));
    const balances = await checkBalances(database as unknown as pg.Client);
    log(`embedded: ledger: ${ledger.summary}`);
    log(
      `embedded: kept figures: ${balances.length === 0 ? 'every kept figure = its sum from scratch' : `${balances.length} differ`}`,
    );
    return [...ledger.problems, ...balances];
  } finally {
    await database.close();
  }
}

/** The year on PostgreSQL to copy: BENCH_OFFICE_SOURCE_URL's, or generated (kept) as the mix's. */
async function yearOnPostgres() {
  const sourceUrl = process.env.BENCH_OFFICE_SOURCE_URL;
  if (!sourceUrl) {
    const { databaseUrl, server, dataset } = await buildOfficeDatabase('year', SCALE);
    await server.stop();
    return {
      databaseUrl,
      description: describeDataset(dataset),
      days: dataset.days,
      bigBuyerId: dataset.ledger.bigBuyerId,
    };
  }
  const client = new pg.Client({ connectionString: sourceUrl });
  await client.connect();
  try {
    // The ledger data set gives its biggest buyer most of the transactions (bench/ledger-dataset.ts).
    const { rows } = await client.query<{ buyer_id: number }>(
      'select buyer_id from accounting_transactions group by buyer_id order by count(*) desc limit 1',
    );
    return {
      databaseUrl: sourceUrl,
      description: `the year (365 days) of ${new URL(sourceUrl).pathname.slice(1)}, only read`,
      days: 365,
      bigBuyerId: rows[0]!.buyer_id,
    };
  } finally {
    await client.end();
  }
}

export async function officePgliteBench(): Promise<string[]> {
  log(
    "the year's data set on PostgreSQL (generated, kept with BENCH_KEEP_DATABASE, or BENCH_OFFICE_SOURCE_URL) …",
  );
  const { databaseUrl, description, days, bigBuyerId } = await yearOnPostgres();
  log(description);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandira-office-pglite-'));
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  // The server makes and migrates its embedded database as on a first start; the rows come after.
  await (await startServer('embedded-migrate', '', { DATA_DIR: dataDir })).stop();
  log('copying the year into the embedded database …');
  const copied = await copyIntoPglite(databaseUrl, path.join(dataDir, 'pglite'));
  log(
    `copied ${copied.rows.toLocaleString('en-US')} rows of ${copied.tables} tables in ${copied.seconds.toFixed(0)} s`,
  );

  const server = await startServer('embedded', '', { DATA_DIR: dataDir });
  const madeUsers = await createOfficeUsersThroughApi(server, USERS);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const mix = await prepareOfficeMix(pool, [server], { users: USERS, days, bigBuyerId, madeUsers });
  await pool.end();
  log(
    `${mix.result.users} users on one server on the embedded database, ${SETTLE_SECONDS} s settling, ${SECONDS} s measured …`,
  );
  const loadBefore = os.loadavg()[0]!;
  await mix.run(SECONDS, SETTLE_SECONDS);
  await server.stop();
  const problems = await checkEmbedded(path.join(dataDir, 'pglite'));

  const result = mix.result;
  const t = totals(result);
  const lines = [
    `Office mix on the embedded database (PGlite), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
      `commit ${commit()}, ${os.availableParallelism()} cores, Node ${process.version}; ${result.users} users on ` +
      `1 server process, think time 200–800 ms, ${SECONDS} s measured after the fresh server settled for ${SETTLE_SECONDS} s, data scale ${SCALE}.`,
    `- ${description}; copied into PGlite in ${copied.seconds.toFixed(0)} s. Mix: ${t.requests} requests, ` +
      `${t.perSecond.toFixed(1)}/s, ${((100 * t.writes) / Math.max(1, t.requests)).toFixed(0)} % writing, ` +
      `${t.refused} refused (409/422), ${t.errors} errors; load average ${loadAverage(result, loadBefore)}. ${cpuSentence(result, true)}`,
    '',
    `| operation | kind | p50 ms | p95 ms | p99 ms | p95 < ${TARGET_P95_MS} ms | answers | refused 409/422 |`,
    '|---|---|---:|---:|---:|---|---:|---:|',
  ];
  for (const [name, stat] of result.operations) {
    const s = summarize([...stat.latencies]);
    const fast = Number.isNaN(s.p95) ? '–' : s.p95 < TARGET_P95_MS ? 'met' : '**missed**';
    lines.push(
      `| ${name} | ${stat.write ? 'write' : 'read'} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${fast} | ${stat.latencies.length} | ${stat.refused} |`,
    );
    for (const [error, times] of stat.errors) problems.push(`${name}: ${times} × ${error}`);
  }
  console.log(`\n${lines.join('\n')}\n`);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  deadline(40 * 60, 'the office benchmark on the embedded database');
  officePgliteBench()
    .then(async (problems) => {
      if (problems.length > 0) {
        console.error(`FAIL: ${problems.length} problems`);
        for (const problem of problems.slice(0, 30)) console.error(`  - ${problem}`);
      }
      await finish(problems.length > 0 ? 1 : 0);
    })
    .catch(async (error) => {
      if (!stopping()) console.error(`FAIL: ${(error as Error).stack ?? error}`);
      await finish(1);
    });
}
