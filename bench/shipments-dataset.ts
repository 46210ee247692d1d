/**
 * The shipment part of the office data set, in set-based SQL over the order data set: a depot per
 * buyer near a province centre, a fleet of 50 trucks, shipments at an even rate over the past `days`
 * with their road (about 5 kB of geometry each, as a routing service answers), and the loads of the
 * delivered items on the delivered shipments, each with the stock lines it took from and the item's newest
 * lot made by then (its undated lot before the first). The newest
 * shipments are open, one per vehicle and driver as the unique indexes want.
 */
import fs from 'node:fs';
import type pg from 'pg';
import { CITIES } from '../apps/server/src/modules/routing/turkish-provinces.ts';

export const TRUCKS = 50;
const DRIVERS = 60;
/** Open shipments at the end: fewer than the trucks, one per vehicle and driver; fewer in a small set. */
const OPEN_SHIPMENTS = 40;
const openOf = (shipments: number) => Math.min(OPEN_SHIPMENTS, Math.ceil(shipments / 25));
// Not LOAD_CHECK or later: those need loads, and the open shipments carry none.
const OPEN_STATUSES = ['PARKING', 'PREPARING_TO_LOAD', 'LOADING'];
/** Points of a road; 150 of them are some 5 kB of JSON. */
const ROAD_POINTS = 150;

/**
 * The load figures the shipment row keeps (decision 114), set from the loads once they are in: the
 * migration's own fill for shipments loaded before it, so the data set and an upgraded portal agree.
 */
const KEPT_FIGURES = fs
  .readFileSync(
    new URL('../apps/server/src/db/migrations/0015_shipment_load_figures.sql', import.meta.url),
    'utf8',
  )
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter((statement) => statement.startsWith('UPDATE'));

export type ShipmentsSummary = { shipments: number; open: number; loads: number; loadLines: number };

export async function generateShipments(
  client: pg.Client,
  { shipments, days }: { shipments: number; days: number },
): Promise<ShipmentsSummary> {
  await client.query(
    `insert into buyer_warehouses (buyer_id, code, title, latitude, longitude)
     select b.id, 'D1', b.title || ' Deposu', c.lat + ((b.id * 7) % 10 - 5) * 0.01, c.lng + ((b.id * 3) % 10 - 5) * 0.01
       from buyers b
       cross join lateral (select lat, lng from unnest($1::float8[], $2::float8[]) with ordinality u(lat, lng, k)
                            where k = 1 + b.id % $3) c
      where not exists (select 1 from buyer_warehouses w where w.buyer_id = b.id)`,
    [CITIES.map((city) => city.latitude), CITIES.map((city) => city.longitude), CITIES.length],
  );
  await client.query(
    `update orders o set buyer_branch_id = w.id from buyer_warehouses w
      where w.buyer_id = o.buyer_id and o.buyer_branch_id is null`,
  );
  await client.query(
    `insert into vehicles (licence_plate_code, brand, model, production_year, year_of_purchase, capacity_in_tons,
                           pallet_capacity)
     select '34 BNC ' || lpad(n::text, 3, '0'), 'Ford', 'Cargo', 2020, 2021, 18, 24 from generate_series(1, $1::int) n`,
    [TRUCKS],
  );
  await client.query(
    `insert into drivers (name, surname, phone, licence_number)
     select 'Sürücü', 'No ' || n, '0532 000 00 ' || lpad(n::text, 2, '0'), 'E-' || n from generate_series(1, $1::int) n`,
    [DRIVERS],
  );
  // Shipment n leaves at an increasing time; consecutive ones take different trucks and drivers, so
  // the open ones at the end are one per vehicle and driver.
  await client.query(
    `insert into shipments (code, vehicle_id, driver_id, from_warehouse_id, to_warehouse_id, status,
                            route_distance_in_meters, route_duration_in_seconds, route_is_estimate, route_geometry,
                            loaded_weight_in_tons, description, created_at, updated_at)
     select 'BNC-S' || lpad(n::text, 6, '0'), v.id, d.id, fw.id, tw.id,
            case when n > $1 - $3 then ($4::text[])[1 + n % cardinality($4::text[])] else 'DELIVERED' end,
            20000 + (n * 7919) % 400000, 900 + (n * 104729) % 20000, false,
            (select jsonb_agg(jsonb_build_array(round((tw.latitude + k * 0.003)::numeric, 5),
                                                round((tw.longitude - k * 0.004)::numeric, 5)) order by k)
               from generate_series(1, $5::int) k),
            case when n > $1 - $3 then null else 8 + (n % 70) / 10.0 end,
            '', at, at
       -- bigint: at ten years n × 104729 passes int4.
       from generate_series(1, $1::bigint) n
       cross join lateral (select now() - $2 * interval '1 day' + n * ($2 * interval '1 day' / $1) as at) t
       join vehicles v on v.licence_plate_code = '34 BNC ' || lpad((1 + n % $6)::text, 3, '0')
       join drivers d on d.licence_number = 'E-' || (1 + n % $7)
       join warehouses fw on fw.id = (select id from warehouses order by id offset n % 4 limit 1)
       join buyer_warehouses tw on tw.id = (select min(id) from buyer_warehouses) + (n * 31) % (select count(*) from buyer_warehouses)
      order by n`,
    [shipments, days, openOf(shipments), OPEN_STATUSES, ROAD_POINTS, TRUCKS, DRIVERS],
  );
  // The delivered items of the completed orders, on the delivered shipments in time order: the
  // r-th completed order of C rides on delivered shipment ⌈r × D ÷ C⌉. The shipment's number is worked
  // out on the order's side, so the two meet by equality (a merge or hash join): with D on the shipments' side
  // the planner could only try every pair, a million orders by 150,000 shipments at ten years.
  await client.query(
    `insert into shipment_loads (order_item_id, shipment_id, warehouse_id, pieces, created_at)
     with delivered as (select id, from_warehouse_id, created_at, row_number() over (order by created_at, id) as r
                          from shipments where status = 'DELIVERED'),
          completed as (select id,
                               greatest(1, ceil(row_number() over (order by created_at, id)
                                                * (select count(*) from delivered)
                                                / (count(*) over ())::float8))::bigint as shipment_r
                          from orders where status = 'COMPLETED')
     select oi.id, s.id, s.from_warehouse_id, oi.loaded_quantity, s.created_at
       from completed o
       join delivered s on s.r = o.shipment_r
       join order_items oi on oi.order_id = o.id and oi.status = 'DELIVERED_TO_BUYER' and oi.loaded_quantity > 0`,
  );
  await client.query(
    `insert into shipment_load_lines (shipment_load_id, stock_line_id, lot_id, quantity)
     select l.id, sl.id, coalesce(lot.id, undated.id), l.pieces * bl.quantity
       from shipment_loads l
       join order_items oi on oi.id = l.order_item_id
       join bundle_snapshot_lines bl on bl.snapshot_id = oi.bundle_snapshot_id
       join stock_lines sl on sl.product_item_id = bl.product_item_id and sl.warehouse_id = l.warehouse_id
       join lots undated on undated.product_item_id = sl.product_item_id and undated.code = ''
       left join lateral (select t.id from lots t
                           where t.product_item_id = sl.product_item_id and t.code <> ''
                             and t.production_date <= l.created_at::date
                           order by t.production_date desc limit 1) lot on true`,
  );
  for (const statement of KEPT_FIGURES) await client.query(statement);
  for (const table of ['shipments', 'shipment_loads', 'shipment_load_lines', 'buyer_warehouses']) {
    await client.query(`vacuum (analyze) ${table}`);
  }
  const { rows } = await client.query<ShipmentsSummary>(
    `select (select count(*) from shipments)::int as shipments,
            (select count(*) from shipments where status <> 'DELIVERED')::int as open,
            (select count(*) from shipment_loads)::int as loads,
            (select count(*) from shipment_load_lines)::int as "loadLines"`,
  );
  return rows[0]!;
}
