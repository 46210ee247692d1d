import type { Basket } from '@mandira/contract/baskets';
import type { Buyer } from '@mandira/contract/buyers';
import { istanbulDate } from '@mandira/contract/istanbul-time';
import type { OrderItemStatus, OrderStatus } from '@mandira/contract/order-machines';
import type { Order } from '@mandira/contract/orders';
import type { ProductStock } from '@mandira/contract/sellable-products';
import { type SQL, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { rowsOf } from '../../src/db/client.ts';
import { keptFigureProblems } from '../../src/db/kept-figure.ts';
import { PRODUCT_RESERVATIONS, SNAPSHOT_RESERVATIONS } from '../../src/modules/orders/kept-figures.ts';
import { recountReservations } from '../../src/modules/orders/reservations.ts';
import { applyStockChanges } from '../../src/modules/stock/stock-movement.service.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { createBuyer } from './buyer-test-data.ts';
import { createItem } from './product-test-data.ts';

/** One app and database per test file, with a token per role the order calls involve. */
export type OrderWorld = {
  t: TestApp;
  /** ORDER_MANAGER: order-taking, baskets, review. */
  manager: string;
  sales: string;
  warehouse: string;
  office: string;
  call(
    method: InjectOptions['method'],
    url: string,
    payload?: object,
    token?: string,
  ): ReturnType<TestApp['call']>;
  close(): Promise<void>;
};

export async function orderWorld(env: Record<string, string> = {}): Promise<OrderWorld> {
  const t = await createTestApp(env);
  const [manager, sales, warehouse, office] = [
    await t.tokenWithRoles(['ORDER_MANAGER']),
    await t.tokenWithRoles(['SALES_ADMIN']),
    await t.tokenWithRoles(['WAREHOUSE_STAFF']),
    await t.tokenWithRoles(['BACKOFFICE_ADMIN']),
  ];
  return {
    t,
    manager,
    sales,
    warehouse,
    office,
    call: (method, url, payload, token = manager) =>
      t.call(token, { method, url: `/api${url}`, ...(payload ? { payload } : {}) }),
    close: () => t.close(),
  };
}

const SYSTEM = { userId: 0, userName: 'test', roles: [], privileges: new Set<never>(), isSuperAdmin: true };

/** An item with `pieces` on hand in DEPO1. */
export async function itemWithStock(w: OrderWorld, pieces: number): Promise<number> {
  const item = await createItem(w.t, w.sales);
  await setStock(w, item.id, pieces);
  return item.id;
}

/** Counts the item's DEPO1 line to `pieces` (a stock count, as the warehouse would). */
export async function setStock(w: OrderWorld, itemId: number, pieces: number): Promise<void> {
  const [line] = await rowsOf<{ id: number }>(
    w.t.db,
    sql`select l.id from stock_lines l join warehouses h on h.id = l.warehouse_id
         where l.product_item_id = ${itemId} and h.name = 'DEPO1'`,
  );
  await applyStockChanges(
    w.t.db,
    [{ stockLineId: line!.id, kind: 'set', quantity: pieces, action: 'STOCK_COUNT', notes: '' }],
    { actor: SYSTEM },
  );
}

let productSequence = 0;

/** A sellable product of the bundle; 6 pieces a box, 10 TL a piece with 2 TL off unless told. */
export async function product(
  w: OrderWorld,
  bundle: { itemId: number; quantity: number }[],
  overrides: { quantityInsideBox?: number; price?: number; discount?: number; name?: string } = {},
): Promise<number> {
  productSequence += 1;
  const response = await w.call(
    'POST',
    '/products',
    {
      name: overrides.name ?? `Kahvaltılık Paket ${productSequence}`,
      quantityInsideBox: overrides.quantityInsideBox ?? 6,
      price: overrides.price ?? 10,
      discount: overrides.discount ?? 2,
      productBundle: bundle.map((line) => ({ productItemId: line.itemId, quantity: line.quantity })),
    },
    w.sales,
  );
  if (response.statusCode !== 200) throw new Error(`product not created: ${response.body}`);
  return response.json.data.id;
}

/** A product of one item of its own, with `pieces` of it on hand. */
export async function stockedProduct(w: OrderWorld, pieces: number, overrides = {}): Promise<number> {
  return product(w, [{ itemId: await itemWithStock(w, pieces), quantity: 1 }], overrides);
}

export const buyer = async (w: OrderWorld): Promise<Buyer> => createBuyer(w.t, await w.t.adminToken());

/** A warehouse of the buyer, as a delivery branch. */
export async function branchOf(w: OrderWorld, buyerId: number, code = 'MERKEZ'): Promise<number> {
  const response = await w.call(
    'POST',
    '/buyers/warehouses',
    { buyerId, code, title: `${code} Deposu` },
    w.office,
  );
  if (response.statusCode !== 200) throw new Error(`branch not created: ${response.body}`);
  return response.json.data.id;
}

export async function figures(w: OrderWorld, productId: number): Promise<ProductStock> {
  return (await w.call('GET', `/products/${productId}/stocks`)).json.data;
}

export async function addToBasket(w: OrderWorld, buyerId: number, productId: number, boxQuantity: number) {
  return w.call('POST', '/admin/baskets', { buyerId, productId, boxQuantity });
}

/** Fills the buyer's basket and places it; the order as answered. */
export async function placedOrder(
  w: OrderWorld,
  buyerId: number,
  lines: { productId: number; boxes: number }[],
  body: object = {},
): Promise<Order> {
  for (const line of lines) {
    const added = await addToBasket(w, buyerId, line.productId, line.boxes);
    if (added.statusCode !== 200) throw new Error(`not added: ${added.body}`);
  }
  const placed = await w.call('POST', '/admin/baskets/apply-to-order', {
    buyerId,
    plannedShipmentDate: istanbulDate(new Date()),
    ...body,
  });
  if (placed.statusCode !== 200) throw new Error(`not placed: ${placed.body}`);
  return placed.json.data;
}

/**
 * Puts an order and its items in the given statuses directly, to reach any cell of the tables; the
 * items get back their ordered pieces, and `loaded` pieces each.
 */
export async function forceStatuses(
  w: OrderWorld,
  orderId: number,
  orderStatus: OrderStatus,
  itemStatuses: OrderItemStatus[] = [],
  loaded = 0,
): Promise<void> {
  await w.t.db.execute(sql`update orders set status = ${orderStatus} where id = ${orderId}`);
  const items = await rowsOf<{ id: number }>(
    w.t.db,
    sql`select id from order_items where order_id = ${orderId} order by id`,
  );
  for (const [index, status] of itemStatuses.entries()) {
    await w.t.db.execute(sql`
      update order_items set status = ${status}, quantity = ordered_quantity, loaded_quantity = ${loaded}
       where id = ${items[index]!.id}`);
  }
  await recountReservations(
    w.t.db,
    sql`p.id in (select product_id from order_items where order_id = ${orderId})`,
  );
}

/**
 * `count` orders in progress with one item waiting for the warehouse, copied from one placed order
 * (`createdAt(g)` gives the n-th its instant), written in SQL for speed: the kept figures follow the rows
 * whoever writes them. The orders the screens' page tests walk through; answers the placed one.
 */
export async function openOrdersCopied(
  w: OrderWorld,
  count: number,
  createdAt: (g: SQL) => SQL,
): Promise<Order> {
  const productId = await stockedProduct(w, 600);
  const template = await placedOrder(w, (await buyer(w)).id, [{ productId, boxes: 1 }]);
  await forceStatuses(w, template.id, 'IN_PROGRESS', ['WAITING_FOR_WAREHOUSE_OPERATION']);
  await w.t.db.execute(sql`
    with made as (
      insert into orders (buyer_id, status, created_at, total_price, dealt_total_price)
      select buyer_id, 'IN_PROGRESS', ${createdAt(sql`g`)}, total_price, dealt_total_price
        from orders, generate_series(1, ${count}) g where id = ${template.id}
      returning id)
    insert into order_items (order_id, product_id, product_name, stock_code, barcode, quantity_in_box,
                             bundle_snapshot_id, unit_price, discount, ordered_quantity, quantity, status)
    select made.id, i.product_id, i.product_name, i.stock_code, i.barcode, i.quantity_in_box,
           i.bundle_snapshot_id, i.unit_price, i.discount, i.ordered_quantity, i.quantity, i.status
      from made, order_items i where i.order_id = ${template.id}`);
  return template;
}

/** Every row of an order and its items, to prove a refused call wrote nothing. */
export async function orderSnapshot(w: OrderWorld, orderId: number): Promise<unknown> {
  return rowsOf(
    w.t.db,
    sql`select o.*, (select json_agg(oi order by oi.id) from order_items oi where oi.order_id = o.id) as items
          from orders o where o.id = ${orderId}`,
  );
}

export const basketItems = (basket: Basket) =>
  basket.basketItems.map((line) => ({
    productId: line.productId,
    boxQuantity: line.boxQuantity,
    quantity: line.quantity,
  }));

/**
 * Products whose kept reservation counters (decision 65) differ from their sums over the rows, and
 * bundle snapshots whose order pieces (decision 99) differ from their items' sums, in words; empty when
 * they agree (the kept figures' own check, apps/server/src/kept-figures.ts).
 */
export function reservationDrift(db: TestApp['db']): Promise<string[]> {
  return keptFigureProblems(db, [SNAPSHOT_RESERVATIONS, PRODUCT_RESERVATIONS]);
}
