import { ACCEPTED_ITEM_STATUSES } from '@mandira/contract/order-machines';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { statusIn } from '../../db/status-sql.ts';

/**
 * The net tons of one piece of a bundle line's item (docs/domain/loading-and-shipments.md, "The
 * weighbridge"): mass units exact, volumes at 1.03 kg/L (milk), pieces (QUANTITY) unknown.
 */
export const ITEM_TONS = sql`case i.packaging_unit_type
    when 'GRAM' then i.packaging_unit_type_amount / 1000000.0
    when 'KILOGRAM' then i.packaging_unit_type_amount / 1000.0
    when 'TONS' then i.packaging_unit_type_amount
    when 'LITERS' then i.packaging_unit_type_amount * 1.03 / 1000.0
    when 'MILLILITERS' then i.packaging_unit_type_amount * 1.03 / 1000000.0
  end`;

/**
 * The load figures of the shipments `which` picks (a condition on `x`, the shipment), from their loads:
 * the count, the pieces, whether every loaded item is accepted, and the expected weight and whether it
 * is complete; acceptance and completeness are null without loads. What `keepShipmentFigures` writes
 * and the kept figure's definition from scratch (kept-figures.ts).
 */
export const shipmentFiguresFromLoads = (which: SQL) => sql`
  select x.id, lf.load_count, lf.pieces as load_pieces, lf.all_accepted as loads_all_accepted,
         wf.expected_tons as expected_weight_in_tons, wf.weight_complete as expected_weight_complete
    from shipments x
    cross join lateral (
      select count(*)::int as load_count, coalesce(sum(l.pieces), 0)::int as pieces,
             bool_and(${statusIn('oi.status', ACCEPTED_ITEM_STATUSES)}) as all_accepted
        from shipment_loads l join order_items oi on oi.id = l.order_item_id
       where l.shipment_id = x.id) lf
    cross join lateral (
      select sum(l.pieces * pb.quantity * ${ITEM_TONS}) as expected_tons,
             bool_and(i.packaging_unit_type <> 'QUANTITY') as weight_complete
        from shipment_loads l
        join order_items oi on oi.id = l.order_item_id
        join bundle_snapshot_lines pb on pb.snapshot_id = oi.bundle_snapshot_id
        join product_items i on i.id = pb.product_item_id
       where l.shipment_id = x.id) wf
   where ${which}`;

/** The kept load figures of the shipments `f` answers (shipmentFiguresFromLoads) set from it. */
export const SET_SHIPMENT_FIGURES = sql`
  load_count = f.load_count, load_pieces = f.load_pieces, loads_all_accepted = f.loads_all_accepted,
  expected_weight_in_tons = f.expected_weight_in_tons, expected_weight_complete = f.expected_weight_complete`;

/**
 * Which shipments a write changed the figures of: by id, and those holding loads of the items.
 */
export type FigureChange = { shipmentIds?: readonly number[]; orderItemIds?: readonly number[] };

/**
 * Keeps the load figures on the shipment rows equal to their loads (docs/decisions/0114-shipments-keep-load-figures-row-recomputed.md).
 * Every write that adds, removes or moves a load, or moves a loaded item into or out of
 * LOAD_STATUS_ACCEPTED, calls it in its transaction after it wrote the loads. The rows are locked in id
 * order first and recomputed by a later statement, whose snapshot in READ COMMITTED sees what a writer
 * committed while this one waited for the lock: two clerks loading onto one shipment are both counted.
 * The lock is FOR NO KEY UPDATE, which the loads' FOR KEY SHARE of the shipment does not block.
 */
export async function keepShipmentFigures(tx: Tx, change: FigureChange): Promise<void> {
  const itemIds = [...(change.orderItemIds ?? [])];
  const byItem =
    itemIds.length === 0
      ? []
      : await rowsOf<{ shipment_id: number }>(
          tx,
          sql`select distinct shipment_id from shipment_loads
               where order_item_id = any(${sql.param(itemIds)}::int[])`,
        );
  const ids = [...new Set([...(change.shipmentIds ?? []), ...byItem.map((row) => row.shipment_id)])];
  if (ids.length === 0) return;
  await tx.execute(sql`
    select id from shipments where id = any(${sql.param(ids)}::int[]) order by id for no key update`);
  await tx.execute(sql`
    update shipments s set ${SET_SHIPMENT_FIGURES}
      from (${shipmentFiguresFromLoads(sql`x.id = any(${sql.param(ids)}::int[])`)}) f
     where f.id = s.id`);
}
