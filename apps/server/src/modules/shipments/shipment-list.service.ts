import { addDays, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { MY_WORK_STATUSES } from '@mandira/contract/my-work';
import { COUNT_LIMIT } from '@mandira/contract/paging';
import { CLOSED_SHIPMENT_STATUSES } from '@mandira/contract/shipment-machine';
import {
  SHIPMENT_UNPAGED_DAYS,
  SHIPMENT_UNPAGED_LIMIT,
  type Shipment,
  type ShipmentListQuery,
  type ShipmentPage,
} from '@mandira/contract/shipments';
import { and, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { statusNotIn } from '../../db/status-sql.ts';
import { type Bounded, readBounded, readCappedPage } from '../../http/unpaged-limit.ts';
import { nearestCity } from '../routing/turkish-provinces.ts';
import { countShipments, findShipments, type ShipmentReadSettings } from './shipment.repo.ts';

type ListInput = z.output<typeof ShipmentListQuery>;

const DEFAULT_PAGE_SIZE = 20;

/**
 * The buyer warehouses filed under a province: the one whose centre is nearest to their coordinates
 * (as `toCity` of a shipment). The warehouses are the buyers' depots, few and not growing with time,
 * so the shipments are then chosen in SQL by their destination id.
 */
async function warehousesOfCity(db: Db | Tx, plateCode: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number; latitude: number | null; longitude: number | null }>(
    db,
    sql`select id, latitude::float8 as latitude, longitude::float8 as longitude from buyer_warehouses
         where latitude is not null and longitude is not null`,
  );
  return rows
    .filter((row) => nearestCity(row.latitude, row.longitude)?.plateCode === plateCode)
    .map((row) => row.id);
}

/**
 * The shipments carrying a load that waits for the shipping staff's acceptance: an item that finished
 * loading and is not yet accepted. Read from the waiting items (order_items_status_idx) to their load
 * records, so it costs what waits, not what was ever shipped. The list's filter and Ana Sayfa's count
 * are this one query (docs/domain/my-work.md).
 */
export const SHIPMENTS_AWAITING_ACCEPTANCE = sql`select l.shipment_id from order_items i
  join shipment_loads l on l.order_item_id = i.id
  where i.status = ${MY_WORK_STATUSES.itemWaitingAcceptance}`;

/** The query's filters as conditions on `s`, the shipments row. */
async function conditionsOf(db: Db | Tx, query: ListInput): Promise<SQL> {
  const conditions: (SQL | undefined)[] = [
    query.status !== undefined ? sql`s.status = ${query.status}` : undefined,
    query.awaitingAcceptance === true ? sql`s.id in (${SHIPMENTS_AWAITING_ACCEPTANCE})` : undefined,
    query.awaitingAcceptance === false ? sql`s.id not in (${SHIPMENTS_AWAITING_ACCEPTANCE})` : undefined,
    query.vehicleId !== undefined ? sql`s.vehicle_id = ${query.vehicleId}` : undefined,
    query.buyerId !== undefined
      ? sql`s.to_warehouse_id in (select id from buyer_warehouses where buyer_id = ${query.buyerId})`
      : undefined,
    query.from !== undefined
      ? sql`s.created_at >= ${startOfIstanbulDay(query.from).toISOString()}::timestamptz`
      : undefined,
    query.to !== undefined
      ? sql`s.created_at < ${startOfIstanbulDay(addDays(query.to, 1)).toISOString()}::timestamptz`
      : undefined,
  ];
  if (query.cityPlateCode !== undefined) {
    const ids = await warehousesOfCity(db, query.cityPlateCode);
    conditions.push(sql`s.to_warehouse_id = any(${sql.param(ids)}::int[])`);
  }
  return and(sql`true`, ...conditions)!;
}

/**
 * `GET /shipments`. With `page` or `size`: that page of the matching shipments and their count, counted
 * up to COUNT_LIMIT, the pages reaching the newest COUNT_LIMIT (decision 149). Without
 * them: every matching shipment, bounded when no date range is given to the open ones plus those created
 * in the last SHIPMENT_UNPAGED_DAYS days (docs/decisions/0110-shipment-list-pages-filters-sql-unpaged-bounded.md),
 * and then at most the newest SHIPMENT_UNPAGED_LIMIT with how many matched (decision 149).
 */
export async function listShipments(
  db: Db | Tx,
  query: ListInput,
  settings: ShipmentReadSettings,
): Promise<Bounded<Shipment> | ShipmentPage> {
  const where = await conditionsOf(db, query);
  if (query.page === undefined && query.size === undefined) {
    const bounded =
      query.from === undefined && query.to === undefined
        ? and(
            where,
            sql`(${statusNotIn('s.status', CLOSED_SHIPMENT_STATUSES)}
                 or s.created_at >= now() - make_interval(days => ${SHIPMENT_UNPAGED_DAYS}::int))`,
          )!
        : where;
    return newestShipments(db, bounded, settings);
  }
  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  const { rows, totalPages, ...figures } = await readCappedPage(
    page,
    size,
    (limit) => countShipments(db, where, limit),
    (limit, offset) => findShipments(db, where, settings, { limit, offset }),
  );
  return { shipments: rows, page, size, ...figures, totalPages: Math.max(1, totalPages) };
}

/**
 * An unpaged list of shipments: the newest SHIPMENT_UNPAGED_LIMIT matching `where`, and how many matched,
 * counted up to COUNT_LIMIT (decision 149: `totalCapped` past it).
 */
export async function newestShipments(
  db: Db | Tx,
  where: SQL,
  settings: ShipmentReadSettings,
): Promise<Bounded<Shipment>> {
  const bounded = await readBounded(
    SHIPMENT_UNPAGED_LIMIT,
    (limit) => findShipments(db, where, settings, { limit }),
    () => countShipments(db, where, COUNT_LIMIT + 1),
  );
  return bounded.total > COUNT_LIMIT ? { ...bounded, total: COUNT_LIMIT, totalCapped: true } : bounded;
}
