/**
 * `npm run bench`: a fresh PostgreSQL database with the benchmark data set (bench/dataset.ts), two
 * server processes on it, and autocannon scenarios spread over both. Each scenario is measured again as
 * the same SQL sent straight through the `pg` driver with the same concurrency, so the figure that
 * travels between machines is the ratio. Ends with the stock ledger check; exits non-zero when it fails.
 *
 * Then the office mix (bench/office-run.ts) unless BENCH_OFFICE=0.
 *
 * Env: BENCH_POSTGRES_URL, BENCH_ITEMS (2000), BENCH_ORDERS (100000), BENCH_SECONDS per measurement (10),
 * BENCH_ONLY=orders to measure the order scenarios alone (the stock data set is still generated, as the
 * order data set refers to its items, but its scenarios and targets are skipped); BENCH_ONLY=my-work to
 * measure Ana Sayfa's work cards alone on the same data.
 */
import pg from 'pg';
import type { Actor } from '../apps/server/src/http/auth.ts';
import { generateDataset } from './dataset.ts';
import { capture, replay } from './direct-sql.ts';
import { addWarehouses, signIn } from './harness/api.ts';
import { withBalancesRecounted } from './harness/balances.ts';
import { createDatabase } from './harness/database.ts';
import { checkLedger, describeLedger } from './harness/ledger.ts';
import { deadline, finish, stopping } from './harness/process.ts';
import { ADMIN, startServer } from './harness/server.ts';
import { officeBench } from './office-run.ts';
import { orderScenarios } from './order-scenarios.ts';
import { generateOrders } from './orders-dataset.ts';
import { printReport } from './scenario-report.ts';
import { log, measureScenarios, type Scenario } from './scenarios.ts';
import { stockScenarios } from './stock-scenarios.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 2000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const READ_CONNECTIONS = Number(process.env.BENCH_READ_CONNECTIONS ?? 8);
const MOVE_CONNECTIONS = Number(process.env.BENCH_MOVE_CONNECTIONS ?? 16);
const ONLY_MY_WORK = process.env.BENCH_ONLY === 'my-work';
const ONLY_ORDERS = process.env.BENCH_ONLY === 'orders' || ONLY_MY_WORK;

/** The admin as the services see it, for the direct-SQL twins of the writes. */
async function adminActor(client: pg.Client): Promise<Actor> {
  const { rows } = await client.query<{ id: number }>('select id from users where user_name = $1', [
    ADMIN.userName,
  ]);
  return {
    userId: rows[0]!.id,
    userName: ADMIN.userName,
    roles: [],
    privileges: new Set(),
    isSuperAdmin: true,
  };
}

async function main(): Promise<void> {
  deadline(45 * 60, 'the benchmark');
  const runStarted = performance.now();
  const databaseUrl = await createDatabase('mandira_bench');
  const a = await startServer('A', databaseUrl);
  const token = await signIn(a);

  await addWarehouses(a, token, 4);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  log(`generating ${ITEMS} items and their history in ${new URL(databaseUrl).pathname.slice(1)} …`);
  const dataset = await generateDataset(client, { items: ITEMS, adminUserName: ADMIN.userName });
  const s = dataset.seconds;
  log(
    `${dataset.items} items, ${dataset.warehouses} warehouses, ${dataset.lines} stock lines, ` +
      `${dataset.historyRows} history rows (items ${s.items.toFixed(1)} s, history ${s.history.toFixed(1)} s, ` +
      `quantities ${s.quantities.toFixed(1)} s, vacuum/analyze ${s.analyze.toFixed(1)} s)`,
  );
  const orderSet = await withBalancesRecounted(client, () =>
    generateOrders(client, { orders: ORDERS, buyers: 500, products: 200 }),
  );
  log(
    `${orderSet.orders} orders with ${orderSet.orderItems} items, ${orderSet.products} products, ` +
      `${orderSet.buyers} buyers, ${orderSet.basketLines} basket lines (${orderSet.seconds.toFixed(1)} s)`,
  );
  const b = await startServer('B', databaseUrl);
  const servers = [a, b];
  log(
    `servers A (pid ${a.pid}) and B (pid ${b.pid}); ${SECONDS} s per measurement after ${WARMUP_SECONDS} s warm-up`,
  );

  const pool = new pg.Pool({ connectionString: databaseUrl, max: MOVE_CONNECTIONS });
  const actor = await adminActor(client);
  // Prepared even when only the orders are measured, so the database has read the same before either run.
  const stock = await stockScenarios({
    pool,
    client,
    actor,
    dataset,
    items: ITEMS,
    readConnections: READ_CONNECTIONS,
    moveConnections: MOVE_CONNECTIONS,
    seconds: SECONDS,
  });
  const orders = await orderScenarios({
    pool,
    client,
    capture,
    replay,
    actor,
    readConnections: READ_CONNECTIONS,
    writeConnections: MOVE_CONNECTIONS,
  });
  const scenarios: Scenario[] = ONLY_MY_WORK
    ? orders.filter((scenario) => scenario.target === 'my-work')
    : [...(ONLY_ORDERS ? [] : stock), ...orders];

  const { rows, movements: movementsDone } = await measureScenarios(scenarios, {
    servers,
    token,
    seconds: SECONDS,
    warmUpSeconds: WARMUP_SECONDS,
  });
  await pool.end();

  log('checking the stock ledger …');
  const report = await checkLedger(client);
  const ledger = describeLedger(report);
  const problems = [...ledger.problems];
  // A goods-out first-expired-first-out writes a row per lot it took from (decision 151), all in its
  // transaction: one movement is one line at one transaction time.
  const { rows: written } = await client.query<{ movements: number }>(
    `select count(distinct (stock_line_id, created_at))::int as movements from stock_history
      where notes in ('bench', 'bench-direct')`,
  );
  const movementsWritten = written[0]!.movements;
  if (movementsWritten !== movementsDone) {
    problems.push(`${movementsDone} successful movements but ${movementsWritten} written to the history`);
  }
  for (const row of rows) {
    for (const [failure, times] of [...row.http.failures, ...row.direct.failures]) {
      problems.push(`${row.scenario}: ${times} × ${failure}`);
    }
  }
  const { rows: version } = await client.query<{ server_version: string }>('show server_version');
  await client.end();

  printReport({
    rows,
    dataset,
    orderSet,
    postgresVersion: version[0]!.server_version,
    seconds: SECONDS,
    onlyOrders: ONLY_ORDERS,
    movements: movementsDone,
    movementsWritten,
    ledgerSummary: ledger.summary,
  });
  if (process.env.BENCH_OFFICE !== '0') {
    await Promise.all(servers.map((server) => server.stop()));
    problems.push(...(await officeBench()));
  }
  console.log(`Total ${((performance.now() - runStarted) / 1000).toFixed(0)} s.`);
  if (problems.length > 0) {
    console.error(`\nFAIL: ${problems.length} problems`);
    for (const problem of problems.slice(0, 30)) console.error(`  - ${problem}`);
    await finish(1);
  }
  await finish(0);
}

main().catch(async (error) => {
  if (!stopping()) console.error(`FAIL: ${(error as Error).stack ?? error}`);
  await finish(1);
});
