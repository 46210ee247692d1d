/**
 * The order scenarios of `npm run bench` (issue 12): the order search of the review screen, the order
 * screen's product list and the basket add, each with its direct-SQL twin. Reads replay the statements
 * the service sends (captured once); the basket add runs the service's own transaction on a plain `pg`
 * pool, so the ratio is what HTTP, validation, sign-in check and answer cost on top of the same SQL.
 */
import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import { OrderQuery } from '@mandira/contract/order-query';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import type { Actor } from '../apps/server/src/http/auth.ts';
import { myWork } from '../apps/server/src/modules/dashboard/my-work.service.ts';
import { addToBasket } from '../apps/server/src/modules/orders/basket.service.ts';
import { searchOrders } from '../apps/server/src/modules/orders/order-query.service.ts';
import { findProducts } from '../apps/server/src/modules/products/sellable-product.repo.ts';
import type { Scenario } from './scenarios.ts';

type Statement = { name?: string; text: string; values: unknown[] };

export async function orderScenarios({
  pool,
  client,
  capture,
  replay,
  actor,
  readConnections,
  writeConnections,
}: {
  pool: pg.Pool;
  client: pg.Client;
  capture: (pool: pg.Pool, run: (db: Db) => Promise<unknown>) => Promise<Statement[]>;
  replay: (pool: pg.Pool, statements: Statement[]) => () => Promise<void>;
  actor: Actor;
  readConnections: number;
  writeConnections: number;
}): Promise<Scenario[]> {
  const today = istanbulDate(new Date());
  // The review screen's default statuses over 30 days, first page of 50, newest first.
  const search = {
    orderStatuses: ['WAITING_FOR_REVIEW', 'IN_REVIEW'],
    fromCreateDate: addDays(today, -29),
    toCreateDate: today,
    page: 1,
    size: 50,
  };
  const { rows: buyerRows } = await client.query<{ id: number }>(
    `select id from buyers where code like 'BNC-M%' order by id`,
  );
  const { rows: productRows } = await client.query<{ id: number }>(
    `select id from products where stock_code like 'BNC-P%' order by id`,
  );
  const buyers = buyerRows.map((row) => row.id);
  const products = productRows.map((row) => row.id);
  const pick = (list: number[]) => list[Math.floor(Math.random() * list.length)]!;
  const basketAdd = () => ({ buyerId: pick(buyers), productId: pick(products), boxQuantity: 1 });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const sql = {
    search: await capture(pool, (one) => searchOrders(one, OrderQuery.parse(search))),
    products: await capture(pool, (one) => findProducts(one, 'ALL')),
    // As the admin: every card, so all nine counts (docs/domain/my-work.md).
    myWork: await capture(pool, (one) => myWork(one, actor)),
  };

  return [
    {
      name: "Ana Sayfa's work cards, all nine counts as the admin (GET /api/dashboard/my-work)",
      target: 'my-work',
      connections: readConnections,
      request: { method: 'GET', path: '/api/dashboard/my-work' },
      direct: replay(pool, sql.myWork),
    },
    {
      name: 'order search: waiting + in review, last 30 days, page 1 of 50 (POST /api/orders/filter-by-query)',
      target: 'search',
      connections: readConnections,
      request: { method: 'POST', path: '/api/orders/filter-by-query', body: JSON.stringify(search) },
      direct: replay(pool, sql.search),
    },
    {
      name: `order screen product list with figures, all ${products.length} products (GET /api/products)`,
      target: 'products',
      connections: readConnections,
      request: { method: 'GET', path: '/api/products?packagingGroup=ALL' },
      direct: replay(pool, sql.products),
    },
    {
      name: 'basket add, one box of a random product for a random buyer (POST /api/admin/baskets)',
      target: 'basket',
      connections: writeConnections,
      request: {
        method: 'POST',
        path: '/api/admin/baskets',
        setupRequest: (request) => ({ ...request, body: JSON.stringify(basketAdd()) }),
      },
      direct: async () => {
        await db.transaction((tx) => addToBasket(tx, actor, basketAdd()));
      },
    },
  ];
}
