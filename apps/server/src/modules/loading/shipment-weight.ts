import { netKilogramsOf } from '@mandira/contract/loading';
import type { PackagingUnitType } from '@mandira/contract/products';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';

/** The weighbridge's expectation of a shipment (DESIGN §7.5). */
export type ExpectedWeight = {
  /** Σ pieces that left the stock lines × the item's net weight, in tons; null when nothing is loaded. */
  tons: number | null;
  /** False when a loaded item is counted by the piece ('Adet'): its weight is unknown. */
  complete: boolean;
};

type LoadedItemRow = {
  shipment_id: number;
  unit: PackagingUnitType;
  amount: number;
  pieces: number;
};

/**
 * Expected weights of the shipments from what their loads took off each stock line (the bundle as it
 * was when loaded), each item weighed by `netKilogramsOf`, the one rule the screens also use.
 */
export async function expectedWeights(
  db: Db | Tx,
  shipmentIds: readonly number[],
): Promise<Map<number, ExpectedWeight>> {
  const weights = new Map<number, ExpectedWeight>();
  if (shipmentIds.length === 0) return weights;
  const rows = await rowsOf<LoadedItemRow>(
    db,
    sql`select sl.shipment_id, i.packaging_unit_type as unit,
               i.packaging_unit_type_amount::float8 as amount, sum(ll.quantity)::int as pieces
          from shipment_loads sl
          join shipment_load_lines ll on ll.shipment_load_id = sl.id
          join stock_lines l on l.id = ll.stock_line_id
          join product_items i on i.id = l.product_item_id
         where sl.shipment_id = any(${sql.param([...shipmentIds])}::int[])
         group by sl.shipment_id, i.id`,
  );
  for (const row of rows) {
    const weight = weights.get(row.shipment_id) ?? { tons: 0, complete: true };
    const kilograms = netKilogramsOf(row.unit, row.amount);
    if (kilograms === undefined) weight.complete = false;
    else weight.tons = (weight.tons ?? 0) + (row.pieces * kilograms) / 1000;
    weights.set(row.shipment_id, weight);
  }
  for (const weight of weights.values()) {
    if (weight.tons !== null) weight.tons = Math.round(weight.tons * 1000) / 1000;
  }
  return weights;
}

export async function expectedWeightOf(db: Db | Tx, shipmentId: number): Promise<ExpectedWeight> {
  return (await expectedWeights(db, [shipmentId])).get(shipmentId) ?? { tons: null, complete: true };
}
