/**
 * `npm run bench:office:costs`: what each operation of the office mix costs on its own, in CPU per
 * request of the server and of PostgreSQL (from /proc, bench/harness/cpu.ts), on the kept year
 * (bench/office-dataset.ts). The mix's report gives one figure for all its requests; this table says
 * which operations spend it, so a change can be judged per operation and in CPU rather than in
 * latency, which the machine's other work moves (docs/benchmarks.md, "Cost per operation").
 *
 * One server, one user per role; each operation is asked BENCH_COSTS_REQUESTS times (after a warm-up of
 * a tenth) by two loops without thought, so the server and one database backend per loop are all that
 * runs. The server counts the statements it sends to PostgreSQL (bench/harness/server-statements.ts),
 * so the table also says how many round trips a request takes. Writes use up the data set's work as in the mix. Env: BENCH_COSTS_REQUESTS (200),
 * BENCH_COSTS_ONLY (operations whose name holds this text), BENCH_OFFICE_SCALE (1).
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { summarize } from './direct-sql.ts';
import { startCpuMeter } from './harness/cpu.ts';
import { deadline, finish, onCleanup } from './harness/process.ts';
import { statementsSent } from './harness/statements.ts';
import { buildOfficeDatabase } from './office-dataset.ts';
import { createOfficeUsers, type OfficeSession, send, signInUsers } from './office-mix.ts';
import { type Operation, officeOperations } from './office-operations.ts';
import { commit, log, ms, SCALE } from './office-report.ts';

const REQUESTS = Number(process.env.BENCH_COSTS_REQUESTS ?? 200);
const ONLY = process.env.BENCH_COSTS_ONLY;
const LOOPS = 2;

type Cost = {
  name: string;
  write: boolean;
  answered: number;
  failed: number;
  serverMs: number;
  postgresMs: number;
  /** Statements the server sent to PostgreSQL per request. */
  statements: number;
  p50: number;
};

/** Where the server writes its statement count when asked (bench/harness/server-statements.ts). */
const STATEMENTS_FILE = path.join(os.tmpdir(), `mandira-costs-statements-${process.pid}`);

/** `count` requests of `operation` by `session`, LOOPS at a time; how many were answered 2xx and their times. */
async function ask(session: OfficeSession, operation: Operation, count: number) {
  let left = count;
  let failed = 0;
  const latencies: number[] = [];
  const loop = async () => {
    while (left > 0) {
      const planned = operation.plan(session.desk);
      if (!planned) return;
      left -= 1;
      const before = performance.now();
      const answered = await send(session, planned);
      const after = performance.now();
      if (answered.status >= 200 && answered.status < 300) {
        planned.onAccepted?.();
        latencies.push(after - before);
      } else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: LOOPS }, loop));
  return { latencies, failed };
}

async function measure(session: OfficeSession, operation: Operation, databaseName: string): Promise<Cost> {
  await ask(session, operation, Math.ceil(REQUESTS / 10));
  const meter = await startCpuMeter({ serverPids: [session.server.pid], databaseName });
  const statementsBefore = await statementsSent(session.server.pid, STATEMENTS_FILE);
  const { latencies, failed } = await ask(session, operation, REQUESTS);
  const statements = (await statementsSent(session.server.pid, STATEMENTS_FILE)) - statementsBefore;
  const cpu = await meter.stop();
  const requests = Math.max(1, latencies.length + failed);
  return {
    name: operation.name,
    write: operation.write,
    answered: latencies.length,
    failed,
    serverMs: cpu.serversMs / requests,
    postgresMs: cpu.postgresMs / requests,
    statements: statements / requests,
    p50: summarize(latencies).p50,
  };
}

async function main(): Promise<void> {
  process.env.BENCH_KEEP_DATABASE = '1';
  process.env.BENCH_SERVER_STATEMENTS = STATEMENTS_FILE;
  onCleanup(async () => rmSync(STATEMENTS_FILE, { force: true }));
  const { databaseUrl, server, dataset } = await buildOfficeDatabase('year', SCALE);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const { operations, deskBuyers } = await officeOperations(pool, {
    days: dataset.days,
    bigBuyerId: dataset.ledger.bigBuyerId,
  });
  const sessions = await signInUsers(await createOfficeUsers(pool, 4), [server], deskBuyers);
  await pool.end();
  const databaseName = new URL(databaseUrl).pathname.slice(1);
  const chosen = operations.filter((operation) => !ONLY || operation.name.includes(ONLY));
  const costs: Cost[] = [];
  const loadBefore = os.loadavg()[0]!;
  for (const operation of chosen) {
    const session = sessions.find((candidate) => candidate.role === operation.role)!;
    log(`${operation.name} …`);
    costs.push(await measure(session, operation, databaseName));
  }
  await server.stop();
  console.log(
    `\nCost per operation, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit()}, ` +
      `year × ${SCALE}, ${REQUESTS} requests each by ${LOOPS} loops without thought, one server; ` +
      `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after.\n`,
  );
  console.log(
    '| operation | kind | answered | not 2xx | statements | server ms | PostgreSQL ms | together ms | p50 ms |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const cost of costs) {
    console.log(
      `| ${cost.name} | ${cost.write ? 'write' : 'read'} | ${cost.answered} | ${cost.failed} | ${cost.statements.toFixed(1)} | ` +
        `${cost.serverMs.toFixed(2)} | ` +
        `${cost.postgresMs.toFixed(2)} | ${(cost.serverMs + cost.postgresMs).toFixed(2)} | ${ms(cost.p50)} |`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  deadline(20 * 60, 'the cost per operation');
  main().then(
    () => finish(0),
    async (error) => {
      console.error(error);
      await finish(1);
    },
  );
}
