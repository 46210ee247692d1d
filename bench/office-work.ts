/**
 * The work the office mix's writes use up, read from the data set once before the mix: the buyers and
 * products of the baskets, the order items waiting for each step, the orders with something left to pay,
 * the hot stock lines and their lots, and what the shipment and milk screens pick from.
 */
import type pg from 'pg';
import { nearestCity } from '../apps/server/src/modules/routing/turkish-provinces.ts';
import { HOT_GROUP } from './dataset.ts';

export type Buyer = { id: number; branch: number };

export type Work = {
  buyers: Buyer[];
  products: number[];
  reviewItems: [number, number][];
  waitingItems: [number, number][];
  preparedItems: [number, number][];
  payableOrders: number[];
  hotLines: number[];
  /** The dated lots not yet expired on each hot line, with more pieces than the mix's goods-outs take. */
  hotLots: Map<number, number[]>;
  shipments: number[];
  vehicles: number[];
  cities: number[];
  milkVehicles: number[];
  milkDrivers: number[];
};

const ids = async (pool: pg.Pool, text: string, values: unknown[] = []) =>
  (await pool.query<{ id: number }>(text, values)).rows.map((row) => row.id);
const pairs = async (pool: pg.Pool, text: string) =>
  (await pool.query<{ order_id: number; id: number }>(text)).rows.map(
    (row) => [row.order_id, row.id] as [number, number],
  );

function shuffled<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

export async function readWork(pool: pg.Pool): Promise<Work> {
  const itemsOf = (orderStatus: string, itemStatus: string) =>
    pairs(
      pool,
      `select oi.order_id, oi.id from order_items oi join orders o on o.id = oi.order_id
        where o.status = '${orderStatus}' and oi.status = '${itemStatus}'`,
    );
  const { rows: depots } = await pool.query<{ latitude: number; longitude: number }>(
    'select latitude::float8 as latitude, longitude::float8 as longitude from buyer_warehouses',
  );
  const { rows: buyers } = await pool.query<Buyer>(
    `select b.id, min(w.id)::int as branch from buyers b join buyer_warehouses w on w.buyer_id = b.id
      where b.code like 'BNC-M%' group by b.id order by b.id`,
  );
  return {
    buyers,
    products: await ids(pool, `select id from products where stock_code like 'BNC-P%'`),
    reviewItems: shuffled(await itemsOf('IN_REVIEW', 'WAITING_FOR_APPROVAL')),
    waitingItems: shuffled(await itemsOf('IN_PROGRESS', 'WAITING_FOR_WAREHOUSE_OPERATION')),
    preparedItems: [],
    // Orders with at least 5 TL open take a few payments of 1–4 TL each without running out.
    payableOrders: shuffled(
      await ids(
        pool,
        `select o.id from orders o
          where o.status = 'COMPLETED' and o.dealt_total_price - coalesce((select sum(t.amount)
                  from accounting_transactions t where t.order_id = o.id and t.reason <> 'NEW_ORDER'), 0) >= 5
          limit 5000`,
      ),
    ),
    hotLines: await ids(
      pool,
      `select l.id from stock_lines l join product_items i on i.id = l.product_item_id
        where i.packaging_group = $1 and l.warehouse_id in (1, 2) order by l.id`,
      [HOT_GROUP],
    ),
    hotLots: await hotLotsOf(pool),
    shipments: await ids(pool, 'select id from shipments'),
    vehicles: await ids(pool, 'select id from vehicles'),
    cities: [...new Set(depots.map((depot) => nearestCity(depot.latitude, depot.longitude)!.plateCode))],
    milkVehicles: await ids(pool, 'select id from milk_vehicles'),
    milkDrivers: await ids(pool, 'select id from milk_vehicle_drivers'),
  };
}

async function hotLotsOf(pool: pg.Pool): Promise<Map<number, number[]>> {
  const { rows } = await pool.query<{ stock_line_id: number; lot_id: number }>(
    `select ls.stock_line_id, ls.lot_id from lot_stocks ls
       join lots t on t.id = ls.lot_id
       join product_items i on i.id = ls.product_item_id
      where i.packaging_group = $1 and ls.warehouse_id in (1, 2) and ls.quantity >= 20
        and t.expiry_date >= current_date`,
    [HOT_GROUP],
  );
  const lots = new Map<number, number[]>();
  for (const row of rows) lots.set(row.stock_line_id, [...(lots.get(row.stock_line_id) ?? []), row.lot_id]);
  return lots;
}
