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
 * order data set refers to its items, but its scenarios and targets are skipped).
 */
import os from 'node:os';
import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import { StockHistoryQuery } from '@mandira/contract/stock';
import type { Request } from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import type { Actor } from '../apps/server/src/http/auth.ts';
import { findProductItems } from '../apps/server/src/modules/products/product-item.repo.ts';
import { listStockHistory } from '../apps/server/src/modules/stock/stock-history.service.ts';
import { stockChangeStatement } from '../apps/server/src/modules/stock/stock-movement.service.ts';
import { generateDataset, HOT_GROUP, HOT_ITEMS } from './dataset.ts';
import { capture, direct, replay, summarize } from './direct-sql.ts';
import { addWarehouses, signIn } from './harness/api.ts';
import { createDatabase } from './harness/database.ts';
import { checkLedger, describeLedger } from './harness/ledger.ts';
import { deadline, finish, stopping } from './harness/process.ts';
import { ADMIN, type Server, startServer } from './harness/server.ts';
import { type LoadOptions, load, type Measured } from './load.ts';
import { officeBench } from './office-run.ts';
import { orderScenarios, type Scenario } from './order-scenarios.ts';
import { generateOrders } from './orders-dataset.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 2000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const READ_CONNECTIONS = Number(process.env.BENCH_READ_CONNECTIONS ?? 8);
const MOVE_CONNECTIONS = Number(process.env.BENCH_MOVE_CONNECTIONS ?? 16);
/** Movements per second over HTTP on the reference machine: the request count aims at BENCH_SECONDS. */
const MOVES_PER_SECOND_GUESS = 150;
const ONLY_ORDERS = process.env.BENCH_ONLY === 'orders';

type Row = Pick<Scenario, 'target'> & {
  scenario: string;
  connections: number;
  http: Measured;
  direct: Measured;
};

const log = (text: string) => console.log(`[bench] ${text}`);

/** The servers under the load of one request (bench/load.ts). */
function http(
  servers: Server[],
  token: string,
  length: LoadOptions['length'],
  connections: number,
  request: Request,
): Promise<Measured> {
  return load({ urls: servers.map((server) => server.url), token, length, connections, request });
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const rate = (measured: Measured) => measured.count / measured.seconds;

function table(rows: Row[]): string {
  const header =
    '| scenario | conns | p50 ms | p95 ms | p99 ms | req/s | direct SQL p50 / p95 ms | direct SQL op/s | HTTP ÷ direct (req/s) |';
  const lines = rows.map(({ scenario, connections, http: h, direct: d }) => {
    const hs = summarize(h.latencies);
    const ds = summarize(d.latencies);
    return `| ${scenario} | ${connections} | ${ms(hs.p50)} | ${ms(hs.p95)} | ${ms(hs.p99)} | ${rate(h).toFixed(0)} | ${ms(ds.p50)} / ${ms(ds.p95)} | ${rate(d).toFixed(0)} | ${(rate(h) / rate(d)).toFixed(2)} |`;
  });
  return [header, '|---|---:|---:|---:|---:|---:|---:|---:|---:|', ...lines].join('\n');
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
  const orderSet = await generateOrders(client, { orders: ORDERS, buyers: 500, products: 200 });
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
  const week = { startDate: addDays(istanbulDate(new Date()), -180) };
  const weekEnd = addDays(week.startDate, 6);
  const { rows: itemRows } = await client.query<{ id: number }>(
    'select id from product_items order by id offset $1 limit 1',
    [Math.floor(ITEMS / 2)],
  );
  const someItem = itemRows[0]!.id;
  const { rows: hotRows } = await client.query<{ id: number }>(
    `select l.id from stock_lines l join product_items i on i.id = l.product_item_id
      where i.packaging_group = $1 and l.warehouse_id in (1, 2) order by l.id`,
    [HOT_GROUP],
  );
  const hotLines = hotRows.map((row) => row.id);
  const { rows: adminRows } = await client.query<{ id: number }>(
    'select id from users where user_name = $1',
    [ADMIN.userName],
  );
  const actor: Actor = {
    userId: adminRows[0]!.id,
    userName: ADMIN.userName,
    roles: [],
    privileges: new Set(),
    isSuperAdmin: true,
  };
  const dialect = new PgDialect();
  const historyQuery = (extra: Record<string, unknown>) =>
    StockHistoryQuery.parse({ ...week, endDate: weekEnd, page: 1, size: 50, ...extra });
  const hotQuery = { packagingGroup: HOT_GROUP };
  // The first read of a settled week counts its days (decision 37); what is measured is every read after.
  await listStockHistory(drizzle(pool, { schema }) as unknown as Db, historyQuery({}));
  const sql = {
    itemList: await capture(pool, (db) => findProductItems(db, {})),
    historyWeek: await capture(pool, (db) => listStockHistory(db, historyQuery({}))),
    historyWeekItem: await capture(pool, (db) =>
      listStockHistory(db, historyQuery({ productItemId: someItem })),
    ),
    hotItemList: await capture(pool, (db) => findProductItems(db, hotQuery)),
  };

  const stockScenarios: Scenario[] = [
    {
      name: `item list (GET /api/product-item, ${dataset.items} items × ${dataset.warehouses} lines)`,
      connections: READ_CONNECTIONS,
      request: { method: 'GET', path: '/api/product-item' },
      direct: replay(pool, sql.itemList),
    },
    {
      name: `stock history, one week, page 1 of 50 (${week.startDate} … ${weekEnd})`,
      connections: READ_CONNECTIONS,
      request: {
        method: 'GET',
        path: `/api/product-item/stock-history?startDate=${week.startDate}&endDate=${weekEnd}&page=1&size=50`,
      },
      direct: replay(pool, sql.historyWeek),
    },
    {
      name: 'stock history, one week of one item, page 1 of 50',
      connections: READ_CONNECTIONS,
      request: {
        method: 'GET',
        path: `/api/product-item/stock-history?startDate=${week.startDate}&endDate=${weekEnd}&page=1&size=50&productItemId=${someItem}`,
      },
      direct: replay(pool, sql.historyWeekItem),
    },
    {
      name: `goods-in/out on ${hotLines.length} hot lines of ${HOT_ITEMS} items, answer narrowed to them`,
      connections: MOVE_CONNECTIONS,
      amount: MOVES_PER_SECOND_GUESS * SECONDS,
      request: {
        method: 'PUT',
        setupRequest: (request) => {
          const id = hotLines[Math.floor(Math.random() * hotLines.length)]!;
          const quantity = 1 + Math.floor(Math.random() * 5);
          const inbound = Math.random() < 0.5;
          const group = encodeURIComponent(HOT_GROUP);
          return {
            ...request,
            path: `/api/product-item/${inbound ? 'stock-import-bulk' : 'stock-export-bulk'}?packagingGroup=${group}`,
            body: JSON.stringify({
              stockChange: [
                inbound
                  ? {
                      id,
                      importedQuantity: quantity,
                      stockOperationType: 'PRODUCTION_INBOUND',
                      notes: 'bench',
                    }
                  : { id, exportedQuantity: quantity, stockOperationType: 'RETAIL_OUTBOUND', notes: 'bench' },
              ],
            }),
          };
        },
      },
      direct: async () => {
        // The statement applyStockChanges sends for one line, then the narrowed item list of the answer.
        const id = hotLines[Math.floor(Math.random() * hotLines.length)]!;
        const quantity = 1 + Math.floor(Math.random() * 5);
        const inbound = Math.random() < 0.5;
        const move = dialect.sqlToQuery(
          stockChangeStatement(
            [
              {
                stockLineId: id,
                kind: 'add',
                quantity: inbound ? quantity : -quantity,
                action: inbound ? 'PRODUCTION_INBOUND' : 'RETAIL_OUTBOUND',
                notes: 'bench-direct',
              },
            ],
            { actor },
          ),
        );
        const { rows } = await pool.query<{ applied: boolean }>(move.sql, move.params);
        if (!rows[0]?.applied) throw new Error('yetersiz stok');
        await replay(pool, sql.hotItemList)();
      },
    },
  ];

  const scenarios: Scenario[] = [
    ...(ONLY_ORDERS ? [] : stockScenarios),
    ...(await orderScenarios({
      pool,
      client,
      capture,
      replay,
      actor,
      readConnections: READ_CONNECTIONS,
      writeConnections: MOVE_CONNECTIONS,
    })),
  ];

  const historyBefore = dataset.historyRows;
  let movementsDone = 0;
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    log(`${scenario.name}: warm-up, HTTP, direct SQL …`);
    const length = (seconds: number) =>
      scenario.amount ? { amount: Math.round((scenario.amount * seconds) / SECONDS) } : { seconds };
    const warm = await http(servers, token, length(WARMUP_SECONDS), scenario.connections, scenario.request);
    const measuredHttp = await http(servers, token, length(SECONDS), scenario.connections, scenario.request);
    const measuredDirect = await direct(SECONDS, scenario.connections, scenario.direct);
    if (scenario.request.method === 'PUT') {
      movementsDone = warm.count + measuredHttp.count + measuredDirect.count;
    }
    for (const [what, measured] of [
      ['HTTP', measuredHttp],
      ['direct SQL', measuredDirect],
    ] as const) {
      for (const [failure, times] of measured.failures) log(`  ${what}: ${times} × ${failure}`);
    }
    rows.push({
      target: scenario.target,
      scenario: scenario.name,
      connections: scenario.connections,
      http: measuredHttp,
      direct: measuredDirect,
    });
  }
  await pool.end();

  log('checking the stock ledger …');
  const report = await checkLedger(client);
  const ledger = describeLedger(report);
  const problems = [...ledger.problems];
  const historyRowsWritten = report.historyRows - historyBefore;
  if (historyRowsWritten !== movementsDone) {
    problems.push(`${movementsDone} successful movements but ${historyRowsWritten} history rows written`);
  }
  for (const row of rows) {
    for (const [failure, times] of [...row.http.failures, ...row.direct.failures]) {
      problems.push(`${row.scenario}: ${times} × ${failure}`);
    }
  }
  const { rows: version } = await client.query<{ server_version: string }>('show server_version');
  await client.end();

  console.log(
    `\nMachine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim()}), ` +
      `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, PostgreSQL ${version[0]!.server_version}, Node ${process.version}; ` +
      `servers, PostgreSQL and load generator on the same machine.`,
  );
  console.log(
    `Data: ${dataset.items} items, ${dataset.warehouses} warehouses, ${dataset.lines} stock lines, ` +
      `${dataset.historyRows} history rows over 365 days. ${SECONDS} s per measurement.\n`,
  );
  console.log(table(rows));
  if (!ONLY_ORDERS) {
    const week50 = summarize([...rows[1]!.http.latencies]).p95;
    const moveRatio = rate(rows[3]!.http) / rate(rows[3]!.direct);
    console.log(
      `\nTargets: stock-history week p95 ${ms(week50)} ms (< 50 ms: ${week50 < 50 ? 'met' : 'MISSED'}); ` +
        `movement throughput ${moveRatio.toFixed(2)} × direct SQL (≥ 0.5: ${moveRatio >= 0.5 ? 'met' : 'MISSED'}); ` +
        `movements ${movementsDone}, history rows written ${historyRowsWritten}.`,
    );
  }
  console.log(
    `Load average (1/5/15 min) at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}.`,
  );
  const targetRow = (target: string) => rows.find((row) => row.target === target)!;
  const [searchP95, productsP95] = ['search', 'products'].map(
    (target) => summarize([...targetRow(target).http.latencies]).p95,
  );
  const basket = targetRow('basket');
  const basketRatio = rate(basket.http) / rate(basket.direct);
  console.log(
    `Orders (${orderSet.orders}, ${orderSet.orderItems} items): search p95 ${ms(searchP95!)} ms (< 50 ms: ${searchP95! < 50 ? 'met' : 'MISSED'}); ` +
      `product list p95 ${ms(productsP95!)} ms (< 50 ms: ${productsP95! < 50 ? 'met' : 'MISSED'}); ` +
      `basket add ${basketRatio.toFixed(2)} × direct SQL (≥ 0.5: ${basketRatio >= 0.5 ? 'met' : 'MISSED'}).`,
  );
  console.log(`Ledger: ${ledger.summary}.`);
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
