import { addDays, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { MY_WORK_STATUSES } from '@mandira/contract/my-work';
import { CLOSED_SHIPMENT_STATUSES } from '@mandira/contract/shipment-machine';
import { SHIPMENT_UNPAGED_DAYS, type ShipmentListQuery } from '@mandira/contract/shipments';
import { and, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { statusNotIn } from '../../db/status-sql.ts';

type ListInput = z.output<typeof ShipmentListQuery>;

/** A condition on `s`, the shipments row, as the list's reads take it. */
export type ShipmentWhere = SQL;

/** The shipments in one status. */
export function statusIs(status: string): ShipmentWhere {
  return sql`s.status = ${status}`;
}

/** Every buyer warehouse that has coordinates. */
export function locatedBuyerWarehouses(db: Db | Tx) {
  return rowsOf<{ id: number; latitude: number | null; longitude: number | null }>(
    db,
    sql`select id, latitude::float8 as latitude, longitude::float8 as longitude from buyer_warehouses
         where latitude is not null and longitude is not null`,
  );
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

/**
 * The query's filters as conditions on `s`, the shipments row; `cityWarehouseIds`, when the query names
 * a province, are the buyer warehouses filed under it.
 */
export function shipmentConditions(query: ListInput, cityWarehouseIds?: number[]): ShipmentWhere {
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
  if (cityWarehouseIds !== undefined) {
    conditions.push(sql`s.to_warehouse_id = any(${sql.param(cityWarehouseIds)}::int[])`);
  }
  return and(sql`true`, ...conditions)!;
}

/** `where`, narrowed to the shipments created up to the end of the Istanbul day `day`. */
export function createdThrough(where: ShipmentWhere, day: string): ShipmentWhere {
  return and(where, sql`s.created_at < ${startOfIstanbulDay(addDays(day, 1)).toISOString()}::timestamptz`)!;
}

/** `where`, narrowed to the open shipments and those created in the last SHIPMENT_UNPAGED_DAYS days. */
export function openOrRecent(where: ShipmentWhere): ShipmentWhere {
  return and(
    where,
    sql`(${statusNotIn('s.status', CLOSED_SHIPMENT_STATUSES)}
                 or s.created_at >= now() - make_interval(days => ${SHIPMENT_UNPAGED_DAYS}::int))`,
  )!;
}
