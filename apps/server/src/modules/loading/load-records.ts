import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { recordChange } from '../audit/record-change.ts';
import { keepShipmentFigures } from '../load-figures/shipment-figures.ts';
import { recordLoadsReversed } from '../orders/item-steps.ts';
import { applyStockChanges, type StockChange } from '../stock/stock-movement.service.ts';

/**
 * The load records: a `shipment_loads` row per load (item, shipment, warehouse, pieces) and, under it, the
 * pieces each stock line gave (`shipment_load_lines`). A reversal gives back exactly what left each line,
 * whatever the product's bundle has become since (decision 84).
 */

/** Pieces one lot of one stock line gave to a load (decision 151). */
export type StockTaken = { stockLineId: number; lotId: number; quantity: number };

export async function recordLoad(
  tx: Tx,
  actor: Actor,
  load: {
    orderId: number;
    orderItemId: number;
    shipmentId: number;
    warehouseId: number;
    pieces: number;
    taken: StockTaken[];
  },
): Promise<void> {
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into shipment_loads (order_item_id, shipment_id, warehouse_id, pieces, created_by)
        values (${load.orderItemId}, ${load.shipmentId}, ${load.warehouseId}, ${load.pieces}, ${actor.userId || null})
        returning id`,
  );
  await keepShipmentFigures(tx, { shipmentIds: [load.shipmentId] });
  const { taken: _taken, ...after } = load;
  await recordChange(tx, actor, {
    action: 'LOAD_ITEM_TO_TRUCK',
    entityType: 'SHIPMENT_LOAD',
    entityId: row!.id,
    orderId: load.orderId,
    after,
  });
  await tx.execute(sql`
    insert into shipment_load_lines (shipment_load_id, stock_line_id, lot_id, quantity)
    select ${row!.id}, t.stock_line_id, t.lot_id, sum(t.quantity)
      from unnest(${sql.param(load.taken.map((one) => one.stockLineId))}::int[],
                  ${sql.param(load.taken.map((one) => one.lotId))}::int[],
                  ${sql.param(load.taken.map((one) => one.quantity))}::int[]) as t(stock_line_id, lot_id, quantity)
     group by t.stock_line_id, t.lot_id`);
}

/** Which loads a reversal takes back: an item's (on any shipment not yet gone), or a shipment's. */
export type LoadSelection = { orderItemIds: readonly number[]; shipmentId?: number };

type ReversedLine = { order_id: number; stock_line_id: number; lot_id: number; quantity: number };
type ReversedItem = { order_item_id: number; pieces: number; shipment_ids: number[] };

/**
 * Puts the selected loads' pieces back on the stock lines and lots they came from (RETURN_INBOUND with the
 * order id and the note, one movement per order), deletes the load records, and lets `orders` lower
 * each item's loaded pieces with its figures. Answers the pieces taken back per item.
 */
export async function reverseLoads(
  tx: Tx,
  actor: Actor,
  selection: LoadSelection,
  note: string,
): Promise<Map<number, number>> {
  if (selection.orderItemIds.length === 0) return new Map();
  const where = sql`sl.order_item_id = any(${sql.param([...selection.orderItemIds])}::int[])
    ${selection.shipmentId === undefined ? sql`` : sql`and sl.shipment_id = ${selection.shipmentId}`}`;
  const lines = await rowsOf<ReversedLine>(
    tx,
    sql`select oi.order_id, ll.stock_line_id, ll.lot_id, sum(ll.quantity)::int as quantity
          from shipment_loads sl
          join shipment_load_lines ll on ll.shipment_load_id = sl.id
          join order_items oi on oi.id = sl.order_item_id
         where ${where}
         group by oi.order_id, ll.stock_line_id, ll.lot_id
         order by oi.order_id, ll.stock_line_id, ll.lot_id`,
  );
  const orderIds = [...new Set(lines.map((line) => line.order_id))];
  for (const orderId of orderIds) {
    const changes: StockChange[] = lines
      .filter((line) => line.order_id === orderId)
      .map((line) => ({
        stockLineId: line.stock_line_id,
        kind: 'add',
        quantity: line.quantity,
        action: 'RETURN_INBOUND',
        notes: note,
        // Back to the lot they left (decision 151).
        lotId: line.lot_id,
      }));
    await applyStockChanges(tx, changes, { actor, orderId });
  }
  const items = await rowsOf<ReversedItem>(
    tx,
    sql`with gone as (delete from shipment_loads sl where ${where}
                       returning sl.order_item_id, sl.shipment_id, sl.pieces)
        select order_item_id, sum(pieces)::int as pieces,
               array_agg(distinct shipment_id) as shipment_ids
          from gone group by order_item_id`,
  );
  await keepShipmentFigures(tx, { shipmentIds: items.flatMap((item) => item.shipment_ids) });
  await recordLoadsReversed(
    tx,
    actor,
    items.map((item) => ({
      orderItemId: item.order_item_id,
      pieces: item.pieces,
      shipmentIds: item.shipment_ids,
    })),
  );
  return new Map(items.map((item) => [item.order_item_id, item.pieces]));
}

/** The shipments an item has loads on, with their statuses. */
export async function shipmentsOfItem(
  tx: Tx,
  orderItemId: number,
): Promise<{ id: number; code: string; status: string }[]> {
  return rowsOf(
    tx,
    sql`select s.id, s.code, s.status from shipments s
         where s.id in (select shipment_id from shipment_loads where order_item_id = ${orderItemId})
         order by s.id`,
  );
}
