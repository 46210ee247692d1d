/**
 * The stock scenarios of `npm run bench`: the whole item list, a week of stock history (all items and
 * one item), and goods-in/out on the hot lines, each with its direct-SQL twin. Reads replay the
 * statements the service sends (captured once); a movement runs applyStockChanges itself on the pool
 * (decision 151), then the narrowed item list of its answer.
 */
import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import { StockHistoryQuery } from '@mandira/contract/stock';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import type { Actor } from '../apps/server/src/http/auth.ts';
import { findProductItems } from '../apps/server/src/modules/products/product-item.repo.ts';
import { listStockHistory } from '../apps/server/src/modules/stock/stock-history.service.ts';
import { applyStockChanges } from '../apps/server/src/modules/stock/stock-movement.service.ts';
import { type DatasetSummary, HOT_GROUP, HOT_ITEMS } from './dataset.ts';
import { capture, replay } from './direct-sql.ts';
import type { Scenario } from './scenarios.ts';

/** Movements per second over HTTP on the reference machine: the request count aims at BENCH_SECONDS. */
const MOVES_PER_SECOND_GUESS = 150;

export async function stockScenarios({
  pool,
  client,
  actor,
  dataset,
  items,
  readConnections,
  moveConnections,
  seconds,
}: {
  pool: pg.Pool;
  client: pg.Client;
  actor: Actor;
  dataset: DatasetSummary;
  /** Items the data set was asked for; the one-item week reads the middle one. */
  items: number;
  readConnections: number;
  moveConnections: number;
  seconds: number;
}): Promise<Scenario[]> {
  const week = { startDate: addDays(istanbulDate(new Date()), -180) };
  const weekEnd = addDays(week.startDate, 6);
  const { rows: itemRows } = await client.query<{ id: number }>(
    'select id from product_items order by id offset $1 limit 1',
    [Math.floor(items / 2)],
  );
  const someItem = itemRows[0]!.id;
  const { rows: hotRows } = await client.query<{ id: number }>(
    `select l.id from stock_lines l join product_items i on i.id = l.product_item_id
      where i.packaging_group = $1 and l.warehouse_id in (1, 2) order by l.id`,
    [HOT_GROUP],
  );
  const hotLines = hotRows.map((row) => row.id);
  const directDb = drizzle(pool, { schema }) as unknown as Db;
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

  return [
    {
      name: `item list (GET /api/product-item, ${dataset.items} items × ${dataset.warehouses} lines)`,
      connections: readConnections,
      request: { method: 'GET', path: '/api/product-item' },
      direct: replay(pool, sql.itemList),
    },
    {
      name: `stock history, one week, page 1 of 50 (${week.startDate} … ${weekEnd})`,
      connections: readConnections,
      request: {
        method: 'GET',
        path: `/api/product-item/stock-history?startDate=${week.startDate}&endDate=${weekEnd}&page=1&size=50`,
      },
      direct: replay(pool, sql.historyWeek),
    },
    {
      name: 'stock history, one week of one item, page 1 of 50',
      connections: readConnections,
      request: {
        method: 'GET',
        path: `/api/product-item/stock-history?startDate=${week.startDate}&endDate=${weekEnd}&page=1&size=50&productItemId=${someItem}`,
      },
      direct: replay(pool, sql.historyWeekItem),
    },
    {
      name: `goods-in/out on ${hotLines.length} hot lines of ${HOT_ITEMS} items, answer narrowed to them`,
      connections: moveConnections,
      amount: MOVES_PER_SECOND_GUESS * seconds,
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
        // The movement's own transaction (lock, lots, write; decision 151) on the bench pool.
        await applyStockChanges(
          directDb,
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
        );
        await replay(pool, sql.hotItemList)();
      },
    },
  ];
}
