import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.ts';
import type { TestApp } from './test-app.ts';

/** The kept load figures of one shipment and what its loads say, side by side. */
export type FigureDrift = {
  id: number;
  kept: {
    loads: number;
    pieces: number;
    accepted: boolean | null;
    tons: string | null;
    complete: boolean | null;
  };
  counted: {
    loads: number;
    pieces: number;
    accepted: boolean | null;
    tons: string | null;
    complete: boolean | null;
  };
};

/**
 * Shipments whose kept load figures (docs/decisions/0114-shipments-keep-load-figures-row-recomputed.md) differ from a recount over their
 * loads, their items and the items' bundle snapshots; empty when every row agrees. The recount is
 * written apart from the server's, per load and with its own table of unit weights, so a mistake in
 * one is not repeated in the other. Tons compare exactly (numeric), as text.
 */
export async function shipmentFigureDrift(db: TestApp['db']): Promise<FigureDrift[]> {
  return rowsOf<FigureDrift>(
    db,
    sql`with unit(type, tons) as (
          values ('GRAM', 0.000001), ('KILOGRAM', 0.001), ('TONS', 1),
                 ('LITERS', 0.00103), ('MILLILITERS', 0.00000103), ('QUANTITY', null)),
        per_load as (
          select l.shipment_id, l.pieces, oi.status = 'LOAD_STATUS_ACCEPTED' as accepted,
                 (select sum(bl.quantity * pi.packaging_unit_type_amount * u.tons)
                    from bundle_snapshot_lines bl
                    join product_items pi on pi.id = bl.product_item_id
                    join unit u on u.type = pi.packaging_unit_type
                   where bl.snapshot_id = oi.bundle_snapshot_id) as tons_a_piece,
                 (select count(*) from bundle_snapshot_lines bl
                    join product_items pi on pi.id = bl.product_item_id
                   where bl.snapshot_id = oi.bundle_snapshot_id) as lines,
                 (select count(*) from bundle_snapshot_lines bl
                    join product_items pi on pi.id = bl.product_item_id
                   where bl.snapshot_id = oi.bundle_snapshot_id
                     and pi.packaging_unit_type = 'QUANTITY') as unweighed
            from shipment_loads l join order_items oi on oi.id = l.order_item_id),
        counted as (
          select shipment_id, count(*)::int as loads, sum(pieces)::int as pieces,
                 count(*) filter (where accepted) = count(*) as accepted,
                 sum(pieces * tons_a_piece) as tons,
                 case when sum(lines) = 0 then null else sum(unweighed) = 0 end as complete
            from per_load group by shipment_id)
        select s.id,
               json_build_object('loads', s.load_count, 'pieces', s.load_pieces, 'accepted', s.loads_all_accepted,
                                 'tons', s.expected_weight_in_tons::text,
                                 'complete', s.expected_weight_complete) as kept,
               json_build_object('loads', coalesce(c.loads, 0), 'pieces', coalesce(c.pieces, 0),
                                 'accepted', c.accepted, 'tons', c.tons::text, 'complete', c.complete) as counted
          from shipments s left join counted c on c.shipment_id = s.id
         where s.load_count <> coalesce(c.loads, 0) or s.load_pieces <> coalesce(c.pieces, 0)
            or s.loads_all_accepted is distinct from c.accepted
            or s.expected_weight_in_tons is distinct from c.tons
            or s.expected_weight_complete is distinct from c.complete
         order by s.id`,
  );
}
