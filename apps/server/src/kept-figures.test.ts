import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import type { Order } from '@mandira/contract/orders';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../test/builders/loading-test-data.ts';
import { createDelivery, createDriver, createVehicle } from '../test/builders/milk-fixtures.ts';
import { addToBasket } from '../test/builders/order-test-data.ts';
import { createItem } from '../test/builders/product-test-data.ts';
import {
  type Loading,
  type LoadWrite,
  type OrderWrite,
  orderOf,
  runLoadWrite,
  runOrderWrite,
  type WritesWorld,
  writesWorld,
} from '../test/builders/random-writes.ts';
import { rowsOf } from './db/client.ts';
import { keptFigureProblems } from './db/kept-figure.ts';
import { KEPT_FIGURES } from './kept-figures.ts';

/**
 * Every figure the writes keep (kept-figures.ts) against its definition from scratch, after random
 * writes through the API of every area that moves one: baskets, orders, their steps, payments, loads
 * and their trucks' trips, new items, milk deliveries, and changes of dates made in SQL.
 */
let w: WritesWorld;
let admin: string;
let milk: { milkVehicleId: number; milkVehicleDriverId: number };
beforeAll(async () => {
  w = await writesWorld();
  admin = await w.t.adminToken();
  const vehicle = await createVehicle(w.t, admin);
  const driver = await createDriver(w.t, admin);
  milk = { milkVehicleId: vehicle.id, milkVehicleDriverId: driver.id };
});
afterAll(() => w.close());

type Step =
  | OrderWrite
  | LoadWrite
  | { kind: 'basket'; buyer: number; boxes: number }
  | { kind: 'review'; order: number }
  | { kind: 'item' }
  | { kind: 'milk'; daysBack: number }
  | { kind: 'moveMilk'; days: number }
  | { kind: 'moveOrder'; order: number; days: number }
  | { kind: 'readHistory' }
  | { kind: 'moveHistory'; days: number };

const anOrder = fc.nat({ max: 20 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('basket' as const, 'place' as const),
    buyer: fc.nat({ max: 1 }),
    boxes: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('pay' as const), order: anOrder, amount: fc.integer({ min: 1, max: 40 }) }),
  fc.record({
    kind: fc.constantFrom('review' as const, 'cancelItem' as const, 'cancelOrder' as const),
    order: anOrder,
  }),
  fc.record({
    kind: fc.constant('loadPartly' as const),
    boxes: fc.integer({ min: 1, max: 2 }),
    pieces: fc.integer({ min: 1, max: 5 }),
  }),
  // Loading is drawn more often, so that its later steps mostly find an item and a truck to act on.
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('load' as const),
      boxes: fc.integer({ min: 1, max: 2 }),
      short: fc.nat({ max: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('loadMore' as const, 'finish' as const, 'accept' as const, 'reject' as const),
      pick: fc.nat({ max: 5 }),
    }),
  },
  fc.record({ kind: fc.constant('transfer' as const) }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('trip' as const), deliver: fc.boolean() }) },
  fc.record({ kind: fc.constant('item' as const) }),
  fc.record({ kind: fc.constant('milk' as const), daysBack: fc.nat({ max: 3 }) }),
  fc.record({ kind: fc.constant('moveMilk' as const), days: fc.integer({ min: 1, max: 3 }) }),
  fc.record({
    kind: fc.constant('moveOrder' as const),
    order: anOrder,
    days: fc.integer({ min: 1, max: 5 }),
  }),
);

let items = 0;
const today = istanbulDate(new Date());

/** Runs one step; a refusal (too much paid, a step not allowed, an empty basket) is a step too. */
async function run(one: Step, orders: Order[], loading: Loading = { truck: null }) {
  const order = 'order' in one ? orderOf(one, orders) : null;
  switch (one.kind) {
    case 'basket':
      await addToBasket(w, w.buyers[one.buyer]!.buyerId, w.productId, one.boxes);
      return;
    case 'review':
      if (order) await w.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${order.id}`);
      return;
    case 'item':
      items += 1;
      await createItem(w.t, admin, {
        name: `Sayım Peyniri ${items}`,
        stockCode: `KF-${items}`,
        barcode: `86930000${String(items).padStart(5, '0')}`,
      });
      return;
    case 'milk':
      await createDelivery(w.t, admin, {
        ...milk,
        deliveryDateTime: new Date(Date.now() - one.daysBack * 86_400_000).toISOString(),
      });
      return;
    case 'moveMilk':
      // A correction that moves the newest delivery to another day.
      await w.t.db.execute(sql`
        update milk_deliveries set delivery_date_time = delivery_date_time - make_interval(days => ${one.days})
         where id = (select max(id) from milk_deliveries)`);
      return;
    case 'moveOrder':
      if (order)
        await w.t.db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('mandira.backdating', 'on', true)`);
          await tx.execute(sql`
            update orders set created_at = created_at - make_interval(days => ${one.days}),
                              updated_at = updated_at - make_interval(days => ${one.days})
             where id = ${order.id}`);
        });
      return;
    case 'readHistory': {
      // A week's page counts its finished days (and keeps their counts) on the way.
      const week = `startDate=${addDays(today, -6)}&endDate=${today}&page=1&size=5`;
      ok(await w.call('GET', `/product-item/stock-history?${week}`, undefined, admin), 'stock history');
      return;
    }
    case 'moveHistory':
      // A correction that moves the newest history row into a day a page may have counted.
      await w.t.db.execute(sql`
        update stock_history set created_at = created_at - make_interval(days => ${one.days})
         where id = (select max(id) from stock_history)`);
      return;
    case 'load':
    case 'loadMore':
    case 'finish':
    case 'accept':
    case 'reject':
    case 'transfer':
    case 'trip':
      await runLoadWrite(w, one, loading);
      return;
    default:
      await runOrderWrite(w, one, orders);
  }
}

/**
 * A day of loading, run besides the random ones: loads in full and short, more of one, a finish, an
 * acceptance, the loads moved to another truck and delivered; a rejection and a truck back at the
 * warehouse; and a load finished short and accepted, left on the truck.
 */
const LOADING_DAY: Step[] = [
  { kind: 'load', boxes: 2, short: 0 },
  { kind: 'load', boxes: 2, short: 3 },
  { kind: 'loadMore', pick: 1 },
  { kind: 'finish', pick: 0 },
  { kind: 'accept', pick: 0 },
  { kind: 'transfer' },
  { kind: 'trip', deliver: true },
  { kind: 'load', boxes: 1, short: 0 },
  { kind: 'load', boxes: 1, short: 2 },
  { kind: 'finish', pick: 0 },
  { kind: 'reject', pick: 0 },
  { kind: 'trip', deliver: false },
  { kind: 'load', boxes: 1, short: 1 },
  { kind: 'finish', pick: 0 },
  { kind: 'accept', pick: 0 },
];

describe('the figures the writes keep', () => {
  it('each equal their definition from scratch after any writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const orders: Order[] = [];
        const loading: Loading = { truck: null };
        for (const one of steps) await run(one, orders, loading);
        expect(await keptFigureProblems(w.t.db, KEPT_FIGURES)).toEqual([]);
      }),
      { numRuns: 8, examples: [[LOADING_DAY]] },
    );
    // The loading day went through: a truck delivered, one emptied onto another, one back and parked.
    const trucks = await rowsOf<{ status: string }>(
      w.t.db,
      sql`select distinct status from shipments where status in ('DELIVERED', 'PREPARING_TO_LOAD', 'PARKING')
           order by status`,
    );
    expect(trucks.map((truck) => truck.status)).toEqual(['DELIVERED', 'PARKING', 'PREPARING_TO_LOAD']);
  }, 240_000);

  it('find a kept row that was changed behind the writes', async () => {
    // Yesterday's history counted by a page, then its count changed behind the writes.
    await run({ kind: 'moveHistory', days: 1 }, []);
    await run({ kind: 'readHistory' }, []);
    await w.t.db.execute(sql`update stock_history_day_counts set rows = rows + 1`);
    await w.t.db.execute(sql`update product_item_count set items = items + 1`);
    await w.t.db.execute(sql`
      update product_reservations set basket_pieces = basket_pieces + 2
       where product_id = ${w.productId}`);
    // A truck loaded, and an order whose one item was canceled (it neither holds nor deals a piece):
    // the truck's pieces, the item's loaded pieces and the order's dealt total changed behind the writes.
    const loading: Loading = { truck: null };
    await run({ kind: 'load', boxes: 1, short: 0 }, [], loading);
    const orders: Order[] = [];
    await run({ kind: 'place', buyer: 0, boxes: 1 }, orders);
    await run({ kind: 'cancelItem', order: 0 }, orders);
    const canceled = orders[0]!;
    await w.t.db.execute(
      sql`update shipments set load_pieces = load_pieces + 1 where id = ${loading.truck!.id}`,
    );
    await w.t.db.execute(sql`
      update order_items set loaded_quantity = loaded_quantity + 1
       where id = ${canceled.orderItems[0]!.id} and status = 'CANCELED'`);
    await w.t.db.execute(
      sql`update orders set dealt_total_price = dealt_total_price + 5 where id = ${canceled.id}`,
    );
    const problems = await keptFigureProblems(w.t.db, KEPT_FIGURES);
    const of = (table: string) => problems.filter((problem) => problem.includes(`(${table})`));
    expect(of('product_reservations')).toEqual([
      expect.stringMatching(
        /^products' reserved pieces \(product_reservations\) product \d+: kept \d+ \/ \d+, sums to/,
      ),
    ]);
    expect(of('product_item_count')).toEqual([
      expect.stringMatching(/^the catalogue's items \(product_item_count\) the catalogue: kept \d+, sums to/),
    ]);
    // The truck's pieces are what its load held (the world's boxes × pieces), one more than that kept.
    const truck = of('shipments');
    expect(truck).toEqual([
      expect.stringMatching(
        /^shipments' load figures \(shipments\) shipment \d+: kept 1 loads \/ \d+ pieces \/ accepted false \/ [\d.]+ t \/ complete true, sums to 1 loads \/ \d+ pieces \//,
      ),
    ]);
    const [kept, summed] = [...truck[0]!.matchAll(/(\d+) pieces/g)].map((match) => Number(match[1]));
    expect(kept).toBe(summed! + 1);
    expect(of('order_items')).toEqual([
      `order items' loaded pieces (order_items) order item ${canceled.orderItems[0]!.id}: kept 1, sums to 0`,
    ]);
    expect(problems.filter((problem) => problem.startsWith("orders' dealt totals"))).toEqual([
      `orders' dealt totals (orders) order ${canceled.id}: kept 5.00, sums to 0.00`,
    ]);
    // Every counted warehouse and action of the day, at least one.
    expect(of('stock_history_day_counts').length).toBeGreaterThan(0);
    expect(problems).toHaveLength(5 + of('stock_history_day_counts').length);
    // Recounted from scratch, in the list's order, every figure holds again.
    for (const figure of KEPT_FIGURES)
      for (const statement of figure.recount) await w.t.db.execute(statement);
    expect(await keptFigureProblems(w.t.db, KEPT_FIGURES)).toEqual([]);
  });

  it('name every trigger that keeps or forgets one, and only triggers that exist', async () => {
    const triggers = await rowsOf<{ name: string }>(
      w.t.db,
      sql`select c.relname || '.' || t.tgname as name
            from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
           where not t.tgisinternal
             and (p.proname like '%keep%' or p.proname like 'forget%' or t.tgname like '%keep%'
                  or t.tgname like '%settle%')
           order by 1`,
    );
    const named = KEPT_FIGURES.flatMap((figure) => figure.triggers.map((t) => `${t.table}.${t.trigger}`));
    expect(new Set(named)).toEqual(new Set(triggers.map((row) => row.name)));
  });
});
