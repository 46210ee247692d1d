import type { WarehouseStockFigure } from '@mandira/contract/loading';
import type { ShipmentStatus } from '@mandira/contract/shipment-machine';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import type { BundleItem } from './load-lots.ts';

export type LockedShipment = { id: number; code: string; status: ShipmentStatus };
export type WarehouseRow = { id: number; name: string };
export type BundleLine = BundleItem & { stock_line_id: number; warehouse_id: number };

/** The shipment's row, locked for key share; undefined when there is none. */
export async function keyShareLockShipment(tx: Tx, shipmentId: number): Promise<LockedShipment | undefined> {
  const [shipment] = await rowsOf<LockedShipment>(
    tx,
    sql`select id, code, status from shipments where id = ${shipmentId} for key share`,
  );
  return shipment;
}

/** The lines of the bundle snapshot, each with the item's stock line in each of the warehouses. */
export function bundleLinesIn(
  tx: Tx,
  bundleSnapshotId: number,
  warehouseIds: number[],
): Promise<BundleLine[]> {
  return rowsOf<BundleLine>(
    tx,
    // The bundle the item was ordered with (decision 99), not the product's today.
    sql`select pb.product_item_id, pb.quantity, i.name, l.id as stock_line_id, l.warehouse_id
          from bundle_snapshot_lines pb
          join product_items i on i.id = pb.product_item_id
          join stock_lines l on l.product_item_id = pb.product_item_id
         where pb.snapshot_id = ${bundleSnapshotId}
           and l.warehouse_id = any(${sql.param(warehouseIds)}::int[])
         order by pb.id, l.warehouse_id`,
  );
}

/** The stock warehouses of the names, those that exist. */
export function findWarehousesNamed(tx: Tx, names: string[]): Promise<WarehouseRow[]> {
  return rowsOf<WarehouseRow>(
    tx,
    sql`select id, name from warehouses where name = any(${sql.param(names)}::text[])`,
  );
}

/** One load of the order's item on the shipment, if it has any. */
export async function findLoadOnShipment(
  tx: Tx,
  input: { orderId: number; itemId: number },
  shipmentId: number,
): Promise<{ id: number } | undefined> {
  const [load] = await rowsOf<{ id: number }>(
    tx,
    sql`select sl.id from shipment_loads sl join order_items oi on oi.id = sl.order_item_id
           where sl.order_item_id = ${input.itemId} and oi.order_id = ${input.orderId}
             and sl.shipment_id = ${shipmentId} limit 1`,
  );
  return load;
}

/**
 * Pieces of an order item each stock warehouse's shelves hold: min over the bundle it was ordered with
 * (its snapshot, decision 99) of ⌊on hand ÷ line quantity⌋, every stock warehouse in id order (the load
 * form's rows).
 */
export async function piecesPerWarehouse(
  db: Db | Tx,
  bundleSnapshotId: number,
): Promise<WarehouseStockFigure[]> {
  return rowsOf<WarehouseStockFigure>(
    db,
    sql`select w.id as "warehouseId", w.name as warehouse, w.short_name as "warehouseLabel",
               coalesce(min(l.quantity / pb.quantity), 0)::int as pieces
          from warehouses w
          left join bundle_snapshot_lines pb on pb.snapshot_id = ${bundleSnapshotId} and pb.quantity > 0
          left join stock_lines l on l.product_item_id = pb.product_item_id and l.warehouse_id = w.id
         group by w.id order by w.id`,
  );
}

/** The bundle snapshot of the order's item; undefined when the order has no such item. */
export async function findItemSnapshot(db: Db, input: { orderId: number; itemId: number }) {
  const [item] = await rowsOf<{ bundle_snapshot_id: number }>(
    db,
    sql`select bundle_snapshot_id from order_items where id = ${input.itemId} and order_id = ${input.orderId}`,
  );
  return item;
}
