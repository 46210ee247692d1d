/**
 * The capacity sweep (`BENCH_OFFICE_USERS=30,60,90 npm run bench:office`): the office mix on ONE year's
 * data set and its two servers, once per user count, each with users of its own, a warm-up and
 * BENCH_OFFICE_SECONDS measured; then the rows each list page reads. Prints, per user count, the
 * throughput, how many operations hold p95 < 50 ms, the CPU per request and the load, and each
 * operation's p95 side by side. With BENCH_KEEP_DATABASE the year is generated once and reused.
 */
import os from 'node:os';
import { describeDataset } from './dataset-year.ts';
import { summarize } from './direct-sql.ts';
import { signIn } from './harness/api.ts';
import { type MixResult, prepareOfficeMix } from './office-mix.ts';
import {
  checkWrites,
  commit,
  cpuPerRequest,
  loadAverage,
  log,
  ms,
  officeDatabase,
  SCALE,
  SECONDS,
  SETTLE_SECONDS,
  TARGET_P95_MS,
  totals,
  WARM_UP_SECONDS,
} from './office-report.ts';
import { measureRowsRead, rowsReadTable } from './rows-read.ts';

/** The user counts of BENCH_OFFICE_USERS when it lists more than one, else undefined. */
export const SWEEP_USERS = (() => {
  const counts = (process.env.BENCH_OFFICE_USERS ?? '').split(',').filter((part) => part.trim() !== '');
  if (counts.length < 2) return undefined;
  const users = counts.map(Number);
  if (users.some((count) => !Number.isInteger(count) || count < 4)) {
    throw new Error(
      `BENCH_OFFICE_USERS: whole numbers of at least 4, comma-separated (not ${counts.join(',')})`,
    );
  }
  return users;
})();

type Step = { users: number; mix: MixResult; loadBefore: number };

/** Runs the sweep and prints its report; answers the errors found (empty when none). */
export async function officeSweep(userCounts: number[]): Promise<string[]> {
  const { databaseUrl, dataset, servers, pool } = await officeDatabase('year', SCALE, 4);
  const steps: Step[] = [];
  for (const users of userCounts) {
    const mix = await prepareOfficeMix(pool, servers, {
      users,
      days: dataset.days,
      bigBuyerId: dataset.ledger.bigBuyerId,
      databaseName: new URL(databaseUrl).pathname.slice(1),
    });
    // The servers are fresh at the first user count: they settle before it is measured.
    const warmUp = steps.length === 0 ? SETTLE_SECONDS : WARM_UP_SECONDS;
    log(`${mix.result.users} users, ${warmUp} s warm-up, ${SECONDS} s measured …`);
    const loadBefore = os.loadavg()[0]!;
    await mix.run(SECONDS, warmUp);
    steps.push({ users: mix.result.users, mix: mix.result, loadBefore });
  }
  await pool.end();
  log("year: rows read by each list's first and deepest page …");
  const rowsRead = await measureRowsRead(
    servers[0]!,
    await signIn(servers[0]!),
    databaseUrl,
    dataset.ledger.bigBuyerId,
  );
  await Promise.all(servers.map((server) => server.stop()));
  const problems = await checkWrites(databaseUrl, 'year');

  const lines = [
    `Capacity sweep, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit()}, ` +
      `${os.availableParallelism()} cores, Node ${process.version}; 2 server processes, think time 200–800 ms, ` +
      `${SECONDS} s measured per user count after ${WARM_UP_SECONDS} s warm-up (the first after the fresh servers ` +
      `settled for ${SETTLE_SECONDS} s); ${describeDataset(dataset)}.`,
    '',
    `| users | req/s | operations p95 < ${TARGET_P95_MS} ms | slowest p95 ms | servers CPU ms/req | PostgreSQL CPU ms/req | servers + PostgreSQL | load client CPU ms/req | CPU busy | load average | refused | errors |`,
    '|---:|---:|---:|---|---:|---:|---:|---:|---:|---|---:|---:|',
  ];
  for (const step of steps) {
    const t = totals(step.mix);
    const p95s = [...step.mix.operations].map(([name, stat]) => ({
      name,
      p95: summarize([...stat.latencies]).p95,
    }));
    const measured = p95s.filter((op) => !Number.isNaN(op.p95));
    const slowest = measured.reduce((a, b) => (b.p95 > a.p95 ? b : a), { name: '–', p95: -1 });
    const held = measured.filter((op) => op.p95 < TARGET_P95_MS).length;
    const cpu = cpuPerRequest(step.mix);
    const f = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(2));
    lines.push(
      `| ${step.users} | ${t.perSecond.toFixed(1)} | ${held} of ${p95s.length} | ${slowest.p95 < 0 ? '–' : `${ms(slowest.p95)} (${slowest.name})`} | ` +
        `${f(cpu?.servers)} | ${f(cpu?.postgres)} | ${f(cpu && cpu.servers + cpu.postgres)} | ${f(cpu?.client)} | ` +
        `${cpu ? `${cpu.busy.toFixed(0)} %` : '–'} | ${loadAverage(step.mix, step.loadBefore)} | ${t.refused} | ${t.errors} |`,
    );
    for (const [name, stat] of step.mix.operations) {
      for (const [error, times] of stat.errors)
        problems.push(`${step.users} users, ${name}: ${times} × ${error}`);
    }
  }
  lines.push('', `| operation | ${steps.map((step) => `${step.users} users p95 ms`).join(' | ')} |`);
  lines.push(`|---|${steps.map(() => '---:').join('|')}|`);
  for (const name of steps[0]!.mix.operations.keys()) {
    const cells = steps.map((step) => ms(summarize([...step.mix.operations.get(name)!.latencies]).p95));
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  lines.push('', ...rowsReadTable('year', rowsRead));
  console.log(`\n${lines.join('\n')}\n`);
  return problems;
}
